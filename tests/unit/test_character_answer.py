"""A character as answered shows its pending decisions and owed rolls, with their commands."""

from __future__ import annotations

from ledger.domain.character_answer import character_answer
from ledger.domain.magic.failure import accept
from ledger.domain.magic.test_events import MagicTestMade
from tests.unit.magic_helpers import campaign, cast, character, mage, only, run, set_backlash

FAIL_BY_3 = [1, 2, 3]  # 6 + Willpower 3 = 9 against TN 12


def test_character_answer_shows_a_failed_tests_backlash_as_pending() -> None:
    state = campaign()
    chid = mage(state)
    test_id = only(cast(state, chid, FAIL_BY_3), MagicTestMade).test_id
    (pending,) = character_answer(character(state, chid))["pending"]
    assert (pending["kind"], pending["accept_costs"], pending["fix_needs"]) == (
        "magic-test-failure", 4, 3)
    assert pending["commands"] == [f"magic-tests/{test_id}/fix", f"magic-tests/{test_id}/accept"]


def test_character_answer_shows_an_owed_consequence_roll() -> None:
    state = campaign()
    chid = mage(state, mana=2)
    set_backlash(state, chid, 0)
    test_id = only(cast(state, chid, FAIL_BY_3), MagicTestMade).test_id
    run(state, accept(chid, test_id))  # 4 Backlash over 2 Mana: a roll is owed
    kinds = {p["kind"]: p["commands"] for p in character_answer(character(state, chid))["pending"]}
    assert kinds["consequence-roll-owed"] == ["backlash/consequence-roll"]


def test_character_answer_has_no_pending_when_nothing_waits() -> None:
    state = campaign()
    chid = mage(state)
    answer = character_answer(character(state, chid))
    assert answer["pending"] == []
    assert answer["id"] == chid
