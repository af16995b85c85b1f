"""Event type names in requests (`/events?type=`, webhook subscriptions): matched in any
case to the stored name, which is the event's class name; an unknown one is a 422 that
lists them all."""

from __future__ import annotations

from collections.abc import Iterable

from ledger.domain.events import EVENT_TYPES
from ledger.domain.sheet_names import canonical


def event_types(names: Iterable[str], field: str) -> list[str]:
    """Each name as stored; `*` (every type) passes as it is."""
    known = sorted(EVENT_TYPES)
    return [n if n == "*" else canonical(n, known, field, "unknown-event-type", "event-types") for n in names]
