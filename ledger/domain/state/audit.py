"""What rewinds voided: ranges of positions, as of the state's own position.

Kept in the state (filled in by ledger/domain/audit/rewind.py) so that a rewind or a
redo can check its rules against the state alone, and so that the canon view
and the timeline know what is voided without scanning the log.
"""

from __future__ import annotations

import msgspec


class VoidedRange(msgspec.Struct, frozen=True):
    """Positions `first`..`last` were voided by the event at position `by`."""

    first: int
    last: int
    by: int


class RewindState(msgspec.Struct):
    voided: list[VoidedRange] = msgspec.field(default_factory=list)
    # Position of the latest Rewound not undone by a Redone (0: none). A redo is
    # possible only while it is still the head.
    last_rewind: int = 0

    def voided_by(self, position: int) -> int | None:
        """The position of the event that voided `position`, or None if it is canon."""
        for voided in self.voided:
            if voided.first <= position <= voided.last:
                return voided.by
        return None

    def last_canon_at_or_before(self, position: int) -> int:
        """The newest canon position <= `position` (0 if none)."""
        while position > 0:
            found = next((v for v in self.voided if v.first <= position <= v.last), None)
            if found is None:
                return position
            position = found.first - 1
        return 0
