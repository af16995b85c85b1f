"""The focus bonus (000, "Focus": "At 11th level, your focus bonus goes up to +3. You may
also take a double focus, using a focus advancement to increase a bonus to +4"): +2 up to
10th level, +3 from 11th, +4 for a double focus, in every test that adds a focus
(ledger/domain/focus.py). The worked cases an outside rules check ran: a level-11
Willpower 1 test with a focus on dice 1, 1, 1 totals 7, not 6; a level-11 Magic Test with
Willpower 2 and a focus against TN 8 succeeds with no roll (3 + 2 + 3)."""

from __future__ import annotations

import pytest

from ledger.domain.characters import register_character, update_sheet
from ledger.domain.errors import InvalidInput
from ledger.domain.items import firearms
from ledger.domain.magic.test_events import MagicTestMade
from ledger.domain.rolls import Rolled, focus_bonus
from ledger.domain.rolls.commands import roll
from ledger.domain.state import Character
from tests.unit.magic_helpers import campaign, cast, mage, of_type, only, run


@pytest.mark.parametrize(("level", "bonus"), [(1, 2), (10, 2), (11, 3), (20, 3)])
def test_the_focus_bonus_is_2_until_11th_level_then_3(level: int, bonus: int) -> None:
    sheet = Character("a", "A", level=level, focuses=["Firearms"])
    assert focus_bonus(sheet, "Firearms") == bonus
    assert focus_bonus(sheet, None) == 0
    assert firearms.focus_bonus(sheet, "firearms") == bonus  # the trust test reads the same
    assert firearms.focus_bonus(sheet, "Archery") == 0


@pytest.mark.parametrize(("level", "total"), [(10, 6), (11, 7)])
def test_an_age_test_adds_the_focus_bonus_of_the_level(level: int, total: int) -> None:
    state = campaign()
    chid = mage(state, willpower=1, level=level, focuses=["Firearms"])
    rolled = only(run(state, roll(chid, {"kind": "age", "ability": "Willpower",
                                         "focus": "Firearms", "tn": 10}), [1, 1, 1]), Rolled)
    assert rolled.total == total
    assert rolled.focus_bonus == total - 4


def test_a_level_11_magic_test_succeeds_with_no_roll_at_3_plus_ability_plus_3() -> None:
    state = campaign()
    chid = mage(state, willpower=2, level=11, focuses=["Energy"])
    events = cast(state, chid, [1, 1, 1], base_tn=8, focus="Energy")
    made = only(events, MagicTestMade)
    assert (made.automatic, made.success, made.focus_bonus) == (True, True, 3)
    assert of_type(events, Rolled) == []


def test_a_double_focus_adds_4_from_11th_level() -> None:
    sheet = Character("a", "A", level=11, focuses=["Firearms", "Stamina"],
                      double_focuses=["Firearms"])
    assert focus_bonus(sheet, "Firearms") == 4
    assert focus_bonus(sheet, "Stamina") == 3
    state = campaign()
    chid = mage(state, willpower=1, level=11, focuses=["Firearms"], double_focuses=["firearms"])
    assert state.characters[chid].double_focuses == ["Firearms"]  # as the sheet spells it
    rolled = only(run(state, roll(chid, {"kind": "age", "ability": "Willpower",
                                         "focus": "Firearms", "tn": 10}), [1, 1, 1]), Rolled)
    assert (rolled.focus_bonus, rolled.total) == (4, 8)


@pytest.mark.parametrize(("sheet", "rule", "field"), [
    ({"level": 11, "focuses": ["Stamina"], "double_focuses": ["Firearms"]},
     "double-focus-not-a-focus", "double_focuses.0"),
    ({"level": 10, "focuses": ["Firearms"], "double_focuses": ["Firearms"]},
     "double-focus-before-11th-level", "double_focuses.0"),
    ({"level": 11, "focuses": ["Firearms"], "double_focuses": ["Firearms", "firearms"]},
     "duplicate-name", "double_focuses.1"),
])
def test_a_double_focus_is_a_sheet_focus_taken_from_11th_level(
        sheet: dict[str, object], rule: str, field: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        run(campaign(), register_character({"name": "A", **sheet}))
    assert (refused.value.rule, refused.value.field) == (rule, field)


def test_an_edit_that_would_leave_a_double_focus_behind_is_refused() -> None:
    state = campaign()
    chid = mage(state, level=11, focuses=["Firearms"], double_focuses=["Firearms"])
    for changes in ({"level": 10}, {"focuses": ["Stamina"]}):
        with pytest.raises(InvalidInput):
            run(state, update_sheet(chid, changes))
    run(state, update_sheet(chid, {"level": 10, "double_focuses": []}))
    assert focus_bonus(state.characters[chid], "Firearms") == 2
