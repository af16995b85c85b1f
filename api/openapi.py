"""OpenAPI extras: bearer security, problem+json, and state schemas generated from the Structs."""

from __future__ import annotations

from flask_smorest import Api

from api.contract import EVENT
from api.event_schemas import components

PROBLEM = {
    "type": "object",
    "required": ["type", "title", "status", "detail"],
    "properties": {
        "type": {"type": "string"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
        "rule": {"type": "string"},
        "errors": {"type": "object"},
        # A refusal that a pending decision caused names the commands that resolve it.
        "resolve": {"type": "array", "items": {"type": "string"}},
        # A refused name (a Condition, a spirit power, a material, a spell, an event type...):
        # the valid names, and the catalogue that lists them with their rules.
        "valid": {"type": "array", "items": {"type": "string"}},
        "catalog": {"type": "string"},
    },
}


def document(api: Api) -> None:
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    api.spec.options["security"] = [{"bearer": []}]
    api.spec.components.schema("Problem", PROBLEM)
    # The state's schemas, each event type's `data` and the `Event` union (api/event_schemas.py).
    taken = set(api.spec.components.schemas)
    for name, schema in components(EVENT, taken).items():
        api.spec.components.schema(name, schema)
