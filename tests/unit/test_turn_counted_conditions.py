"""Conditions counted in turns and rounds inside an encounter (000; docs/rules/encounters.md,
"Turn-counted Conditions")."""

from __future__ import annotations

from ledger.domain import resources
from ledger.domain.encounters.commands import DelayTurn
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import Fight, npc, pc


def three(fight: Fight) -> tuple[str, str]:
    """Mara (12) and Ivo (10) with a thug (5); round 1, Mara's turn."""
    mara, ivo = fight.character("Mara"), fight.character("Ivo")
    fight.start(pc(mara, 12), pc(ivo, 10), npc("Thug", 5))
    return mara, ivo


def test_helpless_of_4_points_lasts_1_round() -> None:
    fight = Fight()
    _mara, ivo = three(fight)
    fight.next()  # Ivo's turn, round 1
    fight.condition(ivo, "Helpless", 4)
    fight.next(2)  # round 2, Mara
    assert fight.has(ivo, "Helpless")
    events = fight.next()  # round 2, Ivo: one round has passed
    assert [(e.name, e.why) for e in of_type(events, "ConditionExpired")] == [
        ("Helpless", "rounds-passed")]
    assert not fight.has(ivo, "Helpless")


def test_helpless_of_7_points_lasts_2_rounds() -> None:
    fight = Fight()
    mara, _ivo = three(fight)
    fight.condition(mara, "Helpless", 7)
    fight.next(3)  # round 2, Mara
    assert fight.has(mara, "Helpless")
    fight.next(3)  # round 3, Mara
    assert not fight.has(mara, "Helpless")


def test_helpless_that_comes_with_dying_lasts_as_long_as_dying() -> None:
    fight = Fight()
    mara, _ivo = three(fight)
    fight.do(resources.damage(mara, 10, "wound", "shot"))
    assert fight.get(mara).dying
    fight.condition(mara, "Helpless", 4)
    fight.next(9)
    assert fight.has(mara, "Helpless")


def test_helpless_outside_an_encounter_keeps_todays_behaviour() -> None:
    fight = Fight()
    mara = fight.character("Mara")
    fight.condition(mara, "Helpless", 4)
    fight.start(pc(mara, 3), npc("Thug", 2))
    fight.next(8)
    assert fight.has(mara, "Helpless")


def test_dazed_lasts_the_characters_next_turn() -> None:
    fight = Fight()
    _mara, ivo = three(fight)
    fight.condition(ivo, "Dazed")  # during Mara's turn
    fight.next()  # Ivo's turn starts: still Dazed
    assert fight.has(ivo, "Dazed")
    events = fight.next()  # Ivo's turn ends
    assert [(e.name, e.why) for e in of_type(events, "ConditionExpired")] == [
        ("Dazed", "own-turns-passed")]


def test_dazed_lasts_as_many_turns_as_the_gm_sets() -> None:
    fight = Fight(dazed_turns=2)
    _mara, ivo = three(fight)
    fight.condition(ivo, "Dazed")
    fight.next(2)  # Ivo's first turn ended
    assert fight.has(ivo, "Dazed")
    fight.next(3)  # Ivo's second turn ended
    assert not fight.has(ivo, "Dazed")


def test_shock_gained_in_ones_own_turn_lasts_through_the_next_entire_turn() -> None:
    fight = Fight()
    mara, _ivo = three(fight)
    fight.condition(mara, "Shock")  # Mara's own turn: it does not count
    fight.next(3)  # Mara's next turn starts
    assert fight.has(mara, "Shock")
    fight.next()  # and ends
    assert not fight.has(mara, "Shock")


def test_a_delayed_turn_is_not_a_turn_that_ended() -> None:
    fight = Fight()
    _mara, ivo = three(fight)
    fight.condition(ivo, "Shock")
    fight.next()  # Ivo's turn
    fight.do(DelayTurn(after=fight.encounter.order[2].id))
    fight.next()  # the thug's turn ends; Ivo's delayed turn starts
    assert (fight.whose_turn(), fight.has(ivo, "Shock")) == (ivo, True)
    fight.next()  # Ivo's delayed turn ends
    assert not fight.has(ivo, "Shock")


def test_conditions_counted_in_turns_end_with_the_encounter() -> None:
    fight = Fight()
    _mara, ivo = three(fight)
    fight.condition(ivo, "Dazed")
    events = fight.end()
    assert [(e.name, e.why) for e in of_type(events, "ConditionExpired")] == [
        ("Dazed", "encounter-ended")]
    assert fight.state.encounter is None
