"""Getting over Conditions: recovery rolls, magical healing, treatment of wounds.

Rules (000 Conditions; the README's "Conditions and objects"):
- Recovery: Constitution (Stamina) against TN 9 + the figure that created the
  Condition; on a success the Stunt Die comes off the points. The roll is not an
  active test, so it never generates Stunt Points. At 0 points the Condition ends.
- Injured at 3 to 5 points (a Wound) needs a day of full treatment and rest first:
  treatment begins with a command and counts once a new day dawns with the character
  among those who rested. Injured (and Broken or Maimed) at 6 heals only by magic;
  a Condition marked incurable never recovers by a roll.
- Magical healing: 2 points remove 1 point of a Condition, never one Backlash caused.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.domain.characters import Corrected, require_alive
from ledger.domain.conditions.catalog import movement
from ledger.domain.conditions.treatment import (
    check_not_maimed,
    needs_treatment,
    require_condition,
    stored_condition,
)
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.rolls import Rolled, age_roll, focus_bonus
from ledger.domain.rolls.round_effects import in_force
from ledger.domain.state import CampaignState, Character, Condition
from ledger.domain.state.conditions import Movement

RECOVERY_TN_BASE = 9
HEALING_PER_POINT = 2
STAMINA_FOCUSES = ("stamina", "constitution (stamina)")


class ConditionReduced(DomainEvent, frozen=True, kw_only=True):
    """Points off a Condition; at 0 it ends."""

    condition_id: str
    name: str
    before: int
    after: int
    how: str  # "recovery" or "magical-healing"
    healing: int = 0
    movement: Movement | None = None


class MovementChanged(DomainEvent, frozen=True, kw_only=True):
    """The Speed after Conditions changed because the sheet or the Conditions were corrected."""

    movement: Movement | None


@evolves(ConditionReduced)
def _reduced(state: CampaignState, e: ConditionReduced) -> None:
    character = state.characters[e.character_id or ""]
    if e.after == 0:
        character.conditions = [c for c in character.conditions if c.id != e.condition_id]
    else:
        stored_condition(state, e.character_id, e.condition_id).points = e.after
    character.movement = e.movement


@evolves(MovementChanged)
def _movement_changed(state: CampaignState, e: MovementChanged) -> None:
    state.characters[e.character_id or ""].movement = e.movement


def check_recoverable(condition: Condition) -> None:
    if condition.incurable:
        raise RuleViolation("incurable-condition-needs-magic",
                            f"normal healing cannot cure this {condition.name}")
    check_not_maimed(condition)
    if needs_treatment(condition) and not condition.treated:
        raise RuleViolation("wound-needs-a-day-of-treatment",
                            "Injured at 3 or more points needs a day of full treatment and rest "
                            "before a recovery roll")


def check_magic_can_heal(condition: Condition) -> None:
    if condition.from_backlash:
        raise RuleViolation("backlash-conditions-never-heal-magically",
                            f"this {condition.name} was caused by Backlash")


def reduced_event(
    character: Character, condition: Condition, after: int, how: str, healing: int = 0
) -> ConditionReduced:
    after = max(0, after)
    rest = [c for c in character.conditions if c.id != condition.id or after > 0]
    return ConditionReduced(character_id=character.id, condition_id=condition.id,
                            name=condition.name, before=condition.points, after=after, how=how,
                            healing=healing, movement=movement(character, rest))


def constitution(character: Character) -> tuple[str, int]:
    for name, value in character.abilities.items():
        if name.lower() in ("constitution", "con"):
            return name, value
    raise RuleViolation("unknown-ability", f"{character.name} has no Constitution: a "
                        "recovery roll is a Constitution test; the GM adds it to the sheet "
                        "(abilities.Constitution)",
                        field="character_id")  # the sheet's, not a field sent


def stamina_focus(character: Character) -> str | None:
    return next((f for f in character.focuses if f.strip().lower() in STAMINA_FOCUSES), None)


def recovery_roll(
    ctx: Context, character: Character, condition: Condition, reported: list[int] | None,
    modifier: int, conditions: Sequence[Condition] | None = None,
) -> Rolled:
    ability, value = constitution(character)
    focus = stamina_focus(character)
    return age_roll(ctx, character.id, reported, ability=ability, ability_value=value,
                    tn=RECOVERY_TN_BASE + condition.figure, focus=focus,
                    focus_bonus=focus_bonus(character, focus), modifier=modifier, active=False,
                    label=f"recovery from {condition.name}",
                    conditions=character.conditions if conditions is None else conditions)


def recover(
    character_id: str, condition_id: str, reported: list[int] | None = None, modifier: int = 0
) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        condition = require_condition(character, condition_id)
        check_recoverable(condition)
        roll = recovery_roll(ctx, character, condition, reported, modifier,
                             in_force(state, character))
        if not roll.success:
            return [roll]
        return [roll, reduced_event(character, condition, condition.points - (roll.stunt_die or 0),
                                    "recovery")]

    return decide


def heal(character_id: str, condition_id: str, healing: int) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        condition = require_condition(character, condition_id)
        check_magic_can_heal(condition)
        removed = healing // HEALING_PER_POINT
        if removed == 0:
            raise RuleViolation("magical-healing-needs-two-points",
                                "2 points of magical healing remove 1 point of a Condition",
                                field="points")
        return [reduced_event(character, condition, condition.points - removed,
                              "magical-healing", healing)]

    return decide


def movement_follows_the_sheet(state: CampaignState, event: DomainEvent,
                                ctx: Context) -> list[DomainEvent]:
    character = state.characters.get(event.character_id or "")
    if character is None or (isinstance(event, Corrected) and event.field.startswith("movement")):
        return []  # a GM correction of the movement itself stands
    now = movement(character, character.conditions)
    return [] if now == character.movement else [MovementChanged(character_id=character.id,
                                                                 movement=now)]
