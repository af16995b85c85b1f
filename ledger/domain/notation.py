"""Dice notation: d20 parses and evaluates it, our DiceSource draws every die.

Split from ledger/domain/rolls/, which records rolls; this module only evaluates them. Each
die drawn is logged in order (the order the derivation numbers them, docs/dice.md) with
the d20 literal it became, so its mark can be read from the tree afterwards.
"""

from __future__ import annotations

import d20
import msgspec

from ledger.domain.dice import DiceExhausted, DiceSource, ReportedDice
from ledger.domain.errors import InvalidInput
from ledger.domain.roll_marks import marks_in_draw_order, split_comment

MAX_EXPRESSION_LENGTH = 120
MAX_DIE_SIDES = 1000


class Die(msgspec.Struct, frozen=True):
    sides: int
    value: int
    # Version 2: "kept", "dropped", "rerolled" or "exploded" (ledger/domain/roll_marks.py).
    # None only in version 1 rolls, which did not record it.
    mark: str | None = None



class _LoggingSource:
    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.log: list[Die] = []
        self.literals: list[object] = []  # the d20 literal of each die, to mark it afterwards

    def draw(self, sides: int) -> int:
        if sides > MAX_DIE_SIDES:
            raise InvalidInput("dice-limits", f"dice have at most {MAX_DIE_SIDES} sides", field="expression")
        value = self.inner.draw(sides)
        self.log.append(Die(sides, value))
        return value



class Evaluated(msgspec.Struct, frozen=True):
    total: int
    dice: list[Die]  # each marked kept, dropped, rerolled or exploded
    text: str
    notation: str  # the expression without its annotation
    comment: str  # the annotation (`to hit` in `1d20+5 to hit`), or ""


def _parse(roller: d20.Roller, expression: str) -> d20.ast.Expression:
    """Plain notation parses as it always did; only text that is not plain notation is read
    again as notation followed by an annotation, so no roll of before parses differently.
    An annotation is words after a space (`1d20+5 to hit`); anything else that d20 would
    take as a comment (`1d6^2`, `2^^9`) stays bad notation."""
    try:
        return roller.parse(expression)
    except d20.RollSyntaxError:
        try:
            tree = roller.parse(expression, allow_comments=True)
        except d20.RollSyntaxError:
            tree = None
        if tree is None or not is_annotation(expression, tree.comment):
            raise
        return tree


def is_annotation(expression: str, comment: str | None) -> bool:
    text = (comment or "").strip()
    before = expression.rstrip()[: len(expression.rstrip()) - len(text)]
    return bool(text) and text[0].isalpha() and expression.rstrip().endswith(text) \
        and before[-1:].isspace()


# A recorded total stays a number every JSON reader holds exactly (an IEEE double's
# integers, RFC 8785's canonical form too): `99999999999*99999999999*...` was recorded.
MAX_SAFE_TOTAL = 2**53 - 1


def _syntax_problem(exc: d20.RollSyntaxError) -> str:
    """Where the notation went wrong, in words (the parser names its grammar's tokens)."""
    where = f"at character {exc.col}"
    got = str(exc.got or "")
    found = f"unexpected {got!r} {where}" if got else f"it ends too early {where}"
    return f"not valid dice notation: {found} (e.g. 3d6+2, 2d20kh1, 1d20+5 to hit)"


# The most dice one roll may draw, whatever the campaign's `max_dice_per_roll` says: a
# setting above it (recorded before the setting had bounds, or in an imported file, which
# an outside attack used to roll 100,000 dice) never allows more.
MOST_DICE_PER_ROLL = 1000


def evaluate(inner: DiceSource, expression: str, max_dice: int) -> Evaluated:
    """Evaluate d20 notation with dice from `inner`: total, marked dice and text."""
    max_dice = min(max_dice, MOST_DICE_PER_ROLL)
    if len(expression) > MAX_EXPRESSION_LENGTH:
        raise InvalidInput("dice-limits", f"at most {MAX_EXPRESSION_LENGTH} characters", field="expression")
    logging = _LoggingSource(inner)
    roller = _LedgerRoller(logging, max_dice)
    try:
        tree = _parse(roller, expression)
        result = roller.roll(tree, stringifier=_stringifier())
        total = int(result.total)  # d20 evaluates lazily: a division by zero raises only here
    except DiceExhausted as exc:
        raise InvalidInput("reported-dice-mismatch", str(exc), field="dice") from None
    except d20.TooManyRolls:
        raise InvalidInput("dice-limits", f"at most {max_dice} dice in one roll",
                           field="expression") from None
    except d20.RollSyntaxError as exc:
        raise InvalidInput("dice-notation", _syntax_problem(exc), field="expression") from None
    except (d20.RollError, RecursionError, ValueError, ZeroDivisionError) as exc:
        raise InvalidInput("dice-notation", f"not valid dice notation: {exc}", field="expression") from None
    if abs(total) > MAX_SAFE_TOTAL:
        raise InvalidInput("dice-limits", f"a total is at most {MAX_SAFE_TOTAL} either way",
                           field="expression")
    if isinstance(inner, ReportedDice):
        try:
            inner.check_all_used()
        except DiceExhausted as exc:
            raise InvalidInput("reported-dice-mismatch", str(exc), field="dice") from None
    marks = marks_in_draw_order(result.expr, logging.literals)
    dice = [Die(die.sides, die.value, mark) for die, mark in zip(logging.log, marks, strict=True)]
    notation, comment = split_comment(expression, tree.comment)
    return Evaluated(total, dice, str(result), notation, comment)


class _MarkedText(d20.SimpleStringifier):  # type: ignore[misc]
    """d20's plain text, with every die that does not count struck through (`~~1~~`), as
    d20's Markdown text does: a dropped die or set member, or a value a reroll replaced."""

    def _str_literal(self, node: d20.Literal) -> str:
        text = str(super()._str_literal(node))
        return text if node.kept else f"~~{text}~~"

    def _str_die(self, node: d20.Die) -> str:
        text = str(super()._str_die(node))
        return text if node.kept else f"~~{text}~~"

    def _str_dice(self, node: d20.Dice) -> str:
        text = str(super()._str_dice(node))
        return text if node.kept else f"~~{text}~~"


def _stringifier() -> d20.SimpleStringifier:
    text = _MarkedText()
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
        literal = d20.expression.Literal(self.source.draw(self.size))
        self.values.append(literal)
        if isinstance(self.source, _LoggingSource):
            self.source.literals.append(literal)


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

