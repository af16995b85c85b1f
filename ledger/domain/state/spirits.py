"""Summoned spirits (CWN 6.2): who holds them, their manifestation, and a status history.

Filled in by ledger/domain/spirits/. A spirit keeps its id for its whole story, so a
Namebearer summoned again after its destruction continues the same record.
"""

from __future__ import annotations

import msgspec

# Under its summoner's control, holding the summoning Effort.
HELD = ("present", "dismissed")
# Still in the world (or, when dismissed, still summoned).
ACTIVE = (*HELD, "uncontrolled")
# Gone: "dispelled" (by the summoner or at the summoner's death), "destroyed" (0 hit
# points), "vanished" (an immediate spirit's hour is over), "faded" (an uncontrolled
# spirit that found no sympathetic energy).
GONE = ("dispelled", "destroyed", "vanished", "faded")
STATUSES = (*ACTIVE, *GONE)


class StatusChange(msgspec.Struct):
    """One step of a spirit's status history, dated by position and game time."""

    status: str
    reason: str
    position: int
    day: int
    minute: int


class Summoning(msgspec.Struct):
    """One summoning of a spirit: a Namebearer may have several."""

    mode: str  # "ritual" or "immediate"
    cost: int
    commitment_id: str
    position: int
    day: int
    minute: int  # Clock.minutes when summoned: an immediate spirit vanishes 60 later
    scene: int | None  # the open scene, if any: immediate costs rise within one scene


class Spirit(msgspec.Struct):
    id: str
    summoner_id: str
    mode: str
    nature: str
    form: str  # "physical" or "spirit"
    form_level: int  # I, II or III
    appearance: str
    powers: list[str]
    hit_dice: int
    hit_points: int
    max_hit_points: int
    status: str
    skill_bonus: int | None = None
    name: str | None = None  # set for a Namebearer
    notes: str = ""
    summonings: list[Summoning] = msgspec.field(default_factory=list)
    history: list[StatusChange] = msgspec.field(default_factory=list)

    @property
    def held(self) -> bool:
        return self.status in HELD

    @property
    def active(self) -> bool:
        return self.status in ACTIVE

    @property
    def namebearer(self) -> bool:
        return self.name is not None
