"""Who may give the character, resource and Condition commands, and who acts
(ledger/domain/character_commands.py, resource_commands.py, conditions/commands.py).

Characters: the GM registers, edits, corrects and records a death; nobody acts. Resources:
the GM or the character's player; spending is the character's action, a gain, damage and
healing settle nobody. Conditions: the GM or the character's player; the recovery roll is
the character's action, an added Condition, magical healing and treatment settle nobody.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ledger.domain.character_commands import (
    CorrectCharacter,
    RecordDeath,
    RegisterCharacter,
    UpdateSheet,
)
from ledger.domain.command import Command
from ledger.domain.conditions.adding import ConditionAdded
from ledger.domain.conditions.commands import (
    AddCondition,
    HealCondition,
    RecoverFromCondition,
    TreatCondition,
)
from ledger.domain.context import Actor
from ledger.domain.errors import Forbidden
from ledger.domain.magic.test_events import MagicTestFailureAccepted
from ledger.domain.resource_commands import (
    DamageHealth,
    GainConviction,
    GainMana,
    HealHealth,
    SpendConviction,
    SpendMana,
)
from ledger.domain.state import CampaignState
from tests.unit import harness
from tests.unit.magic_helpers import campaign, cast, mage, of_type

FAIL_BY_3 = [1, 2, 3]  # 6 + Willpower 3 = 9 against TN 12
OBSERVER = Actor(role="observer", token_id="tok_obs")
Build = Callable[[str, dict[str, str]], Command]  # (character, Conditions) -> command

# command -> (how to build it, whether its character acts, who may give it)
COMMANDS: dict[str, tuple[Build, bool, str]] = {
    "RegisterCharacter": (lambda c, k: RegisterCharacter(name="Ivo"), False, "gm"),
    "UpdateSheet": (lambda c, k: UpdateSheet(character_id=c, level=2), False, "gm"),
    "CorrectCharacter": (lambda c, k: CorrectCharacter(
        character_id=c, field="mana.current", value=9, reason="typo"), False, "gm"),
    "RecordDeath": (lambda c, k: RecordDeath(character_id=c, cause="a fall"), False, "gm"),
    "SpendMana": (lambda c, k: SpendMana(character_id=c, amount=1), True, "own"),
    "SpendConviction": (lambda c, k: SpendConviction(character_id=c, amount=1), True, "own"),
    "GainMana": (lambda c, k: GainMana(character_id=c, amount=1), False, "own"),
    "GainConviction": (lambda c, k: GainConviction(character_id=c, amount=1), False, "own"),
    "DamageHealth": (lambda c, k: DamageHealth(character_id=c, amount=1), False, "own"),
    "HealHealth": (lambda c, k: HealHealth(character_id=c, amount=1), False, "own"),
    "AddCondition": (lambda c, k: AddCondition(character_id=c, name="Winded"), False, "own"),
    "RecoverFromCondition": (lambda c, k: RecoverFromCondition(
        character_id=c, condition_id=k["fatigued"], dice=[6, 6, 6]), True, "own"),
    "HealCondition": (lambda c, k: HealCondition(character_id=c, condition_id=k["fatigued"], points=2),
                      False, "own"),
    "TreatCondition": (lambda c, k: TreatCondition(character_id=c, condition_id=k["wound"]),
                       False, "own"),
}


def table() -> tuple[CampaignState, str, str, dict[str, str]]:
    """Mara (a mage with Conviction and Constitution, Fatigued and Injured) and Ivo; the
    ids of Mara's Conditions."""
    state = campaign()
    mara = mage(state, abilities={"Willpower": 3, "Constitution": 1},
                conviction={"current": 3, "max": 3}, health={"current": 8, "max": 10})
    ivo = mage(state, name="Ivo")
    conditions = {}
    for key, given in (("fatigued", AddCondition(character_id=mara, name="Fatigued")),
                       ("wound", AddCondition(character_id=mara, name="Injured", points=4,
                                              target="left arm"))):
        (added,) = of_type(harness.run(state, given), ConditionAdded)
        conditions[key] = added.condition.id
    return state, mara, ivo, conditions


def as_player(character_id: str) -> harness.Context:
    return harness.context(actor=harness.player(character_id))


@pytest.mark.parametrize("name", COMMANDS)
def test_character_command_acting_character_and_policy_are_as_documented(name: str) -> None:
    build, acts, policy = COMMANDS[name]
    state, mara, ivo, condition = table()
    command = build(mara, condition)
    assert type(command).__name__ == name
    assert command.policy.name == policy
    assert command.acting(state) == (mara if acts else None)
    if policy == "own":
        command.authorize(state, as_player(mara))
        with pytest.raises(Forbidden, match="Only the GM or this character's player"):
            command.authorize(state, as_player(ivo))
    else:
        with pytest.raises(Forbidden, match="Only the GM may do this"):
            command.authorize(state, as_player(mara))
    with pytest.raises(Forbidden):
        command.authorize(state, harness.context(actor=OBSERVER))
    command.authorize(state, harness.context())  # the GM


@pytest.mark.parametrize("name", COMMANDS)
def test_character_command_settles_a_pending_failure_only_when_the_character_acts(
        name: str) -> None:
    build, acts, _ = COMMANDS[name]
    state, mara, _ivo, condition = table()
    cast(state, mara, FAIL_BY_3)
    events = harness.run(state, build(mara, condition), harness.context([6, 6, 6]))
    assert (of_type(events, MagicTestFailureAccepted) != []) is acts
    assert (state.characters[mara].magic_tests.failure is None) is acts


@pytest.mark.parametrize("name", [n for n, (_, _, policy) in COMMANDS.items() if policy == "own"])
def test_character_command_refused_to_another_player_records_nothing_not_even_settling(
        name: str) -> None:
    build, _, _ = COMMANDS[name]
    state, mara, ivo, condition = table()
    cast(state, mara, FAIL_BY_3)
    before = (state.position, state.characters[mara])
    with pytest.raises(Forbidden):
        harness.run(state, build(mara, condition), as_player(ivo))
    assert (state.position, state.characters[mara]) == before
    assert state.characters[mara].magic_tests.failure is not None


@pytest.mark.parametrize("name", [n for n, (_, _, policy) in COMMANDS.items() if policy == "gm"])
def test_character_command_of_the_gm_refused_to_the_player_records_nothing(name: str) -> None:
    build, _, _ = COMMANDS[name]
    state, mara, _ivo, condition = table()
    cast(state, mara, FAIL_BY_3)
    before = (state.position, state.characters[mara], list(state.characters))
    with pytest.raises(Forbidden, match="Only the GM"):
        harness.run(state, build(mara, condition), as_player(mara))
    assert (state.position, state.characters[mara], list(state.characters)) == before
