"""Game time inside an encounter, and what it brings: effects measured in minutes end
mid-fight, spirits join on their summoner's initiative, scene Effort under mission time
(docs/rules/encounters.md)."""

from __future__ import annotations

from ledger.domain import clock, resources
from ledger.domain.magic import effort
from ledger.domain.spirits.summoning import summon
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import Fight, npc, pc
from tests.unit.spirits_helpers import order, sheet


def test_game_time_is_the_start_plus_rounds_times_the_rounds_length() -> None:
    fight = Fight()
    fight.do(clock.advance(5))
    fight.start(npc("A", 9), npc("B", 3))
    fight.next(2)  # round 2: 6 seconds in
    assert (fight.state.clock.minutes, fight.state.clock.seconds) == (5, 6)
    events = fight.next(18)  # round 11 starts 60 seconds after the start
    assert fight.encounter.round == 11
    assert (fight.state.clock.minutes, fight.state.clock.seconds) == (6, 0)
    (advance,) = of_type(events, "TimeAdvanced")
    assert (advance.before, advance.after) == (5, 6)


def test_ending_the_encounter_counts_the_round_in_progress_whole() -> None:
    fight = Fight(round_seconds=10)
    fight.start(npc("A", 9))
    fight.next(6)  # round 7 under way: 60 seconds in
    ended = fight.end()
    assert of_type(ended, "EncounterEnded")[0].rounds == 7
    assert (fight.state.clock.minutes, fight.state.clock.seconds) == (1, 10)


def test_an_advance_in_minutes_keeps_the_seconds_rounds_left() -> None:
    fight = Fight()
    fight.start(npc("A", 9))
    fight.next(1)
    fight.end()
    assert fight.state.clock.seconds == 12
    fight.do(clock.advance(3))
    assert (fight.state.clock.minutes, fight.state.clock.seconds) == (3, 12)


def test_stun_unconsciousness_ends_mid_fight_at_the_round_that_reaches_its_minute() -> None:
    fight = Fight(round_seconds=30)
    mara = fight.character("Mara", health={"current": 10, "max": 10})
    fight.start(pc(mara, 9))
    fight.do(resources.damage(mara, 10, "stun", "a sap"), [1, 1])  # 2 minutes
    fight.next(3)  # round 4: 90 seconds in
    assert fight.get(mara).unconscious
    events = fight.next()  # round 5: 120 seconds in
    assert [e.why for e in of_type(events, "UnconsciousEnded")] == ["time-passed"]
    assert not fight.get(mara).unconscious


def test_an_immediately_summoned_spirit_acts_on_its_summoners_initiative_from_the_next_round(
) -> None:
    fight = Fight()
    mara = fight.character(**sheet())
    fight.start(pc(mara, 12), npc("Thug", 5))
    events = fight.do(summon(mara, order(mode="immediate", powers=[])), [6, 6])
    (joined,) = of_type(events, "EncounterSpiritJoined")
    assert (joined.participant_id, joined.from_round) == (mara, 2)
    assert fight.encounter.order[0].spirits == {joined.spirit_id: 2}
    assert next(p.id for p in fight.encounter.order) == mara  # no place of its own


def test_a_summoners_present_spirits_act_on_the_summoners_initiative_from_the_start() -> None:
    fight = Fight()
    mara = fight.character(**sheet())
    (spirit,) = of_type(fight.do(summon(mara, order())), "SpiritSummoned")
    fight.start(pc(mara, 12))
    assert fight.encounter.order[0].spirits == {spirit.spirit_id: 1}


def test_scene_effort_returns_at_the_end_of_each_fight_under_mission_time() -> None:
    fight = Fight(mission_time=True)
    mara = fight.mage()
    fight.do(effort.commit(mara, "mage", 1, "scene"))
    fight.start(pc(mara, 5))
    returned = of_type(fight.end(), "EffortReturned")
    assert [r.why for r in returned] == ["fight-ended"]
    assert fight.get(mara).effort.commitments == []


def test_scene_effort_waits_for_the_scene_without_mission_time() -> None:
    fight = Fight()
    mara = fight.mage()
    fight.do(effort.commit(mara, "mage", 1, "scene"))
    fight.start(pc(mara, 5))
    assert of_type(fight.end(), "EffortReturned") == []
    assert len(fight.get(mara).effort.commitments) == 1
