"""Rolls: AGE tests (3d6 with a Stunt Die) and general d20 notation."""

from __future__ import annotations

import d20
import msgspec

from ledger.domain.characters import require_alive
from ledger.domain.context import Context
from ledger.domain.decision import Decide, action_of
from ledger.domain.dice import DiceExhausted, DiceSource, ReportedDice
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState

MAX_EXPRESSION_LENGTH = 120
MAX_DIE_SIDES = 1000


class Die(msgspec.Struct, frozen=True):
    sides: int
    value: int


class Rolled(DomainEvent, frozen=True, kw_only=True):
    """A roll with every die. Server dice record where they came from, to be re-derived."""

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


@evolves(Rolled)
def _rolled(state: CampaignState, event: Rolled) -> None:
    """A roll changes no tracked value; later rules cite it by position."""


class _LoggingSource:
    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.log: list[Die] = []

    def draw(self, sides: int) -> int:
        if sides > MAX_DIE_SIDES:
            raise InvalidInput("dice-limits", f"dice have at most {MAX_DIE_SIDES} sides", field="expression")
        value = self.inner.draw(sides)
        self.log.append(Die(sides, value))
        return value


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


def roll_notation(
    ctx: Context, expression: str, reported: list[int] | None, max_dice: int
) -> tuple[int, list[Die], str, dict[str, object]]:
    """Evaluate d20 notation with our dice. Returns total, dice, text and provenance."""
    if len(expression) > MAX_EXPRESSION_LENGTH:
        raise InvalidInput("dice-limits", f"at most {MAX_EXPRESSION_LENGTH} characters", field="expression")
    inner, source = source_for(ctx, reported)
    first = next_index(ctx)
    logging = _LoggingSource(inner)
    roller = _LedgerRoller(logging, max_dice)
    try:
        result = roller.roll(expression, stringifier=_stringifier())
        total = int(result.total)  # d20 evaluates lazily: a division by zero raises only here
    except DiceExhausted as exc:
        raise InvalidInput("reported-dice-mismatch", str(exc), field="dice") from None
    except d20.TooManyRolls:
        raise InvalidInput("dice-limits", f"at most {max_dice} dice in one roll",
                           field="expression") from None
    except (d20.RollError, RecursionError, ValueError, ZeroDivisionError) as exc:
        raise InvalidInput("dice-notation", f"not valid dice notation: {exc}", field="expression") from None
    if isinstance(inner, ReportedDice):
        try:
            inner.check_all_used()
        except DiceExhausted as exc:
            raise InvalidInput("reported-dice-mismatch", str(exc), field="dice") from None
    return total, logging.log, str(result), provenance(ctx, source, first)


def _stringifier() -> d20.SimpleStringifier:
    text = d20.SimpleStringifier()
    text._nodes[_SourcedDice] = text._str_dice
    text._nodes[_SourcedDie] = text._str_die
    return text


class _LedgerRoller(d20.Roller):  # type: ignore[misc]
    """A d20 Roller whose dice come from a DiceSource."""

    def __init__(self, source: DiceSource, max_dice: int) -> None:
        super().__init__(context=d20.RollContext(max_rolls=max_dice))
        self.source = source

    def _eval_dice(self, node: d20.ast.Dice) -> d20.Dice:
        size = node.size
        if size == "%":
            raise InvalidInput("dice-notation", "percentile dice are not supported; use 1d100",
                               field="expression")
        if not isinstance(size, int) or size < 1:
            raise InvalidInput("dice-notation", "a die needs at least one side", field="expression")
        return _SourcedDice.build(node.num, size, self.context, self.source)


class _SourcedDie(d20.Die):  # type: ignore[misc]
    __slots__ = ("source",)

    def _add_roll(self) -> None:
        if self._context:
            self._context.count_roll()
        self.values.append(d20.expression.Literal(self.source.draw(self.size)))


class _SourcedDice(d20.Dice):  # type: ignore[misc]
    __slots__ = ("source",)

    @classmethod
    def build(cls, num: int, size: int, context: d20.RollContext, source: DiceSource) -> _SourcedDice:
        dice = cls(num, size, [], context=context)
        dice.source = source
        for _ in range(num):
            dice.roll_another()
        return dice

    def roll_another(self) -> None:
        die = _SourcedDie(self.size, [], context=self._context)
        die.source = self.source
        die._add_roll()
        self.values.append(die)


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
        dice = [Die(6, inner.draw(6)) for _ in range(3)]
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
) -> Rolled:
    """Roll one AGE test and record it whole: every die, the total, success and SP.

    Every AGE roll of the ledger (plain tests, Magic Tests, Consequence rolls, recovery
    and trust tests) goes through here, so they all follow the same rules."""
    rolled = roll_age_dice(ctx, reported)
    total = sum(rolled.values) + ability_value + focus_bonus + modifier
    success = None if tn is None else total >= tn
    return Rolled(
        character_id=character_id, kind="age", expression="3d6", dice=rolled.dice,
        total=total, label=label, stunt_die=rolled.stunt_die, ability=ability,
        ability_value=ability_value, focus=focus, focus_bonus=focus_bonus,
        modifier=modifier, tn=tn, success=success, doubles=rolled.doubles,
        stunt_points=stunt_points(bool(success), rolled.doubles, rolled.stunt_die, active),
        active=active, **rolled.provenance,  # type: ignore[arg-type]
    )


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
) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        if ability not in character.abilities:
            raise RuleViolation("unknown-ability", f"{character.name} has no ability {ability!r}",
                                field="ability")
        return [age_roll(
            ctx, character_id, reported, ability=ability,
            ability_value=character.abilities[ability], tn=tn, focus=focus,
            focus_bonus=FOCUS_BONUS if focus and focus in character.focuses else 0,
            modifier=modifier, active=active, label=label,
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
    total, dice, text, prov = roll_notation(ctx, expression, reported, max_dice)
    return Rolled(character_id=character_id, kind="notation", expression=expression, dice=dice,
                  total=total, result_text=text, label=label, tn=tn,
                  success=None if tn is None else total >= tn, **prov)  # type: ignore[arg-type]


@action_of("character_id")
def notation_roll(
    character_id: str, expression: str, reported: list[int] | None = None, label: str = ""
) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        require_alive(state, character_id)
        return [notation_rolled(ctx, character_id, expression, reported,
                                state.settings.max_dice_per_roll, label=label)]

    return decide
