"""The Stun and Stunwave spells' knockout: ten minutes, then 1 Health (001; the rules
README, "Unconscious ends"; ledger/domain/stun_spell.py)."""

from __future__ import annotations

import pytest

from ledger.domain import clock, resources
from ledger.domain.encounters.dying_commands import GiveFirstAid
from ledger.domain.errors import RuleViolation
from tests.unit.effort_helpers import Table, of_type
from tests.unit.encounter_helpers import Fight, npc, pc


def stunned_by_the_spell(table: Table, spell: str = "Stun") -> str:
    mara = table.character("Mara", health={"current": 6, "max": 10})
    table.do(resources.damage(mara, 8, "stun", "psychic shock", spell))
    return mara


def test_a_stun_spell_knockout_wakes_ten_minutes_later_with_one_health() -> None:
    table = Table()
    mara = stunned_by_the_spell(table)
    (knockout,) = table.get(mara).knockouts
    assert (knockout.cause, knockout.until_minute) == ("stun-spell", 10)
    table.do(clock.advance(9))
    assert table.get(mara).unconscious
    events = table.do(clock.advance(1))
    assert [(e.cause, e.why) for e in of_type(events, "UnconsciousEnded")] == [
        ("stun-spell", "time-passed")]
    assert [(e.before, e.after) for e in of_type(events, "Healed")] == [(0, 1)]
    assert not table.get(mara).unconscious
    assert table.get(mara).health.current == 1


def test_a_stunwave_knockout_is_the_same_ten_minutes_and_rolls_no_2d6() -> None:
    table = Table()
    mara = table.character("Mara", health={"current": 6, "max": 10})
    events = table.do(resources.damage(mara, 8, "stun", "psychic shock", "Stunwave"))
    assert of_type(events, "Rolled") == []
    assert [k.cause for k in table.get(mara).knockouts] == ["stun-spell"]


def test_a_stun_spell_knockout_expires_mid_fight_at_the_round_that_reaches_ten_minutes() -> None:
    fight = Fight(round_seconds=60)
    mara = fight.character("Mara", health={"current": 6, "max": 10})
    fight.start(pc(mara, 12), npc("Thug", 5))
    fight.do(resources.damage(mara, 8, "stun", "psychic shock", "Stun"))
    fight.next(2 * 9)  # two turns a round, one minute a round: nine minutes
    assert fight.get(mara).unconscious
    events = fight.next(2)
    assert [e.cause for e in of_type(events, "UnconsciousEnded")] == ["stun-spell"]
    assert fight.state.encounter is not None
    assert fight.get(mara).health.current == 1


def test_healing_does_not_end_a_stun_spell_knockout_nor_adds_health_when_it_ends() -> None:
    table = Table()
    mara = stunned_by_the_spell(table)
    table.do(resources.heal(mara, 3, "bandages"))
    assert table.get(mara).unconscious
    events = table.do(clock.advance(10))
    assert [e.cause for e in of_type(events, "UnconsciousEnded")] == ["stun-spell"]
    assert of_type(events, "Healed") == []
    assert table.get(mara).health.current == 3


def test_first_aid_does_not_end_a_stun_spell_knockout() -> None:
    table = Table()
    mara = stunned_by_the_spell(table)
    with pytest.raises(RuleViolation) as refused:
        table.do(GiveFirstAid(character_id=mara))
    assert refused.value.rule == "first-aid-not-needed"
    assert table.get(mara).unconscious


def test_a_stun_spell_knockout_ends_at_a_new_day_with_one_health() -> None:
    table = Table()
    mara = stunned_by_the_spell(table)
    table.new_day()
    assert not table.get(mara).unconscious
    assert table.get(mara).health.current == 1


def test_stun_spell_damage_must_be_stun_damage() -> None:
    table = Table()
    mara = table.character("Mara")
    with pytest.raises(RuleViolation) as refused:
        table.do(resources.damage(mara, 3, "wound", "psychic shock", "Stun"))
    assert (refused.value.rule, refused.value.field) == ("stun-spell-deals-stun-damage", "type")


def test_stun_damage_without_a_spell_still_rolls_its_2d6_minutes() -> None:
    table = Table()
    mara = table.character("Mara", health={"current": 6, "max": 10})
    table.do(resources.damage(mara, 8, "stun", "a sap"), [1, 1])
    assert [k.cause for k in table.get(mara).knockouts] == ["stun-damage"]
