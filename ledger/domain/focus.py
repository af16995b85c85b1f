"""The focus bonus (000, "Focus"): what a focus on the sheet adds to a test.

"At 11th level, your focus bonus goes up to +3. You may also take a double focus, using a
focus advancement to increase a bonus to +4." So +2 up to 10th level, +3 from 11th, and +4
for a focus the sheet lists in `double_focuses`, which only a character of 11th level or
more may have (characters.check_double_focuses). Every test that adds a focus reads it
here; each roll records the bonus it added, so rolls recorded earlier keep their totals.
"""

from __future__ import annotations

from ledger.domain.sheet_names import find_focus
from ledger.domain.state import Character

FOCUS_BONUS = 2
HIGH_LEVEL_FOCUS_BONUS = 3
DOUBLE_FOCUS_BONUS = 4
HIGH_LEVEL = 11


def focus_bonus(character: Character, focus: str | None) -> int:
    """What `focus` (as the sheet spells it) adds to the character's test; 0 for none."""
    if not focus:
        return 0
    if character.level < HIGH_LEVEL:
        return FOCUS_BONUS
    doubled = find_focus(character.double_focuses, focus) is not None
    return DOUBLE_FOCUS_BONUS if doubled else HIGH_LEVEL_FOCUS_BONUS
