"""Talents that need combat time: Adventurer Expert's initiative, Adventurer Grandmaster's
avoided damage, Leader Apex's Conviction for an ally (docs/rules/talents.md)."""

from __future__ import annotations

import pytest

from ledger.domain.encounters.commands import AddParticipant
from ledger.domain.encounters.talent_commands import AvoidDamage, SpendConvictionForAlly
from ledger.domain.errors import InvalidInput, RuleViolation
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import Fight, npc, pc

ADVENTURER = "Adventurer"
CONVICTION = {"current": 3, "max": 3}


def talent(name: str, degree: str) -> list[dict[str, str]]:
    return [{"name": name, "degree": degree}]


def test_adventurer_expert_adds_one_to_rolled_initiative_and_the_roll_shows_it() -> None:
    fight = Fight()
    ada = fight.character("Ada", abilities={"Dexterity": 2}, talents=talent(ADVENTURER, "Expert"))
    plain = fight.character("Bo", abilities={"Dexterity": 2})
    events = fight.start(pc(ada), dice=[3, 4, 5])
    (rolled,) = of_type(events, "Rolled")
    assert (rolled.expression, rolled.total) == ("3d6+3", 12 + 2 + 1)
    assert "Adventurer Expert 1" in rolled.label
    assert fight.encounter.order[0].initiative == 12 + 2 + 1
    fight.end()
    (plain_roll,) = of_type(fight.start(pc(plain), dice=[3, 4, 5]), "Rolled")
    assert "Adventurer" not in plain_roll.label
    assert fight.encounter.order[0].initiative == 12 + 2


def test_adventurer_expert_leaves_a_reported_initiative_as_reported() -> None:
    fight = Fight()
    ada = fight.character("Ada", talents=talent(ADVENTURER, "Master"))
    fight.start(pc(ada, 9))
    assert fight.encounter.order[0].initiative == 9


def test_adventurer_expert_adds_one_to_initiative_rolled_for_a_participant_added_later() -> None:
    fight = Fight(initiative_ability=None, initiative_dice="1d20")
    ada = fight.character("Ada", talents=talent(ADVENTURER, "Expert"))
    fight.start(npc("Thug", 11))
    events = fight.do(AddParticipant(character_id=ada), [10])
    assert of_type(events, "Rolled")[0].total == 11
    assert fight.encounter.participant(ada).initiative == 11  # type: ignore[union-attr]


def adventurer_grandmaster(fight: Fight) -> str:
    return fight.character("Ada", conviction=CONVICTION, health={"current": 10, "max": 10},
                           talents=talent(ADVENTURER, "Grandmaster"))


def test_adventurer_grandmaster_avoids_one_attacks_damage_for_one_conviction() -> None:
    fight = Fight()
    ada = adventurer_grandmaster(fight)
    fight.start(pc(ada, 10))
    events = fight.do(AvoidDamage(character_id=ada, amount=7, reason="shotgun"))
    assert [type(e).__name__ for e in events] == ["ResourceSpent", "DamageAvoided"]
    assert (events[1].amount, events[1].encounter_id) == (7, fight.encounter.id)
    character = fight.get(ada)
    assert (character.conviction.current, character.health.current) == (2, 10)


def test_adventurer_grandmaster_once_per_encounter_and_again_in_the_next() -> None:
    fight = Fight()
    ada = adventurer_grandmaster(fight)
    fight.start(pc(ada, 10))
    fight.do(AvoidDamage(character_id=ada, amount=3))
    with pytest.raises(RuleViolation, match="already avoided") as refused:
        fight.do(AvoidDamage(character_id=ada, amount=4))
    assert refused.value.rule == "adventurer-grandmaster-once-per-encounter"
    assert fight.get(ada).conviction.current == 2
    fight.end()
    fight.start(pc(ada, 10))
    fight.do(AvoidDamage(character_id=ada, amount=4))
    assert fight.get(ada).conviction.current == 1


