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


def type_filter(raw: str | None, field: str = "type") -> tuple[str, ...]:
    """A comma-separated `type` query as stored names; empty parts are dropped, and `*`
    (or nothing) means every type: the empty filter. The events and the timeline read it
    alike (the timeline used to drop an unknown name silently: an outside attack)."""
    names = event_types([t.strip() for t in (raw or "").split(",") if t.strip()], field)
    return () if "*" in names else tuple(names)
