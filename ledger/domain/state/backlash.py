"""The parts of a character's Backlash and Magic Test state (002).

Everything owed or pending lives here, so `?at=` shows it at any position.
"""

from __future__ import annotations

import msgspec


class OwedRoll(msgspec.Struct):
    """A Consequence roll the character owes; new Magic Tests wait for it."""

    reason: str  # "over-mana" (total Backlash first exceeded Mana), "sunrise", "sunset"
    since: int  # position of the event that made it owed


class BacklashChoice(msgspec.Struct):
    """Backlash gained from magic: roll for Consequences now, or bank it (+1)."""

    since: int
    gained: int = 0


class Drawn(msgspec.Struct):
    """A Consequence rolled on the tables, waiting for its details to be recorded."""

    category: str  # "general", "supernatural-type", "domains"
    severity: str | None = None  # General only: "minor", "moderate", "major"
    cost: int | None = None  # General only: 1, 2 or 3 Backlash


class Consequence(msgspec.Struct):
    id: str
    category: str
    severity: str | None
    backlash_spent: int
    description: str
    drawn: bool
    health_lost: int = 0
    condition_ids: list[str] = msgspec.field(default_factory=list)


class ConsequencesDue(msgspec.Struct):
    """A failed Consequence roll: Consequences repeat until `amount` Backlash is spent."""

    since: int
    tn: int
    total: int | None  # None for a roll failed on purpose
    amount: int | None = None  # chosen, or rolled (1d6 per full 4 points)
    spent: int = 0
    drawn: Drawn | None = None
    suffered: list[Consequence] = msgspec.field(default_factory=list)

    @property
    def remaining(self) -> int | None:
        return None if self.amount is None else self.amount - self.spent


class PendingFailure(msgspec.Struct):
    """A failed Magic Test: fix it (Mana or Backlash, +1 each, to reach the TN) or accept it."""

    test_id: str
    tn: int
    total: int
    needed: int  # TN - total: the points a fix must add
    backlash: int  # 1 + (TN - total) + carried: what accepting costs
    carried: int
    since: int
    automatic: bool = False  # failed whatever the total: no fix turns it (magic/failure.py)
