"""What an encounter counts per turn or per fight: Stunt Points from one active test per
turn, and the firearm trust test held for the whole encounter (000;
docs/rules/encounters.md)."""

from __future__ import annotations

import pytest

from ledger.domain.encounters.commands import EndEncounter, StartEncounter
from ledger.domain.errors import RuleViolation
from ledger.domain.items.damage import damage_item
from ledger.domain.items.firearms import trust_test
from ledger.domain.rolls import age_test
from ledger.domain.stunts.commands import ContributeStuntPoints, RecordBond
from ledger.domain.stunts.effects import Choice
from ledger.domain.stunts.spending import spend_stunts
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import Fight, npc, pc
from tests.unit.items_helpers import Table as ItemTable
from tests.unit.stunt_helpers import StuntTable

DOUBLES = [4, 5, 4]  # 13 + Willpower: a success with 4 SP


def pair(fight: Fight) -> tuple[str, str]:
    """Mara (12) then Ivo (10) in an encounter, round 1, Mara's turn."""
    mara = fight.character("Mara", abilities={"Willpower": 2})
    ivo = fight.character("Ivo", abilities={"Willpower": 2})
    fight.start(pc(mara, 12), pc(ivo, 10))
    return mara, ivo


def counted(fight: Fight, character_id: str) -> tuple[bool, int, str]:
    """An active Willpower test with doubles; how the encounter counted it."""
    events = fight.do(age_test(character_id, ability="willpower", tn=10, reported=DOUBLES))
    (rolled,) = of_type(events, "Rolled")
    (note,) = of_type(events, "ActiveTestCounted")
    assert rolled.stunt_points == 4  # what the dice showed
    return note.generates_sp, note.withheld, note.why


def test_stunt_points_come_from_the_first_active_test_in_ones_own_turn() -> None:
    fight = Fight()
    mara, _ = pair(fight)
    assert counted(fight, mara) == (True, 0, "")
    assert counted(fight, mara) == (False, 4, "second-active-test-this-turn")


def test_an_active_test_in_someone_elses_turn_generates_no_stunt_points() -> None:
    fight = Fight()
    _, ivo = pair(fight)
    assert counted(fight, ivo) == (False, 4, "not-their-turn")
    fight.next()  # Ivo's own turn: his first active test counts
    assert counted(fight, ivo) == (True, 0, "")


def test_outside_an_encounter_every_active_test_keeps_its_stunt_points() -> None:
    fight = Fight()
    mara = fight.character("Mara", abilities={"Willpower": 2})
    for _ in range(2):
        events = fight.do(age_test(mara, ability="willpower", tn=10, reported=DOUBLES))
        assert of_type(events, "ActiveTestCounted") == []
        assert of_type(events, "Rolled")[0].stunt_points == 4


def test_withheld_stunt_points_cannot_go_into_the_stunt_pool() -> None:
    fight = Fight()
    mara, ivo = pair(fight)
    for a, b in ((mara, ivo), (ivo, mara)):
        fight.do(RecordBond(a=a, b=b, rank=1))
    fight.do(EndEncounter())
    fight.start_session()
    fight.scene()
    fight.do(StartEncounter(participants=[pc(mara, 12), pc(ivo, 10)]))
    position = fight.roll(ivo, DOUBLES)  # Mara's turn
    with pytest.raises(RuleViolation) as refused:
        fight.do(ContributeStuntPoints(roll_position=position, sp=1))
    assert refused.value.rule == "contribution-exceeds-generated-sp"


def test_the_firearm_trust_test_holds_for_the_whole_encounter_unless_damaged() -> None:
    table = ItemTable()
    table.scene()
    gun = table.firearm()
    user = table.character(abilities={"Willpower": 1}, focuses=["Firearms"])
    table.run(trust_test(gun, user), [6, 5, 3])  # before the fight, in the same scene
    table.run(StartEncounter(participants=[pc(user, 10), npc("Thug", 5)]))
    table.run(trust_test(gun, user), [6, 5, 3])  # the fight's own test
    with pytest.raises(RuleViolation) as refused:
        table.run(trust_test(gun, user), [6, 5, 3])
    assert refused.value.rule == "trust-test-once-per-encounter"
    table.run(damage_item(gun, 16, "impact"))  # above Durability 15
    table.run(trust_test(gun, user), [6, 5, 3])  # damaged since: tested again


def test_stunt_points_withheld_in_an_encounter_are_not_spent_on_stunts() -> None:
    table = StuntTable()
    mara, ovid = table.fighter("Mara"), table.fighter("Ovid")
    table.start_session()
    table.scene()
    table.do(StartEncounter(participants=[pc(mara, 12), pc(ovid, 10)]))
    mine = table.roll(mara, [3, 5, 5])  # Mara's turn: 5 SP to spend
    table.do(spend_stunts(mine, [Choice(name="Glean Motives")], None))
    theirs = table.roll(ovid, [3, 5, 5])  # not Ovid's turn: none
    with pytest.raises(RuleViolation) as refused:
        table.do(spend_stunts(theirs, [Choice(name="Glean Motives")], None))
    assert refused.value.rule == "stunt-points-over-budget"
    # the refusal says why (a newcomer saw "0 SP left" beside a roll showing 5)
    assert "5 SP withheld: in an encounter only the first active test" in refused.value.detail
