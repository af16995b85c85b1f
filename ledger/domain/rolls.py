"""Rolls: AGE tests (3d6 with a Stunt Die) and general d20 notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from ledger.domain.characters import require_alive
from ledger.domain.context import Context
from ledger.domain.decision import Decide, action_of
from ledger.domain.dice import DiceExhausted, DiceSource, ReportedDice
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent, evolves, upcaster
from ledger.domain.notation import Die, Evaluated, evaluate
from ledger.domain.roll_marks import KEPT
from ledger.domain.roll_tags import TagEffects, check_tags, tag_effects
from ledger.domain.roll_text import age_result_text
from ledger.domain.sheet_names import canonical_ability, find_focus, lookup
from ledger.domain.state import CampaignState, Character


class Rolled(DomainEvent, frozen=True, kw_only=True):
    """A roll with every die. Server dice record where they came from, to be re-derived.

    Version 2 marks each die, writes `result_text` for AGE tests too and keeps the label
    of an annotated expression (docs/dice.md); the dice themselves are drawn as before."""

    version: ClassVar[int] = 2

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
    # Context tags and what the roller's talents added for them (ledger/domain/roll_tags.py):
    # `talent_bonus` is in the total, `talent_sp` in `stunt_points`.
    tags: list[str] = msgspec.field(default_factory=list)
    talent_bonus: int = 0
    talent_sp: int = 0
    talents: list[str] = msgspec.field(default_factory=list)


@evolves(Rolled)
def _rolled(state: CampaignState, event: Rolled) -> None:
    """A roll changes no tracked value; later rules cite it by position."""


@upcaster("Rolled", 1)
def _rolled_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 recorded no marks (they stay None) and no AGE result text: nothing to add."""
    return data



def source_for(ctx: Context, reported: list[int] | None) -> tuple[DiceSource, str]:
    return (ReportedDice(reported), "reported") if reported is not None else (ctx.dice, "server")


def provenance(ctx: Context, source: str, first_index: int) -> dict[str, object]:
    if source == "reported":
        return {"source": "reported", "reported_by": ctx.actor.token_id or ctx.actor.role}
    return {
        "source": "server",
        "epoch": ctx.epoch,
        "command_position": ctx.command_position,
        "first_index": first_index,
    }


def next_index(ctx: Context) -> int:
    mark = getattr(ctx.dice, "mark", None)
    return int(mark()) if mark else 0


class NotationResult(msgspec.Struct, frozen=True):
    evaluated: Evaluated
    provenance: dict[str, object]


def roll_notation(
    ctx: Context, expression: str, reported: list[int] | None, max_dice: int
) -> NotationResult:
    """Evaluate d20 notation with our dice (server or reported), with the dice's provenance."""
    inner, source = source_for(ctx, reported)
    first = next_index(ctx)
    return NotationResult(evaluate(inner, expression, max_dice), provenance(ctx, source, first))


# --- AGE tests -----------------------------------------------------------------

FOCUS_BONUS = 2


class AgeDice(msgspec.Struct, frozen=True):
    """3d6 of an AGE test; the third die is the Stunt Die."""

    dice: list[Die]
    provenance: dict[str, object]

    @property
    def values(self) -> list[int]:
        return [d.value for d in self.dice]

    @property
    def stunt_die(self) -> int:
        return self.dice[2].value

    @property
    def doubles(self) -> bool:
        return len(set(self.values)) < 3


def roll_age_dice(ctx: Context, reported: list[int] | None) -> AgeDice:
    """Draw 3d6 (or check three reported d6, the last being the Stunt Die)."""
    if reported is not None and len(reported) != 3:
        raise InvalidInput("reported-dice-mismatch", "an AGE test reports exactly 3 dice", field="dice")
    inner, source = source_for(ctx, reported)
    first = next_index(ctx)
    try:
        dice = [Die(6, inner.draw(6), KEPT) for _ in range(3)]
    except DiceExhausted as exc:
        raise InvalidInput("reported-dice-mismatch", str(exc), field="dice") from None
    return AgeDice(dice, provenance(ctx, source, first))


def stunt_points(success: bool, doubles: bool, stunt_die: int, active: bool) -> int:
    """Doubles on a successful active test give SP equal to the Stunt Die; never on reactions."""
    return stunt_die if success and doubles and active else 0


