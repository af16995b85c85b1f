"""Encounters: initiative, turns and rounds, delaying, participants, the end
(docs/rules/encounters.md)."""

from __future__ import annotations

import pytest

from ledger.domain.encounters.commands import (
    AddParticipant,
    DelayTurn,
    RemoveParticipant,
    StartEncounter,
)
from ledger.domain.errors import InvalidInput, RuleViolation
from tests.unit.effort_helpers import Table, of_type
from tests.unit.encounter_helpers import Fight, npc, pc


def test_initiative_is_rolled_as_3d6_plus_dexterity_unless_reported() -> None:
    fight = Fight()
    mara = fight.character("Mara", abilities={"Dexterity": 2})
    events = fight.start(pc(mara), npc("Thug", 11), dice=[3, 4, 5])
    (rolled,) = of_type(events, "Rolled")
    # the roll's total is the initiative, its expression what is added to the dice
    assert (rolled.expression, rolled.total, rolled.character_id) == ("3d6+2", 14, mara)
    order = fight.encounter.order
    assert [(p.name, p.initiative) for p in order] == [("Mara", 14), ("Thug", 11)]
    assert (fight.encounter.round, fight.whose_turn()) == (1, mara)


def test_initiative_ties_go_to_the_higher_ability_then_the_order_listed() -> None:
    fight = Fight()
    slow = fight.character("Slow", abilities={"Dexterity": 0})
    quick = fight.character("Quick", abilities={"Dexterity": 3})
    fight.start(npc("First listed", 10), pc(slow, 10), pc(quick, 10))
    assert [p.name for p in fight.encounter.order] == ["Quick", "First listed", "Slow"]


def test_initiative_tie_break_listed_keeps_the_gms_order() -> None:
    fight = Fight(initiative_tie_break="listed")
    slow = fight.character("Slow", abilities={"Dexterity": 0})
    quick = fight.character("Quick", abilities={"Dexterity": 3})
    fight.start(pc(slow, 10), pc(quick, 10))
    assert [p.name for p in fight.encounter.order] == ["Slow", "Quick"]


def test_initiative_without_an_ability_setting_is_the_dice_alone() -> None:
    fight = Fight(initiative_ability=None, initiative_dice="1d20")
    mara = fight.character("Mara", abilities={"Dexterity": 4})
    fight.start(pc(mara), dice=[17])
    assert fight.encounter.order[0].initiative == 17


def test_an_encounter_starts_only_inside_an_open_scene() -> None:
    table = Table()
    mara = table.character()
    with pytest.raises(RuleViolation, match="inside an open scene"):
        table.do(StartEncounter(participants=[pc(mara, 5)]))


def test_only_one_encounter_is_under_way_at_a_time() -> None:
    fight = Fight()
    fight.start(npc("Thug", 3))
    with pytest.raises(RuleViolation) as refused:
        fight.start(npc("Other", 3))
    assert refused.value.rule == "encounter-already-open"


def test_a_character_takes_part_once() -> None:
    fight = Fight()
    mara = fight.character()
    with pytest.raises(RuleViolation) as refused:
        fight.start(pc(mara, 3), pc("Mara", 4))
    assert refused.value.rule == "participant-already-in-encounter"


def test_next_turn_follows_the_order_and_a_new_round_starts_after_the_last() -> None:
    fight = Fight()
    a, b = fight.character("A"), fight.character("B")
    fight.start(pc(a, 12), pc(b, 8))
    fight.next()
    assert (fight.encounter.round, fight.whose_turn()) == (1, b)
    events = fight.next()
    assert [type(e).__name__ for e in events] == ["RoundStarted", "TurnAdvanced"]
    assert (fight.encounter.round, fight.whose_turn()) == (2, a)


def test_delay_moves_the_participant_after_another_and_keeps_that_place() -> None:
    fight = Fight()
    a, b, c = fight.character("A"), fight.character("B"), fight.character("C")
    fight.start(pc(a, 12), pc(b, 10), pc(c, 8))
    fight.do(DelayTurn(after=c))
    assert fight.whose_turn() == b
    assert [p.id for p in fight.encounter.order] == [b, c, a]
    fight.next(2)
    assert fight.whose_turn() == a  # after C, in the same round
    assert fight.encounter.round == 1
    fight.next()
    assert (fight.encounter.round, fight.whose_turn()) == (2, b)


