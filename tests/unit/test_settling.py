"""Which commands are actions of a character, declared once beside their decide functions."""

from __future__ import annotations

import pytest

import ledger.domain.fold  # noqa: F401  (imports every rule module, so every declaration is made)
from ledger.domain.characters import correct
from ledger.domain.decision import ACTIONS, Decide, action_of
from ledger.domain.magic.test_events import MagicTestFailureAccepted
from ledger.domain.resource_commands import SpendMana
from ledger.domain.resources import damage
from tests.unit.magic_helpers import campaign, cast, mage, of_type, run

FAIL_BY_3 = [1, 2, 3]  # 6 + Willpower 3 = 9 against TN 12

# The table in docs/rules/magic-test.md ("Settling, per command") shows these; a new
# action changes both. Commands declared as Structs (ledger/domain/command.py) declare their
# acting character themselves and are checked in tests/contract and per family.
DECLARED = {
    "ledger.domain.rolls.age_test": "character_id",
    "ledger.domain.rolls.notation_roll": "character_id",
    "ledger.domain.talent_successes.automatic_success": "character_id",
}


def test_the_actions_of_a_character_are_the_documented_ones() -> None:
    assert ACTIONS == DECLARED


def test_an_action_must_name_a_parameter_its_factory_has() -> None:
    with pytest.raises(TypeError, match="no parameter 'who'"):
        @action_of("who")
        def factory(character_id: str) -> Decide:
            raise AssertionError


def test_an_action_of_the_character_settles_and_anything_else_settles_nobody() -> None:
    state = campaign()
    chid = mage(state, mana=10)
    cast(state, chid, FAIL_BY_3)
    assert of_type(run(state, damage(chid, 1, "wound", "a hit")), MagicTestFailureAccepted) == []
    assert of_type(run(state, correct(chid, "mana.current", 9, "typo")),
                   MagicTestFailureAccepted) == []
    assert state.characters[chid].magic_tests.failure is not None
    assert of_type(run(state, SpendMana(character_id=chid, amount=1, reason="lamp")),
                   MagicTestFailureAccepted) != []
    assert state.characters[chid].magic_tests.failure is None