def test_adventurer_grandmaster_needs_an_encounter_and_the_talent() -> None:
    fight = Fight()
    ada = adventurer_grandmaster(fight)
    with pytest.raises(RuleViolation) as outside:
        fight.do(AvoidDamage(character_id=ada, amount=3))
    assert outside.value.rule == "adventurer-grandmaster-needs-an-encounter"
    expert = fight.character("Ed", conviction=CONVICTION, talents=talent(ADVENTURER, "Master"))
    fight.start(pc(ada, 10), pc(expert, 9))
    with pytest.raises(RuleViolation) as lacking:
        fight.do(AvoidDamage(character_id=expert, amount=3))
    assert lacking.value.rule == "talent-not-on-sheet"


def leader_and_ally(fight: Fight) -> tuple[str, str]:
    return (fight.character("Lea", conviction=CONVICTION, talents=talent("Leader", "Apex")),
            fight.character("Ivo", conviction={"current": 0, "max": 3}))


def test_leader_apex_spends_the_leaders_conviction_for_an_ally_recording_both() -> None:
    fight = Fight()
    lea, ivo = leader_and_ally(fight)
    fight.start(pc(lea, 10), pc(ivo, 9))
    events = fight.do(SpendConvictionForAlly(character_id=lea, ally="ivo"))
    assert [type(e).__name__ for e in events] == ["ResourceSpent", "ConvictionSpentForAlly"]
    spent = events[1]
    assert (spent.character_id, spent.ally_id, spent.turn_number) == (lea, ivo, 1)
    assert (fight.get(lea).conviction.current, fight.get(ivo).conviction.current) == (2, 0)


def test_leader_apex_once_per_turn_again_on_the_next_turn() -> None:
    fight = Fight()
    lea, ivo = leader_and_ally(fight)
    fight.start(pc(lea, 10), pc(ivo, 9))
    fight.do(SpendConvictionForAlly(character_id=lea, ally=ivo))
    with pytest.raises(RuleViolation) as refused:
        fight.do(SpendConvictionForAlly(character_id=lea, ally=ivo))
    assert refused.value.rule == "leader-apex-once-per-turn"
    fight.next()
    fight.do(SpendConvictionForAlly(character_id=lea, ally=ivo))
    assert fight.get(lea).conviction.current == 1


def test_leader_apex_outside_an_encounter_is_recorded_without_a_turn() -> None:
    fight = Fight()
    lea, ivo = leader_and_ally(fight)
    first = fight.do(SpendConvictionForAlly(character_id=lea, ally=ivo))
    fight.do(SpendConvictionForAlly(character_id=lea, ally=ivo))
    assert (first[1].turn_number, first[1].encounter_id) == (None, None)
    assert fight.get(lea).conviction.current == 1


def test_leader_apex_is_for_another_character_and_needs_the_talent() -> None:
    fight = Fight()
    lea, ivo = leader_and_ally(fight)
    with pytest.raises(RuleViolation) as own:
        fight.do(SpendConvictionForAlly(character_id=lea, ally=lea))
    assert own.value.rule == "leader-apex-is-for-an-ally"
    with pytest.raises(RuleViolation) as lacking:
        fight.do(SpendConvictionForAlly(character_id=ivo, ally=lea))
    assert lacking.value.rule == "talent-not-on-sheet"


def test_leader_apex_gives_the_ally_one_conviction_point() -> None:
    # 000, Leader Apex: "giving them the benefit of the Conviction point" (one point; an
    # outside rules check saw two accepted).
    fight = Fight()
    lea, ivo = leader_and_ally(fight)
    with pytest.raises(InvalidInput) as two:
        fight.do(SpendConvictionForAlly(character_id=lea, ally=ivo, amount=2))
    assert two.value.rule == "leader-apex-one-point"
    assert fight.get(lea).conviction.current == 3
