"""Intentional differences between a replay of the golden script and the committed fixture.

One line per intended change: the script step whose records now differ, the record fields
that may differ there, and why (name the decision or issue). Fields are those of
`tests/golden/compare.py`: a record field ("type", "version", "data", "character_id"…),
"position", "hash", or "events" when the step records more or fewer events. A line that
explains no difference fails the test, so the list never outlives what it explains.

    Allowed("end-session-final", {"version", "data"},
            "SessionEnded v2 records the head hash (docs/decisions/00N-…)"),
"""

from __future__ import annotations

from typing import NamedTuple


class Allowed(NamedTuple):
    step: str
    fields: frozenset[str] | set[str]
    reason: str


ALLOWED: list[Allowed] = [
    Allowed("end-session-final", {"version"},
            "SessionEnded v2 records the head hash just before it (docs/history.md)"),
    Allowed("end-session-2", {"version", "data"},
            "SessionEnded v2; its recorded head hash follows the chain, which changed at the "
            "first v2 SessionEnded (docs/history.md)"),
]
