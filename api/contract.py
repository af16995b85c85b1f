"""The responses every operation declares in the OpenAPI document: its success answer
and problem+json for each error, so clients and the fuzzer can check what they get.

An apispec plugin rewrites each operation's responses as flask-smorest registers it.
Routes answer Response objects themselves, so their success shapes are declared here,
by Flask endpoint (a registered command's by its registration, api/registry.py); a route
missing from SUCCESS still gets its errors declared.
"""

from __future__ import annotations

from typing import Any

from apispec import APISpec, BasePlugin

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def obj(required: tuple[str, ...] = (), **properties: Schema) -> Schema:
    return {"type": "object", "required": list(required), "properties": properties}


INT = {"type": "integer"}
STR = {"type": "string"}
NULL_STR = {"type": ["string", "null"]}
ANY_OBJECT = {"type": "object"}
EVENT = obj(
    ("position", "type", "version", "data", "recorded_at", "actor", "correlation_id",
     "character_id", "session", "scene", "hash"),
    position=INT, type=STR, version=INT, data=ANY_OBJECT, recorded_at=STR,
    actor=obj(("role", "token_id", "character_id"), role=STR, token_id=NULL_STR,
              character_id=NULL_STR),
    correlation_id=STR, character_id=NULL_STR, session=INT, scene=INT, hash=STR,
    # In `/events` and the feed (not in write answers): the rewind that voided it, or null.
    voided_by={"type": "integer", "nullable": True},
    # Only on a hidden event (a GM's blind roll or note): its `data` is then its commitment
    # alone, and the chain hashes that commitment (docs/history.md, "Envelope version 2").
    envelope={"type": "integer", "enum": [2]},
)
VOIDED = {"type": "object", "nullable": True, "required": ["by"],
          "properties": {"by": {"type": "integer"}},
          "description": "Set when the state is as recorded at a position that a later rewind "
                         "voided: `by` is that rewind's position. Null otherwise; never with "
                         "`view=canon` or at the head."}
SUMMARY = obj(("id", "name", "settings", "clock", "position", "head_hash", "dice"),
              id=STR, name=STR, settings=ANY_OBJECT, clock=ref("Clock"), position=INT,
              head_hash=STR, dice=obj(("epoch", "commitment"), epoch=INT, commitment=STR),
              forked_from={**obj(("campaign_id", "position", "head_hash"), campaign_id=STR,
                                 position=INT, head_hash=STR), "nullable": True})
TOKEN = obj(("id", "role", "character_id", "label"), id=STR, role=STR,
            character_id=NULL_STR, label=STR, token=STR, created_at=STR,
            revoked_at=NULL_STR, replaces=NULL_STR,
            issued_by=obj(("role", "token_id"), role=NULL_STR, token_id=NULL_STR))
FEED_TICKET = obj(("ticket", "expires_at", "token_id"), ticket=STR, expires_at=STR, token_id=STR)
ME = obj(("token_id", "role", "campaign_id", "character_id", "label"), token_id=STR, role=STR,
         campaign_id=STR, character_id=NULL_STR, label=STR)


HEX = {"type": "string", "pattern": "^[0-9a-f]*$"}
TREE_HEAD = obj(("campaign_id", "tree_size", "root_hash", "head_hash", "timestamp", "key_id",
                 "algorithm", "signature"),
                campaign_id=STR, tree_size=INT, root_hash=HEX, head_hash=HEX, timestamp=STR,
                key_id=HEX, algorithm=STR, signature=HEX)
INCLUSION = obj(("position", "tree_size", "leaf_index", "chain_hash", "path"),
                position=INT, tree_size=INT, leaf_index=INT, chain_hash=HEX,
                path={"type": "array", "items": HEX})
RECEIPT = {**obj(("tree_head", "inclusions"), tree_head=TREE_HEAD,
                 inclusions={"type": "array", "items": INCLUSION}),
           "description": "The signed tree head at the write's position and the inclusion "
                          "proof of each event it recorded (docs/trust.md)."}