def age_roll(
    ctx: Context,
    character_id: str | None,
    reported: list[int] | None,
    *,
    ability: str,
    ability_value: int,
    tn: int | None,
    focus: str | None = None,
    focus_bonus: int = 0,
    modifier: int = 0,
    active: bool = True,
    label: str = "",
    tagged: TagEffects | None = None,
    tags: Sequence[str] = (),
) -> Rolled:
    """Roll one AGE test and record it whole: every die, the total, success and SP.

    Every AGE roll of the ledger (plain tests, Magic Tests, Consequence rolls, recovery
    and trust tests) goes through here, so they all follow the same rules."""
    rolled = roll_age_dice(ctx, reported)
    tagged = tagged or TagEffects()
    bonus = ability_value + focus_bonus + modifier + tagged.bonus
    total = sum(rolled.values) + bonus
    success = None if tn is None else total >= tn
    sp = stunt_points(bool(success), rolled.doubles, rolled.stunt_die, active)
    talent_sp = tagged.sp if sp else 0
    sp += talent_sp
    return Rolled(
        character_id=character_id, kind="age", expression="3d6", dice=rolled.dice,
        total=total, label=label, stunt_die=rolled.stunt_die, ability=ability,
        ability_value=ability_value, focus=focus, focus_bonus=focus_bonus,
        modifier=modifier, tn=tn, success=success, doubles=rolled.doubles,
        stunt_points=sp, active=active, tags=list(tags), talent_bonus=tagged.bonus,
        talent_sp=talent_sp, talents=list(tagged.talents),
        result_text=age_result_text(rolled.values, bonus, total, sp, tn, success),
        **rolled.provenance,  # type: ignore[arg-type]
    )


def sheet_ability(character: Character, ability: str) -> tuple[str, int]:
    """An ability's canonical name (422 for a name that is no ability) and the sheet's
    score for it, matched in any case (409 when the sheet lacks it)."""
    name = canonical_ability(ability)
    found = lookup(character.abilities, name)
    if found is None:
        raise RuleViolation("unknown-ability", f"{character.name} has no ability {name!r}",
                            field="ability", allowed=list(character.abilities))
    return name, found[1]


def sheet_focus(character: Character, focus: str) -> str:
    """The sheet's spelling of a focus, matched in any case; a focus the sheet lacks is
    refused (409), as in the Magic Test, rather than rolled without its bonus."""
    found = find_focus(character.focuses, focus)
    if found is None:
        raise RuleViolation("focus-not-on-sheet", f"{character.name} has no focus {focus!r}",
                            field="focus", allowed=character.focuses)
    return found


@action_of("character_id")
def age_test(
    character_id: str,
    *,
    ability: str,
    focus: str | None = None,
    modifier: int = 0,
    tn: int | None = None,
    active: bool = True,
    reported: list[int] | None = None,
    label: str = "",
    tags: Sequence[str] = (),
) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        name, value = sheet_ability(character, ability)
        on_sheet = None if focus is None else sheet_focus(character, focus)
        folded = check_tags(tags)
        return [age_roll(
            ctx, character_id, reported, ability=name, ability_value=value, tn=tn,
            focus=on_sheet, focus_bonus=FOCUS_BONUS if on_sheet else 0,
            modifier=modifier, active=active, label=label,
            tagged=tag_effects(character, folded, FOCUS_BONUS if on_sheet else 0), tags=folded,
        )]

    return decide


def notation_rolled(
    ctx: Context,
    character_id: str | None,
    expression: str,
    reported: list[int] | None,
    max_dice: int,
    *,
    label: str = "",
    tn: int | None = None,
) -> Rolled:
    """Roll dice notation (server or reported dice) and record it whole, as every notation
    roll of the ledger is: each die, the total, and success when a TN is given."""
    result = roll_notation(ctx, expression, reported, max_dice)
    rolled = result.evaluated
    return Rolled(character_id=character_id, kind="notation", expression=rolled.notation,
                  dice=rolled.dice, total=rolled.total, result_text=rolled.text,
                  label=label or rolled.comment, tn=tn,
                  success=None if tn is None else rolled.total >= tn,
                  **result.provenance)  # type: ignore[arg-type]


@action_of("character_id")
def notation_roll(
    character_id: str, expression: str, reported: list[int] | None = None, label: str = ""
) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        require_alive(state, character_id)
        return [notation_rolled(ctx, character_id, expression, reported,
                                state.settings.max_dice_per_roll, label=label)]

    return decide
