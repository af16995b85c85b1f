"""The one-line text of an AGE test, as a table would read it out.

`3d6+2 = 4, 3, [6] + 2 = 15 · 6 SP · success vs TN 13`: the dice (the Stunt Die in
brackets), the bonus (ability, focus and modifier together), the total, the Stunt Points
when there are any, and the outcome when a TN was given.
"""

from __future__ import annotations


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"-{-value}"


def age_result_text(values: list[int], bonus: int, total: int, stunt_points: int,
                    tn: int | None, success: bool | None) -> str:
    shown = [str(v) for v in values]
    if shown:
        shown[-1] = f"[{shown[-1]}]"  # the Stunt Die
    head = "3d6" + (signed(bonus) if bonus else "")
    added = f" {signed(bonus)[0]} {abs(bonus)}" if bonus else ""
    parts = [f"{head} = {', '.join(shown)}{added} = {total}"]
    if stunt_points:
        parts.append(f"{stunt_points} SP")
    if tn is not None:
        parts.append(f"{'success' if success else 'failure'} vs TN {tn}")
    return " · ".join(parts)
