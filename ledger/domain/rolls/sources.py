"""Where a roll's dice come from (server or reported) and dice-notation rolls."""

from __future__ import annotations

import msgspec

from ledger.domain.context import Context
from ledger.domain.dice import DiceSource, ReportedDice
from ledger.domain.notation import Evaluated, evaluate
from ledger.domain.rolls.event import Rolled


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
