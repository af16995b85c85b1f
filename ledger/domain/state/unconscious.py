"""One way a character fell unconscious, and when it ends (ledger/domain/unconscious.py)."""

from __future__ import annotations

import msgspec


class Knockout(msgspec.Struct):
    cause: str  # "stun-damage"
    since: int  # position of the event that recorded it
    # Game minute at which it ends on its own; None when only an event ends it.
    until_minute: int | None = None
    # Health regained when it ends by time (Exhausted after six hours: 10 + Con + level).
    regains: int = 0