# The key a write names its primary resource under: the key a read of it uses. A write
# declaring a resource component not named here fails at import, so a new one picks a key.
RESOURCE_KEYS = {"Character": "character", "CampaignSummary": "campaign",
                 "CampaignState": "state", "EncounterView": "encounter",
                 "PoolSummary": "stunt_pool", "EffortSummary": "effort", "Spirit": "spirit",
                 "StuntSpending": "stunts", "Item": "item"}
IDS = {"type": "array", "items": STR}
CHANGED = {**obj(("characters", "items", "spirits"), characters=IDS, items=IDS, spirits=IDS),
           "description": "The ids of everything else the command changed: every character, "
                          "item and spirit its events name, but the primary resource."}


def write(resource: Schema | None = None, key: str | None = None, **extra: Schema) -> Schema:
    """The answer of every command: `{position, events, <key>: resource, changed, receipt}`
    (and the command's extra keys). `key` defaults to the resource component's read key;
    `x-resource` names it for generators (the client's `WriteResult.resource`)."""
    if resource is not None and key is None:
        key = RESOURCE_KEYS[resource["$ref"].rsplit("/", 1)[-1]]
    shown = {key: resource} if key is not None and resource is not None else {}
    schema = obj(("position", "events", *shown, "changed", "receipt"), position=INT,
                 events={"type": "array", "items": ref("Event")}, **shown, changed=CHANGED,
                 receipt=RECEIPT, **extra)
    return {**schema, "x-resource": key} if shown else schema


def at(**fields: Schema) -> Schema:
    """A read of state: the position it reflects, whether a rewind voided it, and what was
    asked for."""
    return obj(("position", "voided", *fields), position=INT, voided=VOIDED, **fields)


CATALOG_FIELDS: dict[str, Schema] = dict(
    catalog=STR, description=STR,
    settings={"type": "object", "additionalProperties": True,
              "description": "The campaign settings that shape this catalogue (setting name "
                             "-> the value used)"},
    rules={"type": "object", "additionalProperties": STR},
    tables={"type": "object", "additionalProperties": True,
            "description": "The catalogue's lookup tables by name (docs/catalog.md)"},
    entries={"type": "array", "items": {"type": "object", "required": ["name"],
                                        "properties": {"name": STR}}})
CATALOG = obj(tuple(CATALOG_FIELDS), **CATALOG_FIELDS)
CATALOGS = obj(("catalogs",), catalogs={"type": "array", "items": obj(
    ("name", "description", "settings"), name=STR, description=STR,
    settings={"type": "array", "items": STR})})
CHARACTER = ref("Character")
# Flask endpoint -> (status, schema) of its success answer.
SUCCESS: dict[str, tuple[int, Schema]] = {
    "campaigns.get_campaign": (200, obj(("position", "campaign"), position=INT,
                                        campaign=ref("CampaignSummary"))),
    "campaigns.campaign_state": (200, at(view=STR, state=ref("CampaignState"))),
    "campaigns.events": (200, obj(("position", "events", "next"), position=INT,
                                  events={"type": "array",
                                                              "items": ref("Event")},
                                  next={"type": ["integer", "null"]})),
    "characters.list_characters": (200, at(characters={"type": "array", "items": CHARACTER})),
    "characters.get_character": (200, at(character=CHARACTER)),
    "characters.compare_character": (200, obj(
        ("character_id", "origin", "fork", "changes"), character_id=STR,
        origin=ref("ComparedSide"), fork=ref("ComparedSide"),
        changes={"type": "array", "items": obj(("path", "before", "after"), path=STR,
                                               before={}, after={})})),
    "tokens.list_tokens": (200, obj(("tokens",), tokens={"type": "array", "items": ref("Token")})),
    "access.me": (200, ref("Me")),
    "health.healthz": (200, obj(("status",), status=STR)),
    "catalog.list_catalogs": (200, CATALOGS),
    "catalog.get_catalog": (200, CATALOG),
    "catalog.campaign_catalog": (200, obj(("position", *CATALOG_FIELDS), position=INT,
                                          **CATALOG_FIELDS)),
    "health.readyz": (200, obj(("status", "store"), status=STR, store=STR)),
}
# Flask endpoint -> the media type of its success answer, when not JSON (the feed's event
# stream, /metrics' text, the export's JSON Lines).
MEDIA: dict[str, str] = {}


