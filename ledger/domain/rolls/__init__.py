"""Rolls: AGE tests (3d6 with a Stunt Die) and general d20 notation.

`event` holds the `Rolled` event, `sources` where dice come from and notation rolls, `age`
the AGE test, `conditions` what the roller's Conditions do to it, `commands` the roll
command. The names below are the ones other rules use.
"""

from ledger.domain.focus import focus_bonus
from ledger.domain.rolls.age import (
    AgeDice,
    age_roll,
    roll_age_dice,
    sheet_ability,
    sheet_focus,
    stunt_points,
)
from ledger.domain.rolls.commands import age_test, notation_roll
from ledger.domain.rolls.event import RollCondition, Rolled
from ledger.domain.rolls.sources import (
    NotationResult,
    next_index,
    notation_rolled,
    provenance,
    roll_notation,
    source_for,
)

__all__ = ["AgeDice", "NotationResult", "RollCondition", "Rolled", "age_roll", "age_test", "focus_bonus",
           "next_index", "notation_roll", "notation_rolled", "provenance", "roll_age_dice", "roll_notation",
           "sheet_ability", "sheet_focus", "source_for", "stunt_points"]
