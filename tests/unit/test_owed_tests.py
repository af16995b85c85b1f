"""Tests owed by combat time: Confused's at the start of each own turn, Fatigue's after a
long fight (000; docs/rules/encounters.md, "Tests owed in and after a fight")."""

from __future__ import annotations

import pytest

from ledger.domain import campaign
from ledger.domain.encounters.owed_commands import RollOwedTest
from ledger.domain.errors import InvalidInput
from ledger.domain.magic.pending import pending_decisions
from ledger.domain.rolls import age_test
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import Fight, npc, pc


def owed(fight: Fight, character_id: str, kind: str) -> list[dict[str, object]]:
    return [d for d in pending_decisions(fight.get(character_id))
            if d["kind"] == f"{kind}-test-owed"]


def confused_pair() -> tuple[Fight, str, str]:
    """Mara (12, Confused, Willpower 1 and Self-Discipline) then Ivo (10)."""
    fight = Fight()
    mara = fight.character("Mara", abilities={"Willpower": 1},
                           focuses=["Willpower (Self-Discipline)"])
    ivo = fight.character("Ivo", abilities={"Willpower": 1})
    fight.condition(mara, "Confused")
    fight.start(pc(mara, 12), pc(ivo, 10))
    return fight, mara, ivo


def roll_owed(fight: Fight, character_id: str, kind: str, dice: list[int],
              **fields: object) -> list[object]:
    (test,) = owed(fight, character_id, kind)
    return fight.do(RollOwedTest(character_id=character_id, test_id=str(test["test_id"]),
                                 dice=dice, **fields))  # type: ignore[arg-type]


def test_confused_owes_a_willpower_self_discipline_tn_13_test_at_the_start_of_each_own_turn(
) -> None:
    fight, mara, ivo = confused_pair()
    (test,) = owed(fight, mara, "confused")
    assert (test["ability"], test["focus"], test["tn"], test["round"]) == (
        "Willpower", "Self-Discipline", 13, 1)
    assert test["blocks_magic_tests"] is False
    events = roll_owed(fight, mara, "confused", [4, 4, 2])  # 10 + 1 + 2 = 13
    (rolled,) = of_type(events, "Rolled")
    (done,) = of_type(events, "OwedTestRolled")
    assert (rolled.ability, rolled.focus, rolled.tn, rolled.total) == (
        "Willpower", "Willpower (Self-Discipline)", 13, 13)
    assert done.success
    assert not rolled.active
    assert rolled.stunt_points == 0
    assert owed(fight, mara, "confused") == []
    fight.next()  # Ivo's turn: he is not Confused
    assert owed(fight, ivo, "confused") == []
    fight.next()  # round 2, Mara's turn again: owed again
    (again,) = owed(fight, mara, "confused")
    assert again["round"] == 2


def test_an_unrolled_confused_test_lapses_when_the_turn_ends() -> None:
    fight, mara, _ = confused_pair()
    (lapsed,) = of_type(fight.next(), "OwedTestLapsed")
    assert (lapsed.character_id, lapsed.why) == (mara, "turn-ended")
    assert owed(fight, mara, "confused") == []


def test_a_confused_test_owed_blocks_no_other_roll() -> None:
    fight, mara, _ = confused_pair()
    assert of_type(fight.do(age_test(mara, ability="Willpower", tn=10, reported=[3, 3, 3])),
                   "Rolled")
    assert len(owed(fight, mara, "confused")) == 1


def test_a_confused_test_lapses_with_the_encounter() -> None:
    fight, mara, _ = confused_pair()
    events = fight.end()
    assert [e.why for e in of_type(events, "OwedTestLapsed")] == ["encounter-ended"]
    assert owed(fight, mara, "confused") == []


def test_the_confused_test_keeps_its_tn_13() -> None:
    fight, mara, _ = confused_pair()
    with pytest.raises(InvalidInput) as refused:
        roll_owed(fight, mara, "confused", [4, 4, 2], tn=9)
    assert refused.value.rule == "confused-test-is-fixed"


def fighters(fight: Fight, constitution: int) -> str:
    ivo = fight.character("Ivo", abilities={"Constitution": constitution},
                          focuses=["Constitution (Stamina)"])
    fight.start(pc(ivo, 12), npc("Thug", 10))
    return ivo


def test_a_fatigue_test_is_owed_after_a_combat_longer_than_one_round_per_constitution_bonus(
) -> None:
    fight = Fight()
    ivo = fighters(fight, 1)
    events = fight.end()  # 1 round: not more than 1 per Constitution 1
    assert of_type(events, "TestOwed") == []
    fight.start(pc(ivo, 12), npc("Thug", 10))
    fight.next(2)  # round 2
    events = fight.end()
    (test,) = of_type(events, "TestOwed")
    assert [type(e).__name__ for e in events].index("TestOwed") > [
        type(e).__name__ for e in events].index("EncounterEnded")
    assert (test.test.kind, test.test.rounds, test.test.limit, test.test.tn) == (
        "fatigue", 2, 1, None)
    (shown,) = owed(fight, ivo, "fatigue")
    assert shown["blocks_magic_tests"] is False
    assert "tn" not in shown


def test_a_fatigue_test_with_a_constitution_bonus_of_0_or_less_is_owed_after_any_combat(
) -> None:
    fight = Fight()
    ivo = fighters(fight, -1)
    fight.end()  # 1 round, more than 0
    (test,) = owed(fight, ivo, "fatigue")
    assert (test["rounds"], test["ability"], test["focus"]) == (1, "Constitution", "Stamina")


def test_the_fatigue_tests_tn_is_given_when_rolled_and_its_failure_adds_the_condition_given(
) -> None:
    fight = Fight()
    ivo = fighters(fight, 0)
    fight.end()
    with pytest.raises(InvalidInput) as refused:
        roll_owed(fight, ivo, "fatigue", [1, 2, 3])
    assert (refused.value.rule, refused.value.field) == ("fatigue-test-needs-a-tn", "tn")
    events = roll_owed(fight, ivo, "fatigue", [1, 2, 3], tn=11, failure_condition="Fatigued")
    (rolled,) = of_type(events, "Rolled")
    assert (rolled.tn, rolled.total, rolled.success) == (11, 8, False)  # 6 + 0 + Stamina 2
    (added,) = of_type(events, "ConditionAdded")
    assert added.condition.name == "Fatigued"
    assert owed(fight, ivo, "fatigue") == []


def test_the_campaigns_fatigue_tn_is_the_tests_tn() -> None:
    fight = Fight()
    fight.do(campaign.change_settings({"fatigue_tn": 9}))
    ivo = fighters(fight, 0)
    fight.end()
    (test,) = owed(fight, ivo, "fatigue")
    assert test["tn"] == 9
    (done,) = of_type(roll_owed(fight, ivo, "fatigue", [3, 3, 1]), "OwedTestRolled")
    assert done.success  # 7 + 2 = 9


def test_a_fatigue_tn_set_after_the_test_was_owed_is_its_tn_when_rolled() -> None:
    """An outside rules check set `fatigue_tn` after the fight and was still told that the
    test needs a TN, though the refusal itself says to set the campaign's."""
    fight = Fight()
    ivo = fighters(fight, 0)
    fight.end()
    assert "tn" not in owed(fight, ivo, "fatigue")[0]  # owed without a TN
    fight.do(campaign.change_settings({"fatigue_tn": 9}))
    (done,) = of_type(roll_owed(fight, ivo, "fatigue", [3, 3, 1]), "OwedTestRolled")
    assert done.success  # 7 + 2 = 9