def array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


NULL_INT = {"type": ["integer", "null"]}
# An item as the answers show it (items.item_view): as recorded, with its Durability now
# and the repair TN it gives.
ITEM_VIEW = {"allOf": [ref("Item"), obj(("durability", "repair_tn"), durability=INT,
                                        repair_tn=INT)]}
DEFENSE = obj(("sheet", "modifiers", "defenseless", "not_applied", "after_conditions"),
              sheet=NULL_INT, after_conditions=NULL_INT, defenseless={"type": "boolean"},
              modifiers=array(obj(("name", "condition_id", "modifier"), name=STR,
                                  condition_id={"type": ["string", "null"]}, modifier=INT)),
              not_applied=array(obj(("name", "condition_id", "effect"), name=STR,
                                    condition_id=STR, effect=STR)))
# The other reads at the head or `?at=`: their resources, each under its key and typed
# (the items', spirits' and magic's own are declared beside their routes). They were `{}`
# until a newcomer's client, generated from this document, typed them `Any`.
SUCCESS.update({name: (200, at(**fields)) for name, fields in {
    "effort.get_effort": dict(effort=ref("EffortSummary"), strain=ref("StrainSummary")),
    "effort.get_spells": dict(spells=ref("SpellSummary")),
    "effort.get_strain": dict(strain=ref("StrainSummary")),
    "stunts.get_pool": dict(stunt_pool=ref("PoolSummary")),
    "stunts.get_stunts": dict(stunts=ref("StuntSpending")),
    "encounters.get_encounter": dict(encounter=ref("EncounterView")),
    "conditions.list_conditions": dict(
        character_id=STR, conditions=array(ref("Condition")),
        movement={"anyOf": [ref("Movement"), {"type": "null"}]}, speed=INT, defense=DEFENSE),
}.items()})

ERRORS = {"400": "Malformed request or JSON nested too deeply",
          "401": "No valid bearer token", "403": "This role may not do this",
          "404": "Unknown resource, or a token of another campaign",
          "409": "Refused by a rule", "412": "If-Match is not the head position",
          "413": "Body above LEDGER_MAX_BODY_BYTES", "415": "Not JSON",
          "422": "Failed validation", "429": "Over the rate limit (see Retry-After)",
          "503": "Store unavailable or too many concurrent writers (see Retry-After)"}


def problem_response(description: str) -> Schema:
    return {"description": description,
            "content": {"application/problem+json": {"schema": ref("Problem")}}}



def responses_for(endpoint: str, method: str) -> dict[str, Schema]:
    declared: dict[str, Schema] = {code: problem_response(text) for code, text in ERRORS.items()}
    declared["default"] = problem_response("Any other error, as problem+json")
    known = SUCCESS.get(endpoint)
    if known is None:
        # Undeclared shape: the status codes a route may answer, without a body schema.
        for code in ("200", "201", "204") if method != "get" else ("200",):
            declared[code] = {"description": "Success (shape not declared)"}
        return declared
    status, schema = known
    success: Schema = {"description": "Success"}
    if schema:
        success["content"] = {MEDIA.get(endpoint, "application/json"): {"schema": schema}}
    declared[str(status)] = success
    return declared


class ContractPlugin(BasePlugin):
    """Declares components and every operation's responses as flask-smorest registers it."""

    def init_spec(self, spec: APISpec) -> None:
        spec.components.schema("CampaignSummary", SUMMARY)
        spec.components.schema("ItemView", ITEM_VIEW)
        spec.components.schema("ComparedSide", obj(
            ("campaign_id", "position", "character"), campaign_id=STR, position=INT,
            character={"allOf": [CHARACTER], "nullable": True}))
        spec.components.schema("Token", TOKEN)
        spec.components.schema("FeedTicket", FEED_TICKET)
        spec.components.schema("Me", ME)

    def operation_helper(self, path: str | None = None,
                         operations: dict[str, Any] | None = None, **kwargs: Any) -> None:
        rule = kwargs.get("rule")
        if rule is None or not operations:
            return
        for method, operation in operations.items():
            operation["responses"] = responses_for(rule.endpoint, method)
