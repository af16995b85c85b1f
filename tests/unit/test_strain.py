"""System Strain and overcasting."""

from __future__ import annotations

import pytest

from ledger.domain import clock
from ledger.domain.errors import InvalidInput
from ledger.domain.magic import effort, strain
from ledger.domain.magic.spells import CastRequest, cast
from tests.unit.effort_helpers import Table, of_type


def overcast(table: Table, caster: str, spell: str, die: int, inflicted: int,
             duration: str = "scene") -> list:  # type: ignore[type-arg]
    request = CastRequest(spell=spell, duration=duration, overcast_die=die,
                          overcast_strain=inflicted)
    return table.do(cast(caster, request))


def test_gaining_strain_is_never_refused_and_says_when_it_passes_the_maximum() -> None:
    table = Table()
    mara = table.mage(strain={"current": 11, "permanent": 0, "max": 12})
    (gained,) = table.do(strain.gain(mara, 3, "drug"))
    assert (gained.before, gained.after, gained.over_max) == (11, 14, True)
    assert table.get(mara).strain.current == 14


def test_strain_recovery_is_the_amount_given() -> None:
    table = Table()
    mara = table.mage(strain={"current": 5, "permanent": 0, "max": 12})
    table.do(strain.recover(mara, 2, "a night's rest"))
    assert table.get(mara).strain.current == 3


def test_strain_never_recovers_below_its_permanent_part() -> None:
    table = Table()
    mara = table.mage(strain={"current": 4, "permanent": 2, "max": 12})
    (recovered,) = table.do(strain.recover(mara, 5, "rest"))
    assert (recovered.requested, recovered.amount, recovered.after) == (5, 2, 2)


def test_a_permanent_strain_point_raises_current_and_permanent() -> None:
    table = Table()
    mara = table.mage(strain={"current": 1, "permanent": 0, "max": 12})
    table.do(lambda s, c: [strain.permanent_event(s.characters[mara], 1, "linked ring")])
    assert (table.get(mara).strain.current, table.get(mara).strain.permanent) == (2, 1)


def test_a_permanent_point_that_ends_heals_as_ordinary_strain() -> None:
    table = Table()
    mara = table.mage(strain={"current": 2, "permanent": 1, "max": 12})
    table.do(lambda s, c: [strain.permanent_event(s.characters[mara], -1, "unlinked")])
    assert (table.get(mara).strain.current, table.get(mara).strain.permanent) == (2, 0)
    table.do(strain.recover(mara, 2, "rest"))
    assert table.get(mara).strain.current == 0


# --- overcasting --------------------------------------------------------------------

def test_overcasting_costs_no_effort() -> None:
    table = Table()
    mara = table.mage(cast=0, int_mod=0, prepared=("Cloak",))
    table.do(effort.commit(mara, "mage", 1, "day"))  # nothing left
    events = overcast(table, mara, "Cloak", die=4, inflicted=1)
    assert of_type(events, "EffortCommitted") == []
    assert of_type(events, "SpellCast")[0].effort == 0


def test_overcasting_records_the_die_plus_cast_plus_con_modifier() -> None:
    table = Table()
    mara = table.mage(cast=2, prepared=("Cloak",))
    table.get(mara).modifiers["con"] = 1
    (spell,) = of_type(overcast(table, mara, "Cloak", die=3, inflicted=1), "SpellCast")
    assert spell.overcast.result == 3 + 2 + 1
    assert spell.overcast.day_penalty == 0


def test_overcasting_a_spell_committed_for_the_day_takes_minus_two() -> None:
    table = Table()
    mara = table.mage(cast=2, prepared=("Emotion",))
    events = overcast(table, mara, "Emotion", die=5, inflicted=0, duration="day")
    (spell,) = of_type(events, "SpellCast")
    assert (spell.overcast.day_penalty, spell.overcast.result) == (2, 5 + 2 + 0 - 2)


def test_overcast_strain_above_the_maximum_knocks_the_caster_out_for_an_hour_at_1_hp() -> None:
    table = Table()
    mara = table.mage(prepared=("Cloak",), strain={"current": 10, "permanent": 0, "max": 12},
                      health={"current": 9, "max": 9})
    events = overcast(table, mara, "Cloak", die=1, inflicted=3)
    (collapsed,) = of_type(events, "OvercastCollapsed")
    assert (collapsed.health_before, collapsed.health_after) == (9, 1)
    assert collapsed.until_minute == table.state.clock.minutes + 60
    character = table.get(mara)
    assert (character.unconscious, character.health.current, character.strain.current) == (
        True, 1, 13)


def test_overcast_strain_reaching_exactly_the_maximum_does_not_knock_out() -> None:
    table = Table()
    mara = table.mage(prepared=("Cloak",), strain={"current": 10, "permanent": 0, "max": 12})
    events = overcast(table, mara, "Cloak", die=1, inflicted=2)
    assert of_type(events, "OvercastCollapsed") == []
    assert not table.get(mara).unconscious


def test_strain_above_the_maximum_without_overcasting_knocks_no_one_out() -> None:
    table = Table()
    mara = table.mage(cast=2, prepared=("Blastwave",),
                      strain={"current": 12, "permanent": 0, "max": 12})
    events = table.do(cast(mara, CastRequest(spell="Blastwave", duration="scene")))
    assert of_type(events, "StrainGained")[0].over_max
    assert of_type(events, "OvercastCollapsed") == []


def test_an_overcast_collapse_ends_when_an_hour_of_game_time_passes() -> None:
    table = Table()
    mara = table.mage(prepared=("Cloak",), strain={"current": 12, "permanent": 0, "max": 12})
    overcast(table, mara, "Cloak", die=1, inflicted=1)
    table.do(clock.advance(59))
    assert table.get(mara).unconscious
    table.do(clock.advance(1))
    assert not table.get(mara).unconscious
    assert table.get(mara).health.current == 1


def test_an_overcast_collapse_ends_at_a_new_day() -> None:
    table = Table()
    mara = table.mage(prepared=("Cloak",), strain={"current": 12, "permanent": 0, "max": 12})
    overcast(table, mara, "Cloak", die=1, inflicted=1)
    table.new_day()
    assert not table.get(mara).unconscious


def test_an_overcast_duration_spell_lasts_one_scene() -> None:
    table = Table()
    mara = table.mage(prepared=("Cloak",))
    (spell,) = of_type(overcast(table, mara, "Cloak", die=2, inflicted=0, duration="duration"),
                       "SpellCast")
    assert spell.effect_lasts == "scene"


def test_an_overcast_names_both_its_die_and_its_strain() -> None:
    table = Table()
    mara = table.mage(prepared=("Cloak",))
    with pytest.raises(InvalidInput):
        table.do(cast(mara, CastRequest(spell="Cloak", duration="scene", overcast_die=3)))


def test_an_overcast_spell_is_never_lost() -> None:
    table = Table()
    mara = table.mage(prepared=("Cloak",))
    request = CastRequest(spell="Cloak", duration="scene", overcast_die=3, overcast_strain=1,
                          lost=True)
    with pytest.raises(InvalidInput):
        table.do(cast(mara, request))