def test_delay_only_to_after_someone_still_to_act() -> None:
    fight = Fight()
    a, b = fight.character("A"), fight.character("B")
    fight.start(pc(a, 12), pc(b, 10))
    fight.next()
    with pytest.raises(RuleViolation) as refused:
        fight.do(DelayTurn(after=a))
    assert refused.value.rule == "delay-after-someone-still-to-act"


def test_delay_names_the_participant_by_id_or_by_name_in_any_case() -> None:
    """A newcomer delayed after "Jonah" (a name, as starting an encounter takes) and was
    told Jonah was not still to act, in a list of ids that held Jonah's own."""
    fight = Fight()
    a, b, c = fight.character("Ann"), fight.character("Jonah"), fight.character("Cy")
    fight.start(pc(a, 12), pc(b, 10), pc(c, 8))
    fight.do(DelayTurn(after=" jonah "))
    assert [p.id for p in fight.encounter.order] == [b, a, c]
    with pytest.raises(RuleViolation) as refused:
        fight.do(DelayTurn(after="Nobody"))
    assert refused.value.rule == "delay-after-someone-still-to-act"
    assert "'Nobody' is not still to act" in refused.value.detail
    assert f"Ann ({a})" in refused.value.detail or f"Cy ({c})" in refused.value.detail
    other = fight.character("jonah")  # a second Jonah, by name: which one is meant?
    fight.do(AddParticipant(character_id=other, initiative=1))
    with pytest.raises(InvalidInput) as unclear:
        fight.do(DelayTurn(after="JONAH"))
    assert (unclear.value.rule, unclear.value.field) == ("ambiguous-participant", "after")
    assert b in unclear.value.detail
    assert other in unclear.value.detail


def test_a_participant_added_later_goes_after_equal_initiative() -> None:
    fight = Fight()
    a, b = fight.character("A"), fight.character("B")
    fight.start(pc(a, 12), pc(b, 8))
    fight.next()  # B's turn
    fight.do(AddParticipant(name="Late", initiative=12))
    assert [p.name for p in fight.encounter.order] == ["A", "Late", "B"]
    assert fight.whose_turn() == b


def test_removing_the_participant_whose_turn_it_is_passes_the_turn_first() -> None:
    fight = Fight()
    a, b, c = fight.character("A"), fight.character("B"), fight.character("C")
    fight.start(pc(a, 12), pc(b, 10), pc(c, 8))
    fight.next()
    events = fight.do(RemoveParticipant(participant_id=b, reason="fled"))
    assert [type(e).__name__ for e in events] == ["TurnAdvanced", "ParticipantRemoved"]
    assert fight.whose_turn() == c
    assert [p.id for p in fight.encounter.order] == [a, c]


def test_the_last_participant_is_not_removed() -> None:
    fight = Fight()
    fight.start(npc("Alone", 3))
    with pytest.raises(RuleViolation) as refused:
        fight.do(RemoveParticipant(participant_id=fight.whose_turn()))
    assert refused.value.rule == "encounter-needs-a-participant"


def test_ending_the_scene_ends_the_encounter() -> None:
    fight = Fight()
    fight.start(npc("Thug", 3))
    fight.end_scene()
    assert fight.state.encounter is None


def test_ending_the_session_ends_the_encounter() -> None:
    fight = Fight()
    fight.start_session()
    fight.scene()
    fight.start(npc("Thug", 3))
    fight.end_session()
    assert fight.state.encounter is None
    assert fight.state.encounters == 1


def test_ending_the_encounter_leaves_the_scene_open() -> None:
    fight = Fight()
    fight.start(npc("Thug", 3))
    (ended,) = of_type(fight.end(), "EncounterEnded")
    assert (ended.why, ended.rounds) == ("gm", 1)
    assert fight.state.clock.scene_open
