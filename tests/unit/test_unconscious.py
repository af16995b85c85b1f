"""Unconscious ends: stun damage to 0 Health (the rules README; issue 12, bug 1)."""

from __future__ import annotations

from ledger.domain import clock, resources
from ledger.domain.magic.strain import collapse_event
from tests.unit.effort_helpers import Table, of_type


def knocked_out(table: Table, dice: list[int]) -> str:
    """Mara, 10 Health, takes 10 stun damage; `dice` are the 2d6 minutes rolled for it."""
    mara = table.character("Mara", health={"current": 10, "max": 10})
    table.do(resources.damage(mara, 10, "stun", "a sap to the head"), dice)
    return mara


def test_stun_knockout_records_its_2d6_minutes_at_the_knockout() -> None:
    table = Table()
    mara = knocked_out(table, [3, 4])
    knockout = table.get(mara).knockouts[0]
    assert (knockout.cause, knockout.until_minute) == ("stun-damage", 7)
    assert table.get(mara).unconscious


def test_stun_knockout_ends_when_its_2d6_minutes_of_game_time_pass() -> None:
    table = Table()
    mara = knocked_out(table, [3, 4])
    table.do(clock.advance(6))
    assert table.get(mara).unconscious
    events = table.do(clock.advance(1))
    assert [e.why for e in of_type(events, "UnconsciousEnded")] == ["time-passed"]
    assert not table.get(mara).unconscious
    assert table.get(mara).knockouts == []


def test_stun_knockout_ends_on_regaining_at_least_1_health() -> None:
    table = Table()
    mara = knocked_out(table, [6, 6])
    table.do(resources.heal(mara, 1, "bandages"))
    assert not table.get(mara).unconscious


def test_stun_knockout_ends_at_a_new_day() -> None:
    table = Table()
    mara = knocked_out(table, [6, 6])
    table.new_day()
    assert not table.get(mara).unconscious


def test_healing_does_not_wake_an_overcasting_collapse() -> None:
    table = Table()
    mara = table.mage()
    table.do(lambda state, ctx: [collapse_event(state, state.characters[mara], 13)])
    table.do(resources.heal(mara, 5, "bandages"))
    assert table.get(mara).unconscious
