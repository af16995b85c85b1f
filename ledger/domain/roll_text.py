"""The one-line text of an AGE test, as a table would read it out.

`3d6+2 = 4, 3, [6] + 2 = 15 · 6 SP · success vs TN 13`: the dice (the Stunt Die in
brackets), the bonus (ability, focus and modifier together), the total, the Stunt Points
when there are any, and the outcome when a TN was given. The roller's Conditions follow
the bonus by name (`+ 2 - 2 Fatigued`); a die Nausea rerolled shows its first result
struck through before the second (`~~5~~ 3`); procedures and penalties shown but not
applied close the line.
"""

from __future__ import annotations

from collections.abc import Sequence


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"-{-value}"


def _spaced(value: int) -> str:
    return f" {signed(value)[0]} {abs(value)}"


def age_result_text(values: list[int], bonus: int, total: int, stunt_points: int,
                    tn: int | None, success: bool | None, *,
                    named: Sequence[tuple[str, int]] = (),
                    rerolled: Sequence[int | None] = (), notes: Sequence[str] = ()) -> str:
    shown = [str(v) for v in values]
    for i, first in enumerate(rerolled):
        if first is not None:
            shown[i] = f"~~{first}~~ {shown[i]}"
    if shown:
        shown[-1] = f"[{shown[-1]}]"  # the Stunt Die
    added_up = bonus + sum(value for _, value in named)
    head = "3d6" + (signed(added_up) if added_up else "")
    added = _spaced(bonus) if bonus else ""
    added += "".join(f"{_spaced(value)} {name}" for name, value in named)
    parts = [f"{head} = {', '.join(shown)}{added} = {total}"]
    if stunt_points:
        parts.append(f"{stunt_points} SP")
    if tn is not None:
        parts.append(f"{'success' if success else 'failure'} vs TN {tn}")
    parts.extend(notes)
    return " · ".join(parts)
