"""Dying under the campaign's mode (000, Dying; docs/rules/encounters.md, "Dying")."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.domain import resources
from ledger.domain.encounters.dying import survival_rounds, survival_tn
from ledger.domain.encounters.dying_commands import GiveFirstAid, RollDyingTest
from ledger.domain.errors import RuleViolation
from ledger.domain.magic.spells import CastRequest, cast
from ledger.domain.state import Settings
from ledger.domain.state.dying import DyingState
from ledger.domain.stunts.effects import Choice
from ledger.domain.stunts.spending import spend_stunts
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import Fight, npc, pc
from tests.unit.stunt_helpers import StuntTable


def shot(fight: Fight, con: int = 1) -> str:
    """Mara (Constitution `con`, 12) and a thug (5); Mara takes a wound to 0 Health in her
    own turn of round 1."""
    mara = fight.character("Mara", abilities={"Constitution": con})
    fight.start(pc(mara, 12), npc("Thug", 5))
    fight.do(resources.damage(mara, 10, "wound", "shot"))
    return mara


def dying(fight: Fight, character_id: str) -> DyingState:
    found = fight.get(character_id).dying_state
    assert found is not None
    return found


def test_dying_mode_defaults_to_pulpy_the_default_pulp_mode_of_mana_noir() -> None:
    assert Settings().dying_mode == "pulpy"


def test_dying_survival_time_is_2_plus_constitution_rounds_in_the_encounter() -> None:
    fight = Fight()
    mara = shot(fight, con=1)
    state = dying(fight, mara)
    assert (state.mode, state.survival_rounds, state.ends_round, state.ends_turn) == (
        "pulpy", 3, 4, 0)
    fight.next(5)  # round 3, the thug's turn
    assert not dying(fight, mara).ran_out
    events = fight.next()  # round 4, Mara's place: three rounds have passed
    assert [(e.test_owed, e.tn) for e in of_type(events, "SurvivalTimeRanOut")] == [(True, 9)]
    assert dying(fight, mara).test_owed


def test_dying_with_constitution_of_minus_2_or_less_has_no_survival_rounds() -> None:
    assert (survival_rounds(-2), survival_rounds(-3), survival_rounds(0)) == (0, 0, 2)
    fight = Fight()
    mara = shot(fight, con=-2)
    state = dying(fight, mara)
    assert (state.survival_rounds, state.ran_out, state.test_owed) == (0, True, True)


def test_dying_survival_test_success_adds_rounds_equal_to_the_stunt_die() -> None:
    fight = Fight()
    mara = shot(fight, con=1)
    fight.next(6)  # round 4: the time runs out
    events = fight.do(RollDyingTest(character_id=mara, dice=[5, 4, 3]))
    (tested,) = of_type(events, "SurvivalTested")
    assert (tested.tn, tested.success, tested.extra_rounds, tested.ends_round) == (9, True, 3, 7)
    state = dying(fight, mara)
    assert (state.ran_out, state.test_owed, state.ends_round) == (False, False, 7)


def test_dying_survival_tests_after_the_first_are_at_plus_2_tn_each() -> None:
    assert [survival_tn(n) for n in range(3)] == [9, 11, 13]
    fight = Fight()
    mara = shot(fight, con=1)
    fight.next(6)
    fight.do(RollDyingTest(character_id=mara, dice=[5, 4, 1]))  # +1 round: ends round 5
    events = fight.next(2)
    assert [e.tn for e in of_type(events, "SurvivalTimeRanOut")] == [11]
    events = fight.do(RollDyingTest(character_id=mara, dice=[5, 4, 1]))  # 11 against 11
    assert of_type(events, "SurvivalTested")[0].tn == 11


def test_dying_survival_test_is_refused_before_the_time_runs_out() -> None:
    fight = Fight()
    mara = shot(fight)
    with pytest.raises(RuleViolation) as refused:
        fight.do(RollDyingTest(character_id=mara, dice=[6, 6, 6]))
    assert refused.value.rule == "no-dying-test-owed"


def test_dying_failed_survival_test_leaves_the_character_to_perish() -> None:
    fight = Fight()
    mara = shot(fight, con=-2)
    events = fight.do(RollDyingTest(character_id=mara, dice=[1, 2, 3]))
    assert not of_type(events, "SurvivalTested")[0].success
    state = dying(fight, mara)
    assert (state.may_perish, state.test_owed) == (True, False)
    with pytest.raises(RuleViolation) as refused:
        fight.do(RollDyingTest(character_id=mara, dice=[6, 6, 6]))
    assert refused.value.rule == "no-dying-test-owed"


def test_dying_outside_an_encounter_counts_no_rounds() -> None:
    fight = Fight()
    mara = fight.character("Mara", abilities={"Constitution": 1})
    fight.do(resources.damage(mara, 10, "wound", "shot"))
    state = dying(fight, mara)
    assert (state.survival_rounds, state.ends_round, state.ran_out) == (3, None, False)


def test_dying_in_gritty_mode_fails_the_tn_9_test_and_is_unconscious_until_1_health() -> None:
    fight = Fight(dying_mode="gritty")
    mara = shot(fight, con=1)
    assert dying(fight, mara).consciousness_test_owed
    events = fight.do(RollDyingTest(character_id=mara, dice=[1, 2, 3]))  # 7 against 9
    assert [k.cause for k in of_type(events, "KnockedOut")] == ["dying-gritty"]
    assert fight.get(mara).unconscious
    fight.do(GiveFirstAid(character_id=mara))  # treatment: no longer dying, still out
    assert (fight.get(mara).dying, fight.get(mara).unconscious) == (False, True)
    events = fight.do(resources.heal(mara, 1, "bandages"))
    assert [e.why for e in of_type(events, "UnconsciousEnded")] == ["healed"]
    assert not fight.get(mara).unconscious


def test_dying_in_gritty_mode_passing_the_tn_9_test_stays_conscious() -> None:
    fight = Fight(dying_mode="gritty")
    mara = shot(fight, con=1)
    events = fight.do(RollDyingTest(character_id=mara, dice=[5, 2, 3]))
    assert not of_type(events, "KnockedOut")
    assert not fight.get(mara).unconscious


def test_dying_in_gritty_mode_survival_time_is_not_extended() -> None:
    fight = Fight(dying_mode="gritty")
    mara = shot(fight, con=0)
    fight.do(RollDyingTest(character_id=mara, dice=[5, 2, 3]))
    events = fight.next(4)  # round 3, Mara's place
    assert [(e.test_owed, e.tn) for e in of_type(events, "SurvivalTimeRanOut")] == [(False, None)]
    assert dying(fight, mara).may_perish
    with pytest.raises(RuleViolation):
        fight.do(RollDyingTest(character_id=mara, dice=[6, 6, 6]))


class StuntFight(Fight):
    """A fight that keeps each event by position, so stunt spending reads the roll back."""

    def __init__(self, **settings: Any) -> None:
        self.log: dict[int, Any] = {}
        super().__init__(**settings)

    do = StuntTable.do


def test_dying_in_cinematic_mode_survival_sp_buy_a_major_action() -> None:
    fight = StuntFight(dying_mode="cinematic")
    fight.start_session()
    mara = shot(fight, con=-2)
    at = fight.state.position + 1
    events = fight.do(RollDyingTest(character_id=mara, dice=[4, 4, 5]))  # 11, doubles
    assert of_type(events, "Rolled")[0].stunt_points == 5
    with pytest.raises(RuleViolation) as refused:
        fight.do(spend_stunts(at, [Choice(name="Disarm")], None))
    assert refused.value.rule == "survival-sp-buy-only-a-major-action"
    (spent,) = of_type(fight.do(spend_stunts(at, [Choice(name="Major action")], None)),
                       "StuntsSpent")
    assert spent.paid == 3


def test_dying_in_pulpy_mode_survival_test_gives_no_stunt_points() -> None:
    fight = Fight()
    mara = shot(fight, con=-2)
    events = fight.do(RollDyingTest(character_id=mara, dice=[4, 4, 5]))
    assert of_type(events, "Rolled")[0].stunt_points == 0


def test_dying_ends_with_first_aid_as_treatment() -> None:
    fight = Fight()
    mara = shot(fight)
    events = fight.do(GiveFirstAid(character_id=mara, note="pressure"))
    assert [e.why for e in of_type(events, "DyingEnded")] == ["first-aid"]
    assert (fight.get(mara).dying, fight.get(mara).dying_state) == (False, None)
    fight.next(20)
    assert not of_type(fight.next(), "SurvivalTimeRanOut")


@pytest.mark.parametrize("by", ["self", "Mara", "mara"])
def test_first_aid_is_given_by_another_character(by: str) -> None:
    """000, Unconscious: "revived by another character using the First Aid action"."""
    fight = Fight()
    mara = shot(fight)
    with pytest.raises(RuleViolation) as refused:
        fight.do(GiveFirstAid(character_id=mara, by=mara if by == "self" else by))
    assert (refused.value.rule, refused.value.field) == ("first-aid-by-another", "by")
    assert of_type(fight.do(GiveFirstAid(character_id=mara, by="Ivo")), "DyingEnded")


def test_dying_ends_with_any_healing() -> None:
    fight = Fight()
    mara = shot(fight)
    events = fight.do(resources.heal(mara, 2, "a healing draught"))
    assert [e.why for e in of_type(events, "DyingEnded")] == ["healed"]
    assert fight.get(mara).dying_state is None


def test_first_aid_is_refused_when_nothing_needs_it() -> None:
    fight = Fight()
    mara = fight.character("Mara")
    with pytest.raises(RuleViolation) as refused:
        fight.do(GiveFirstAid(character_id=mara))
    assert refused.value.rule == "first-aid-not-needed"


def test_helpless_that_comes_with_dying_ends_when_dying_ends() -> None:
    fight = Fight()
    mara = shot(fight)
    fight.condition(mara, "Helpless", 4)
    fight.next(9)
    assert fight.has(mara, "Helpless")
    events = fight.do(resources.heal(mara, 1, "bandages"))
    assert [(e.name, e.why) for e in of_type(events, "ConditionExpired")] == [
        ("Helpless", "dying-ended")]


@pytest.mark.parametrize("duration", ["scene", "day"])
def test_triage_stabilizes_a_dying_target_at_once(duration: str) -> None:
    """001, 6.1, Triage: "You touch an adjacent living creature that is Mortally Wounded,
    stabilizing them immediately." Mortally Wounded is, here, Dying: the cast ends it as
    First Aid does (an outside rules check found the target still dying, its survival time
    running out three turns later)."""
    fight = Fight()
    ivo = fight.mage("Ivo", cast=2, prepared=("Triage",))
    mara = shot(fight)
    events = fight.do(cast(ivo, CastRequest(spell="Triage", duration=duration, target=mara)))
    assert [e.why for e in of_type(events, "DyingEnded")] == ["triage"]
    assert (fight.get(mara).dying, fight.get(mara).dying_state) == (False, None)
    fight.next(20)
    assert not of_type(fight.next(), "SurvivalTimeRanOut")
    healthy = fight.do(cast(ivo, CastRequest(spell="Triage", duration="day", target=ivo)))
    assert not of_type(healthy, "DyingEnded")  # nothing to stabilize: the cast as before
