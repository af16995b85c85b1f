"""Only an action of a character settles them; what is done to them settles nobody."""

from __future__ import annotations

import ledger.domain.fold  # noqa: F401  (imports every rule module, so every declaration is made)
from ledger.domain.characters import correct
from ledger.domain.magic.test_events import MagicTestFailureAccepted
from ledger.domain.resource_commands import SpendMana
from ledger.domain.resources import damage
from tests.unit.magic_helpers import campaign, cast, mage, of_type, run

FAIL_BY_3 = [1, 2, 3]  # 6 + Willpower 3 = 9 against TN 12

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
