"""OpenAPI extras: bearer security, problem+json, and state schemas generated from the Structs."""

from __future__ import annotations

from typing import Any

import msgspec
from flask_smorest import Api

from ledger.domain.magic.test_events import MagicTestMade
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
        "errors": {"type": "object"},
        # A refusal that a pending decision caused names the commands that resolve it.
        "resolve": {"type": "array", "items": {"type": "string"}},
    },
}


def state_components() -> dict[str, Any]:
    _, components = msgspec.json.schema_components(
        [CampaignState, MagicTestMade, PoolSummary], ref_template="#/components/schemas/{name}"
    )
    return components


def document(api: Api) -> None:
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    api.spec.options["security"] = [{"bearer": []}]
    api.spec.components.schema("Problem", PROBLEM)
    for name, schema in state_components().items():
        api.spec.components.schema(name, schema)
