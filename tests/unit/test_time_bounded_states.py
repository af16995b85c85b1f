"""Time-bounded states end (issue 12, section 2): the Unconscious Condition's 2d6 minutes,
First Aid, and Helpless that lasts as long as being unconscious (docs/rules/encounters.md,
"Time-bounded states")."""

from __future__ import annotations

from ledger.domain import clock, resources
from ledger.domain.conditions.adding import Request, add_condition
from ledger.domain.decision import Decide
from ledger.domain.encounters.dying_commands import GiveFirstAid
from ledger.domain.magic.strain import collapse_event
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import Fight, npc, pc


def _add_unconscious(character_id: str) -> Decide:
    return add_condition(character_id, Request(name="Unconscious"))


def test_unconscious_condition_lasts_2d6_minutes_of_game_time() -> None:
    fight = Fight()
    mara = fight.character("Mara")
    fight.do(_add_unconscious(mara), [2, 3])
    (knockout,) = fight.get(mara).knockouts
    assert (knockout.cause, knockout.until_minute) == ("unconscious-condition", 5)
    assert fight.get(mara).unconscious
    fight.do(clock.advance(4))
    assert fight.get(mara).unconscious
    events = fight.do(clock.advance(1))
    assert [e.why for e in of_type(events, "UnconsciousEnded")] == ["time-passed"]
    assert [(e.name, e.why) for e in of_type(events, "ConditionExpired")] == [
        ("Unconscious", "unconscious-ended")]
    assert not fight.get(mara).unconscious
    assert not fight.has(mara, "Unconscious")


def test_unconscious_condition_expires_mid_fight_at_the_round_that_reaches_its_minute() -> None:
    fight = Fight(round_seconds=30)
    mara = fight.character("Mara")
    fight.start(pc(mara, 12), npc("Thug", 5))
    fight.do(_add_unconscious(mara), [1, 1])  # 2 minutes: four rounds of 30 seconds
    fight.next(6)  # round 4
    assert fight.get(mara).unconscious
    events = fight.next(2)  # round 5 starts at 2:00
    assert [e.why for e in of_type(events, "UnconsciousEnded")] == ["time-passed"]
    assert not fight.has(mara, "Unconscious")


def test_unconscious_condition_ends_on_regaining_health_and_with_first_aid() -> None:
    fight = Fight()
    mara = fight.character("Mara", health={"current": 5, "max": 10})
    fight.do(_add_unconscious(mara), [6, 6])
    fight.do(resources.heal(mara, 1, "bandages"))
    assert not fight.get(mara).unconscious
    ivo = fight.character("Ivo")
    fight.do(_add_unconscious(ivo), [6, 6])
    events = fight.do(GiveFirstAid(character_id=ivo, by=mara))
    assert [e.why for e in of_type(events, "UnconsciousEnded")] == ["first-aid"]
    assert not fight.get(ivo).unconscious


def test_first_aid_revives_from_stun_damage() -> None:
    fight = Fight()
    mara = fight.character("Mara")
    fight.do(resources.damage(mara, 10, "stun", "a sap"), [6, 6])
    events = fight.do(GiveFirstAid(character_id=mara))
    assert [(e.cause, e.why) for e in of_type(events, "UnconsciousEnded")] == [
        ("stun-damage", "first-aid")]
    assert not fight.get(mara).unconscious


def test_first_aid_does_not_wake_an_overcasting_collapse() -> None:
    fight = Fight()
    mara = fight.mage()
    fight.do(lambda state, ctx: [collapse_event(state, state.characters[mara], 13)])
    fight.do(resources.damage(mara, 10, "stun", "a sap"), [6, 6])
    fight.do(GiveFirstAid(character_id=mara))
    assert fight.get(mara).unconscious


def test_helpless_that_comes_with_unconsciousness_lasts_as_long_as_it() -> None:
    fight = Fight()
    mara = fight.character("Mara")
    fight.start(pc(mara, 12), npc("Thug", 5))
    fight.do(resources.damage(mara, 10, "stun", "a sap"), [6, 6])
    fight.condition(mara, "Helpless", 4)
    fight.next(6)
    assert fight.has(mara, "Helpless")
    events = fight.do(resources.heal(mara, 1, "smelling salts"))
    assert [(e.name, e.why) for e in of_type(events, "ConditionExpired")] == [
        ("Helpless", "unconscious-ended")]


def test_the_end_of_an_overcasting_collapse_leaves_a_stun_knockout_unconscious() -> None:
    table = Fight()
    mara = table.mage()
    table.do(lambda state, ctx: [collapse_event(state, state.characters[mara], 13)])
    table.do(clock.advance(55))
    table.do(resources.damage(mara, 1, "stun", "a sap"), [6, 6])  # out until minute 67
    events = table.do(clock.advance(5))  # minute 60: the collapse ends, the stun holds
    (ended,) = of_type(events, "CollapseEnded")
    assert ended.still_unconscious
    assert table.get(mara).unconscious
    table.do(clock.advance(7))
    assert not table.get(mara).unconscious


def exhausted(fight: Fight, **sheet: object) -> str:
    mara = fight.character("Mara", health={"current": 10, "max": 10}, **sheet)
    fight.condition(mara, "Exhausted")
    return mara


def test_exhausted_losing_more_than_half_health_is_unconscious_for_1d6_hours() -> None:
    fight = Fight()
    mara = exhausted(fight)
    fight.do(resources.damage(mara, 5, "wound", "a club"))  # half lost, not more
    assert not fight.get(mara).unconscious
    events = fight.do(resources.damage(mara, 1, "wound", "a club"), [2])
    assert [(k.cause, k.minutes) for k in of_type(events, "KnockedOut")] == [("exhausted", 120)]
    fight.do(clock.advance(119))
    assert fight.get(mara).unconscious
    fight.do(clock.advance(1))
    assert not fight.get(mara).unconscious
    assert fight.get(mara).health.current == 4  # no Health regained before six hours


def test_exhausted_unconsciousness_ends_when_restored_above_half_health() -> None:
    fight = Fight()
    mara = exhausted(fight)
    fight.do(resources.damage(mara, 7, "wound", "a club"), [3])
    fight.do(resources.heal(mara, 2, "bandages"))  # 5 of 10: not above half
    assert fight.get(mara).unconscious
    events = fight.do(resources.heal(mara, 1, "bandages"))
    assert [e.why for e in of_type(events, "UnconsciousEnded")] == ["healed"]


def test_exhausted_six_hours_unconscious_regain_10_plus_constitution_plus_level_health() -> None:
    fight = Fight()
    mara = exhausted(fight, abilities={"Constitution": 2}, level=3)
    fight.do(resources.damage(mara, 9, "wound", "a club"), [6])
    events = fight.do(clock.advance(360))
    assert [e.amount for e in of_type(events, "Healed")] == [15]
    assert (fight.get(mara).unconscious, fight.get(mara).health.current) == (False, 10)


def test_exhausted_six_hours_regain_comes_with_a_new_day_too() -> None:
    """A new day also ends the knockout (more than six hours pass), so the six hours'
    Health comes with it (an outside review of the readings found the new day waking the
    character without it, still below half Health)."""
    fight = Fight()
    mara = exhausted(fight, abilities={"Constitution": 2}, level=3)
    fight.do(resources.damage(mara, 9, "wound", "a club"), [6])
    events = fight.do(clock.new_day([]))
    assert [e.why for e in of_type(events, "UnconsciousEnded")] == ["new-day"]
    assert [e.amount for e in of_type(events, "Healed")] == [15]
    assert (fight.get(mara).unconscious, fight.get(mara).health.current) == (False, 10)
