"""Event types with the JSON Schema of their payload (`data`), from the event Structs
themselves (msgspec.json.schema), with the versions older stored events may carry."""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.domain.catalog.registry import catalogue
from ledger.domain.events import EVENT_TYPES, UPCASTERS, DomainEvent
from ledger.domain.state import Settings


def registered() -> dict[str, type[DomainEvent]]:
    """Every event type, once every rule module has registered its own."""
    from ledger.domain import all_rules  # noqa: F401  (late: it imports this package too)

    return dict(sorted(EVENT_TYPES.items()))


def data_schemas(ref_template: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each event type's payload schema by type name, and the shared definitions."""
    types = registered()
    refs, definitions = msgspec.json.schema_components(list(types.values()),
                                                       ref_template=ref_template)
    return dict(zip(types, refs, strict=True)), definitions


@catalogue("event-types", "Event types, their current version, the older versions stored "
           "events may carry, and the JSON Schema of their data",
           rules={"older_versions": "events of an older version are served as stored; the "
                                    "schema describes the current version"})
def event_types(settings: Settings) -> list[dict[str, Any]]:
    entries = []
    for name, cls in registered().items():
        schema = msgspec.json.schema(cls)
        entries.append({"name": name, "version": cls.version,
                        "older_versions": sorted(v for (t, v) in UPCASTERS if t == name),
                        "data_schema": schema})
    return entries
