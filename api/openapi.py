"""OpenAPI extras: bearer security, problem+json, and state schemas generated from the Structs."""

from __future__ import annotations

import msgspec
from flask import Flask, Response
from flask_smorest import Api

from api.contract import EVENT
from api.event_schemas import REF, components
from api.read_answers import struct_components
from api.wire_schema import wire_components
from ledger.domain.encounters.view import EncounterView
from ledger.domain.magic.effort import EffortSummary
from ledger.domain.magic.spell_preparation import SpellSummary
from ledger.domain.magic.strain import StrainSummary
from ledger.domain.state import CampaignState
from ledger.domain.stunts.rules import PoolSummary

PROBLEM = {
    "type": "object",
    "required": ["type", "title", "status", "detail"],
    "properties": {
        "type": {"type": "string"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
        "rule": {"type": "string"},
        # Field errors by dotted path (`mana.current`, `rested.0`): each field's messages.
        "errors": {"type": "object",
                   "additionalProperties": {"type": "array", "items": {"type": "string"}}},
        # A refusal that a pending decision caused names the commands that resolve it.
        "resolve": {"type": "array", "items": {"type": "string"}},
        # A refused name (an ability, a Condition, an event type...): the valid names, and
        # the catalogue that lists them with their rules.
        "allowed": {"type": "array", "items": {"type": "string"}},
        "catalog": {"type": "string"},
        # A 404 for a path a trailing slash or one fixed segment off a route: the paths
        # meant, closest first.
        "did_you_mean": {"type": "array", "items": {"type": "string"}},
    },
}
# A pending decision or owed roll (ledger/domain/magic/pending.py): its kind, its figures, and
# the commands that resolve it, as paths relative to the character.
PENDING = {
    "type": "object", "required": ["kind", "commands"],
    "properties": {"kind": {"type": "string"},
                   "commands": {"type": "array", "items": {"type": "string"}}},
    "additionalProperties": True,
}


# Names request schemas held before they were generated from commands: the event data
# Structs of those names keep their `Data` suffix, so the document's names stay stable.
ONCE_REQUEST_NAMES = {"NewDay"}


def document(api: Api, app: Flask) -> None:
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    api.spec.options["security"] = [{"bearer": []}]
    api.spec.components.schema("Problem", PROBLEM)
    api.spec.components.schema("PendingDecision", PENDING)
    # The state's schemas, each event type's `data` and the `Event` union (api/event_schemas.py),
    # the state's in their wire shape (collections as lists: api/wire_schema.py).
    taken = set(api.spec.components.schemas) | ONCE_REQUEST_NAMES
    found = components(EVENT, taken)
    _, extra = msgspec.json.schema_components([PoolSummary, EffortSummary, EncounterView,
                                               StrainSummary, SpellSummary],
                                              ref_template=REF)
    found |= {name: schema for name, schema in extra.items() if name not in found}
    event_data = [variant for variant in found if variant.endswith("Event")
                  and "data" in found[variant].get("properties", {})]
    found = wire_components(found, event_data, [CampaignState, PoolSummary, EffortSummary,
                                                EncounterView, StrainSummary, SpellSummary])
    for name, schema in found.items():
        if name == "Character":
            # Answers about one character add what it must decide (api/answers.py).
            schema = {**schema, "properties": {
                **schema["properties"],
                "pending": {"type": "array", "items": {"$ref": "#/components/schemas/PendingDecision"},
                            "description": "Pending decisions and owed rolls, with the commands "
                                           "that resolve them; in character answers, not in "
                                           "`/state`."}}}
        api.spec.components.schema(name, schema)
    for name, schema in struct_components(set(api.spec.components.schemas)).items():
        api.spec.components.schema(name, schema)
    # (Answers of typed commands may name a domain Struct beyond the state and the events:
    # PoolSummary, EffortSummary, EncounterView, shaped for the wire above.)
    serve_compact(api, app)


def serve_compact(api: Api, app: Flask) -> None:
    """/openapi.json as compact JSON, encoded once per process: flask-smorest dumped the
    whole document again, indented, on every request (1.8 MB, about 100 ms each; a
    newcomer's trial found /docs slow to load). The document is complete by now."""
    encoded: list[bytes] = []

    def openapi_json() -> Response:
        if not encoded:
            encoded.append(msgspec.json.encode(api.spec.to_dict()))
        return app.response_class(encoded[0], mimetype="application/json")

    app.view_functions["api-docs.openapi_json"] = openapi_json
