"""The `Rolled` event: a roll with every die, recorded whole (docs/dice.md)."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from ledger.domain.events import DomainEvent, evolves, upcaster
from ledger.domain.notation import Die
from ledger.domain.state import CampaignState


class RollCondition(msgspec.Struct, frozen=True, kw_only=True):
    """A Condition of the roller as the roll met it: its name and id, the modifier it put on
    the total (0 when it is a dice procedure or was not applied) and its effect in words."""

    name: str
    condition_id: str
    modifier: int = 0
    effect: str = ""


class RollModifier(msgspec.Struct, frozen=True, kw_only=True):
    """A talent's modifier on a roll (in `total`): who gave it and how much."""

    name: str
    modifier: int


class Rolled(DomainEvent, frozen=True, kw_only=True):
    """A roll with every die. Server dice record where they came from, to be re-derived.

    Version 2 marks each die, writes `result_text` for AGE tests too and keeps the label
    of an annotated expression (docs/dice.md); the dice themselves are drawn as before.
    Version 3 records the roller's Conditions on an AGE test (docs/rules/conditions.md,
    "Conditions on rolls"): the modifiers applied to the total, the dice procedures
    (Nauseated's rerolls follow the three dice in `dice`, Reeling's automatic failure) and
    the context-dependent penalties shown but not applied. Older versions read with none.
    Version 4 rerolls 1s for the talents that allow it (ledger/domain/rolls/ones.py): they
    are named in `ones_rerolled_by`, and each 1 of the three is rerolled once, the rerolls
    after the three in `dice` as Nausea's are. A roll no talent rerolls draws its dice as
    before; older versions read with none. It also records the talents' named modifiers
    (`talent_modifiers`, in `total`: Warrior Master's trade, a bonus or penalty carried to
    the next test) and notes (`talent_notes`: the damage side of Warrior Master's trade)."""

    version: ClassVar[int] = 4

    kind: str  # "age" or "notation"
    expression: str
    dice: list[Die]
    total: int
    source: str  # "server" or "reported"
    epoch: int | None = None
    command_position: int | None = None
    first_index: int | None = None
    reported_by: str | None = None
    label: str = ""
    result_text: str = ""
    # AGE tests only.
    stunt_die: int | None = None
    ability: str | None = None
    ability_value: int = 0
    focus: str | None = None
    focus_bonus: int = 0
    modifier: int = 0
    tn: int | None = None
    success: bool | None = None
    doubles: bool = False
    stunt_points: int = 0
    active: bool = True
    # Version 3: the roller's Conditions (AGE tests only). `total` includes the modifiers.
    condition_modifiers: list[RollCondition] = []
    condition_procedures: list[RollCondition] = []
    conditions_not_applied: list[RollCondition] = []
    automatic_failure: bool = False
    # Context tags and what the roller's talents added for them (ledger/domain/roll_tags.py):
    # `talent_bonus` is in the total, `talent_sp` in `stunt_points`.
    tags: list[str] = []
    talent_bonus: int = 0
    talent_sp: int = 0
    talents: list[str] = []
    # Version 4: the talents that reroll this roll's 1s (each 1 of the three, once).
    ones_rerolled_by: list[str] = []
    talent_modifiers: list[RollModifier] = []
    talent_notes: list[str] = []


@evolves(Rolled)
def _rolled(state: CampaignState, event: Rolled) -> None:
    """A roll changes no tracked value; later rules cite it by position."""


@upcaster("Rolled", 1)
def _rolled_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 recorded no marks (they stay None) and no AGE result text: nothing to add."""
    return data


@upcaster("Rolled", 2)
def _rolled_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 applied no Conditions: the new fields keep their defaults (none)."""
    return data


@upcaster("Rolled", 3)
def _rolled_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 rerolled no 1s: `ones_rerolled_by` keeps its default (none)."""
    return data
