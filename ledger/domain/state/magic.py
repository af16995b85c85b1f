"""Magic state of a character: Backlash, Effort, pending Magic Test decisions.

Filled in by the magic rules (ledger/domain/magic/). Kept here so every state module
can import it without cycles.
"""

from __future__ import annotations

import msgspec

from ledger.domain.state.backlash import (
    BacklashChoice,
    ConsequencesDue,
    OwedRoll,
    PendingFailure,
)

POOLS = ("mage", "summoner")
# "day", "scene", "duration" (reclaimed at will), or "bound": held by a spirit or
# a linked item until the first new day after its release.
DURATIONS = ("day", "scene", "duration", "bound")


class BacklashState(msgspec.Struct):
    """Backlash (002): the pools, what is owed, and the choice or Consequences pending."""

    temporary: int = 0
    permanent: int = 0
    # Why the permanent Backlash is what it is: abilities above 5, Disbelief.
    permanent_sources: list[str] = msgspec.field(default_factory=list)
    choice: BacklashChoice | None = None
    owed: list[OwedRoll] = msgspec.field(default_factory=list)
    consequences_due: ConsequencesDue | None = None
    # Health lost to Backlash Consequences and not yet recovered: never healed magically.
    harm: int = 0

    @property
    def total(self) -> int:
        return self.temporary + self.permanent


class Commitment(msgspec.Struct):
    id: str
    pool: str
    amount: int
    duration: str
    label: str = ""
    source: str | None = None  # "spell:Blast", "spirit:<id>", "item:<id>"
    # For "bound" Effort: set when the spirit or link is released; it returns at the
    # first NewDay recorded after this position.
    released_at: int | None = None


class EffortState(msgspec.Struct):
    commitments: list[Commitment] = msgspec.field(default_factory=list)

    def committed(self, pool: str) -> int:
        return sum(c.amount for c in self.commitments if c.pool == pool)

    def find(self, commitment_id: str) -> Commitment | None:
        return next((c for c in self.commitments if c.id == commitment_id), None)


class MagicTestState(msgspec.Struct):
    """A failed Magic Test awaiting its fix or acceptance, and the penalty fixes carry."""

    failure: PendingFailure | None = None
    # +1 per fixed failure, added to the Backlash of the next failure taken.
    carried: int = 0


class StrainExtras(msgspec.Struct):
    """Per-day and per-scene counters for spells whose Strain depends on use."""

    # Uses of a spell's effect (Haste, Combat Precognition) on the clock day `day`.
    uses_today: dict[str, int] = msgspec.field(default_factory=dict)
    # Casts of each spell in the scene `scene` (see ledger/domain/magic/spell_rules.scene_key).
    uses_this_scene: dict[str, int] = msgspec.field(default_factory=dict)
    day: int = 0
    scene: str = ""
    # Game minute at which an overcasting collapse ends (unconscious for an hour).
    unconscious_until: int | None = None
