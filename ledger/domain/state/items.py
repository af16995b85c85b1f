"""Items and objects: materials, Durability and Integrity, firearms, links and identification.

Filled in by the item rules (ledger/domain/items/).
"""

from __future__ import annotations

import msgspec

from ledger.domain.state.character import Pool

# Item status: "working"; "jammed" (until maintained); "broken" (a failed trust test,
# until repaired); "exploded" (unusable for good); at 0 Integrity "nonfunctional"
# (repairable) or "destroyed" (gone), as the GM rules.
STATUSES = ("working", "jammed", "broken", "exploded", "nonfunctional", "destroyed")


class Material(msgspec.Struct):
    """One material of an object. Durability against a damage type is `versus[type]` when
    the rules give an absolute figure (liquids: 20 vs. Acid), else `durability +
    modifiers[type]` (metals: -3 to Acid)."""

    name: str
    durability: int
    integrity: int
    modifiers: dict[str, int] = msgspec.field(default_factory=dict)
    versus: dict[str, int] = msgspec.field(default_factory=dict)


class Firearm(msgspec.Struct):
    weapon_class: str
    damage: str  # the listed damage, in dice notation ("2d6+1"); input, the rules lack it
    damage_type: str = "wound"
    tn: int | None = None  # the class TN from the rules' list, or the GM's figure


class MinSkill(msgspec.Struct):
    """The minimum magic skill an item needs for its use, e.g. Cast-2."""

    skill: str  # "cast" or "summon"
    level: int


class LinkRecord(msgspec.Struct):
    user: str
    linked_at: int
    helper: str | None = None
    pool: str | None = None
    ended_at: int | None = None
    why: str | None = None  # "unlinked", "new-user-imprinted", "user-died"


class TrustMark(msgspec.Struct):
    """A user's last trust test of a firearm: its encounter (scene) and position."""

    scene: int
    position: int
    outcome: str


class Study(msgspec.Struct):
    """An identification under way: it completes at the next new day."""

    character: str
    began_day: int
    began_at: int
    basis: str  # "minimum-skill" or "cast-or-summon-0"


class Identification(msgspec.Struct):
    character: str
    day: int
    position: int


class Item(msgspec.Struct):
    id: str
    name: str
    kind: str
    materials: list[Material]
    integrity: Pool
    # Several materials: "lowest" when the most vulnerable parts are exposed, else "highest".
    exposure: str = "lowest"
    durability_bonus: int = 0  # enchanted items usually have additional Durability
    magical: bool = False
    min_skill: MinSkill | None = None
    enchantment_bonus: int = 0
    firearm: Firearm | None = None
    description: str = ""
    status: str = "working"
    holder: str | None = None
    linked_to: str | None = None
    links: list[LinkRecord] = msgspec.field(default_factory=list)
    identified: list[Identification] = msgspec.field(default_factory=list)
    studies: list[Study] = msgspec.field(default_factory=list)
    trust: dict[str, TrustMark] = msgspec.field(default_factory=dict)
    # Position of the last damage or mishap; a trust test after it is allowed again.
    damaged_at: int = 0
    registered_at: int = 0

    def current_link(self) -> LinkRecord | None:
        return next((link for link in reversed(self.links) if link.ended_at is None), None)
