"""The answers of the reads that are not state views: health, metrics, the feed, the signed
head, proofs, verification, the timeline and webhooks. Where an answer is a Struct of the
application, its schema is generated from that Struct (a component named here), so the
document follows the code.
"""

from __future__ import annotations

from typing import Any

import msgspec

from api.contract import INT, MEDIA, STR, SUCCESS, TREE_HEAD, obj, ref
from api.event_schemas import REF, _renamed
from ledger.adapters.signing import SignedHead
from ledger.adapters.store.webhooks import Delivery
from ledger.domain.audit.reports import Report as VerifyReport
from ledger.service.audit.receipts import Consistency, Inclusion
from ledger.service.audit.timeline import Page
from ledger.service.health import Report as RunnersReport

Schema = dict[str, Any]

# Component name -> the Struct it is generated from (msgspec names a class by its module
# path when two share a name; these names are the document's).
STRUCTS: dict[str, type] = {
    "RunnersReport": RunnersReport, "VerifyReport": VerifyReport, "TimelinePage": Page,
    "InclusionProof": Inclusion, "ConsistencyProof": Consistency, "SignedHead": SignedHead,
    "Delivery": Delivery,
}


def struct_components(taken: set[str]) -> dict[str, Schema]:
    """The components of STRUCTS and of the Structs they hold; a clash is an error."""
    refs, raw = msgspec.json.schema_components(list(STRUCTS.values()), ref_template=REF)
    names = {r["$ref"].rsplit("/", 1)[-1]: name for name, r in zip(STRUCTS, refs, strict=True)}
    found = {names.get(name, name): _renamed(schema, names) for name, schema in raw.items()}
    clashes = sorted(set(found) & taken)
    if clashes:
        raise ValueError(f"schema names already taken: {clashes}")
    for name in STRUCTS:
        found[name]["title"] = name
    return {name: _items_named(schema) for name, schema in found.items()}


def _items_named(schema: Any) -> Any:
    """An array of any values (`list[Any]`) names its items as `{}`: generators need them."""
    if isinstance(schema, dict):
        named = {k: _items_named(v) for k, v in schema.items()}
        if named.get("type") == "array" and "items" not in named:
            named["items"] = {}
        return named
    if isinstance(schema, list):
        return [_items_named(v) for v in schema]
    return schema


ATTEMPT = obj(("attempt", "at", "http_status", "error", "duration_ms"), attempt=INT, at=STR,
              http_status={"type": ["integer", "null"]}, error={"type": ["string", "null"]},
              duration_ms=INT)
WEBHOOK = obj(("id", "url", "types", "after_position", "created_at"), id=STR, url=STR,
              types={"type": "array", "items": STR}, after_position=INT, created_at=STR)
DELIVERY = {"allOf": [ref("Delivery"), obj(("attempt_log",), attempt_log={
    "type": "array", "items": ATTEMPT})]}
SUCCESS.update({
    "ops.runners": (200, ref("RunnersReport")),
    "ops.metrics": (200, {"type": "string", "description": "Prometheus text format 0.0.4"}),
    "feed.feed": (200, {"type": "string", "description":
                        "Server-Sent Events: `id` is the event's position, `data` the event "
                        "as in `GET …/events` (`event: retract` for a Rewound, `event: restore` "
                        "for a Redone, `event: sth` for a signed tree head, `event: token-revoked` when the "
                        "token is revoked)"}),
    "audit.signed_head": (200, {"allOf": [ref("SignedHead"),
                                          obj(("tree_head",), tree_head=TREE_HEAD)]}),
    "audit.signing_key": (200, obj(("algorithm", "public_key"), algorithm=STR, public_key=STR)),
    "audit.get_verify": (200, ref("VerifyReport")),
    "audit.get_timeline": (200, ref("TimelinePage")),
    "proofs.inclusion": (200, ref("InclusionProof")),
    "proofs.consistency": (200, ref("ConsistencyProof")),
    "magic.resistance_factors": (200, obj(("resistance_factors", "careful"),
                                          resistance_factors={"type": "object",
                                                              "additionalProperties": INT},
                                          careful={"type": "array", "items": STR})),
    "webhooks.list_webhooks": (200, obj(("webhooks",), webhooks={"type": "array",
                                                                  "items": WEBHOOK})),
    "webhooks.deliveries": (200, obj(("deliveries", "next"), deliveries={
        "type": "array", "items": DELIVERY}, next={"type": ["integer", "null"]})),
})
MEDIA.update({"ops.metrics": "text/plain", "feed.feed": "text/event-stream"})
