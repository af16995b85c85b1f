"""What became of each die of a notation roll: kept, dropped, rerolled or exploded.

d20 evaluates the notation into a tree. Each die drawn is a d20 `Literal` inside a `Die`;
the tree says whether it counts (`kept`), whether a reroll replaced it (the old literal
is dropped, its Die kept) and whether it exploded. A die under a dropped node (`kh`, `kl`,
`p`, a dropped set member) is dropped. These marks are read from the tree after the roll;
they never change which dice are drawn or in what order (docs/dice.md).
"""

from __future__ import annotations

from typing import Any

import d20

KEPT, DROPPED, REROLLED, EXPLODED = "kept", "dropped", "rerolled", "exploded"
MARKS = (KEPT, DROPPED, REROLLED, EXPLODED)


def mark_of(die_kept: bool, literal: Any) -> str:
    """One die's mark. A die dropped by a keep/drop operator is `dropped` whatever else it
    did; a value replaced by a reroll is `rerolled`; a kept value that exploded (and so
    added a die) is `exploded`."""
    if not die_kept:
        return DROPPED
    if not literal.kept:
        return REROLLED
    return EXPLODED if literal.exploded else KEPT


def marks_by_literal(node: Any, kept: bool = True) -> dict[int, str]:
    """Every drawn literal under `node`, by identity, with its mark."""
    kept = kept and bool(getattr(node, "kept", True))
    found: dict[int, str] = {}
    if isinstance(node, d20.Die):
        for literal in node.values:
            found[id(literal)] = mark_of(kept, literal)
        return found
    # d20's Dice lists its Die nodes as `values`, not as `children`.
    below = node.values if isinstance(node, d20.Dice) else node.children
    for child in below:
        found.update(marks_by_literal(child, kept))
    return found


def marks_in_draw_order(expression: Any, drawn: list[Any]) -> list[str]:
    """The marks of the literals `drawn`, in the order they were drawn."""
    found = marks_by_literal(expression)
    return [found.get(id(literal), KEPT) for literal in drawn]


def split_comment(expression: str, comment: str | None) -> tuple[str, str]:
    """`1d20+5 to hit` -> (`1d20+5`, `to hit`): the notation and its annotation."""
    if not comment:
        return expression, ""
    text = expression.rstrip()
    if text.endswith(comment):
        return text[: len(text) - len(comment)].rstrip(), comment.strip()
    return expression, comment.strip()
