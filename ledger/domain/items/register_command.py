"""Registering an item or object (000 Damaging Objects; docs/rules/items.md): the command,
its parts (materials, a firearm's class, a minimum magic skill) and the field types the
other item commands share (ledger/domain/items/commands.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from ledger.domain.command import Command
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.events import DomainEvent
from ledger.domain.items import objects
from ledger.domain.items.tables import OBJECT_DAMAGE_TYPES
from ledger.domain.limits import NAME_LENGTH
from ledger.domain.resources import DAMAGE_TYPES
from ledger.domain.state import CampaignState

Decided = Sequence[DomainEvent | Later]
Id = Annotated[str, Meta(min_length=1, max_length=100)]
Name = Annotated[str, Meta(min_length=NAME_LENGTH.low, max_length=NAME_LENGTH.high)]
Level = Annotated[int, Meta(ge=0, le=1000)]
Bonus = Annotated[int, Meta(ge=0, le=100)]
DamageType = Annotated[str, Meta(extra_json_schema={"enum": list(OBJECT_DAMAGE_TYPES)})]
Figures = dict[DamageType, Annotated[int, Meta(ge=-1000, le=1000)]]
Exposure = Annotated[str, Meta(extra_json_schema={"enum": list(objects.EXPOSURES)})]


class Material(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A material from the rules' list (liquid, steel, alloy, precious-metal, mystic-metal,
    wood, hardwood) takes its figures from it unless given; any other needs them."""

    name: Name
    durability: Level | UnsetType = UNSET
    integrity: Level | UnsetType = UNSET
    modifiers: Figures = {}
    versus: Figures = {}


class FirearmSpec(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    weapon_class: Annotated[str, Meta(min_length=1, max_length=100)]
    damage: Annotated[str, Meta(min_length=1, max_length=60)]
    damage_type: Annotated[str, Meta(extra_json_schema={"enum": list(DAMAGE_TYPES)})] = "wound"
    tn: Annotated[int, Meta(ge=0, le=100)] | None = None


class MinSkillSpec(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    skill: Annotated[str, Meta(description="cast or summon, in any case")]
    level: Annotated[int, Meta(ge=0, le=20)]


class RegisterItem(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Register an item or object (GM).

    Materials from the rules' list take its figures unless given: liquid (Durability 0,
    Integrity 2; 20 vs. Acid, 10 vs. Cold, 5 vs. Fire and Lightning), steel (15, 10),
    alloy (13, 12), precious-metal (11, 4), mystic-metal (18+, 12+), metals -3 to Acid
    and Cold and +5 vs. Fire, Lightning and Sonic; wood (4, 4) and hardwood (8, 6), -3 to
    Acid, Cold, Fire and Lightning. Any other material, and any other damage-type figure,
    is the GM's input. Impact, Ballistic and Penetrating make no difference to objects.
    Several materials: `exposure` says whether the most vulnerable parts are exposed
    (`lowest` Durability) or not (`highest`), and `integrity` is required (the rules give
    none). `durability_bonus` is an enchanted item's extra Durability (input).
    A firearm (`kind: firearm`) gives its `class`; the rules' classes set the trust-test
    TN (9: blunderbuss, cannon, musket, revolver; 11: pocket-pistol, semiautomatic-pistol,
    hunting-rifle, shotgun; 13: artillery, carbine, pump-shotgun, semiautomatic-rifle,
    automatic-rifle, sniper-rifle; 15: rocket-propelled-grenade, vehicle-mounted-weapon),
    any other class needs `tn`. Its listed `damage` (dice notation) is input.
    `enchantment_bonus` (magical items only; at most +3 for a firearm) adds to the trust
    test. `min_skill` is the magic skill an item needs for its use (and to identify it).
    """

    example = {"name": "Rowan Wand", "kind": "wand", "materials": [{"name": "hardwood"}],
               "magical": True, "min_skill": {"skill": "cast", "level": 0},
               "description": "a wand of rowan, warm to the touch"}
    example_needs = ()
    name: Name
    kind: Annotated[str, Meta(min_length=1, max_length=50)]
    materials: Annotated[list[Material], Meta(min_length=1, max_length=20)]
    exposure: Exposure | None = None
    integrity: Annotated[int, Meta(ge=1, le=1000)] | None = None
    integrity_current: Annotated[int, Meta(ge=0, le=1000)] | None = None
    durability_bonus: Bonus = 0
    magical: bool = False
    min_skill: MinSkillSpec | None = None
    enchantment_bonus: Bonus = 0
    firearm: FirearmSpec | None = None
    description: Annotated[str, Meta(max_length=2000)] = ""
    holder: Id | None = None

    def spec(self) -> dict[str, Any]:
        """The item as the registration rule reads it."""
        spec: dict[str, Any] = msgspec.to_builtins(self)
        return spec

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return objects.register_item(self.spec())(state, ctx)
