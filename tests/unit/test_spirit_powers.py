"""Spirit powers and Namebearers: the constraints the rules state, one test per rule."""

from __future__ import annotations

import pytest

from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.spirits.actions import damage, dispel
from ledger.domain.spirits.powers import POWERS, canonical_power, checked_powers
from ledger.domain.spirits.summoning import summon
from ledger.domain.state import CampaignState
from tests.unit.spirits_helpers import campaign, new_character, order, run, summoned


def test_the_rules_list_twenty_eight_spirit_powers() -> None:
    assert len(POWERS) == len(set(POWERS)) == 28


def test_power_names_match_in_any_case_and_with_either_apostrophe() -> None:
    assert canonical_power("spirit\u2019s eye") == "Spirit's Eye"
    assert canonical_power("  violent   WILL ") == "Violent Will"


def test_unknown_spirit_power_is_refused() -> None:
    with pytest.raises(InvalidInput) as refused:
        checked_powers(["Fireball"], "physical")
    assert refused.value.rule == "unknown-spirit-power"


def test_a_power_is_taken_only_once() -> None:
    with pytest.raises(RuleViolation) as refused:
        checked_powers(["Curse", "curse"], "physical")
    assert refused.value.rule == "spirit-power-taken-once"


@pytest.mark.parametrize("power", ["Ensnare", "Violent Will", "Mighty Form", "Iron Eidolon"])
def test_physical_only_powers_are_refused_to_a_spirit_form(power: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        checked_powers([power], "spirit")
    assert refused.value.rule == "spirit-power-needs-physical-form"


@pytest.mark.parametrize("power", ["Ensnare", "Violent Will", "Mighty Form", "Iron Eidolon"])
def test_physical_only_powers_are_allowed_to_a_physical_form(power: str) -> None:
    assert checked_powers([power], "physical") == [power]


@pytest.mark.parametrize("power", ["Hideous Talons", "Spirit of War"])
def test_violent_will_enhancements_need_violent_will(power: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        checked_powers([power], "physical")
    assert refused.value.rule == "spirit-power-needs-violent-will"
    assert checked_powers([power, "Violent Will"], "physical") == [power, "Violent Will"]


def test_spirit_form_takes_powers_without_a_form_constraint() -> None:
    assert checked_powers(["Ghostly Presence", "Curse"], "spirit") == ["Ghostly Presence", "Curse"]


def test_summoning_with_a_broken_power_constraint_records_nothing() -> None:
    state = campaign()
    mara = new_character(state)
    with pytest.raises(RuleViolation):
        run(state, summon(mara, order(form="spirit", powers=["Violent Will"])))
    assert state.spirits == {}
    assert state.characters[mara].effort.commitments == []


# --- Namebearer ---------------------------------------------------------------

def test_namebearer_name_needs_the_namebearer_power() -> None:
    state = campaign()
    mara = new_character(state)
    with pytest.raises(RuleViolation) as refused:
        run(state, summon(mara, order(name="Ember")))
    assert refused.value.rule == "namebearer-needs-name"


def test_namebearer_power_needs_a_name() -> None:
    state = campaign()
    mara = new_character(state)
    with pytest.raises(RuleViolation) as refused:
        run(state, summon(mara, order(powers=["Namebearer"])))
    assert refused.value.rule == "namebearer-needs-name"


def test_namebearer_gains_two_hit_points_per_hit_die() -> None:
    state = campaign()
    mara = new_character(state)
    ember = summoned(state, mara, name="Ember", powers=["Namebearer"], hit_dice=2, hit_points=9)
    assert state.spirits[ember].max_hit_points == 13
    assert state.spirits[ember].hit_points == 13


def _destroyed_ember(powers: list[str]) -> tuple[CampaignState, str, str]:
    state = campaign()
    mara = new_character(state)
    ember = summoned(state, mara, name="Ember", powers=powers, hit_dice=1, hit_points=5)
    run(state, damage(ember, 50))
    assert state.spirits[ember].status == "destroyed"
    return state, mara, ember


def test_destroyed_namebearer_is_summoned_again_as_the_same_spirit() -> None:
    state, mara, ember = _destroyed_ember(["Namebearer", "Curse"])
    again = summoned(state, mara, name="ember", powers=["Namebearer", "Curse", "Favor"],
                     hit_points=4)
    assert again == ember
    spirit = state.spirits[ember]
    assert spirit.status == "present"
    assert spirit.hit_points == 6
    assert [s.status for s in spirit.history] == ["present", "destroyed", "present"]
    assert len(spirit.summonings) == 2


def test_namebearer_summoned_again_can_only_gain_powers() -> None:
    state, mara, _ = _destroyed_ember(["Namebearer", "Curse"])
    with pytest.raises(RuleViolation) as refused:
        run(state, summon(mara, order(name="Ember", powers=["Namebearer", "Favor"])))
    assert refused.value.rule == "namebearer-only-gains-powers"


def test_namebearer_summoned_again_keeps_its_manifestation() -> None:
    state, mara, _ = _destroyed_ember(["Namebearer"])
    with pytest.raises(RuleViolation) as refused:
        run(state, summon(mara, order(name="Ember", powers=["Namebearer"], form="spirit")))
    assert refused.value.rule == "namebearer-keeps-manifestation"


def test_namebearer_dispelled_can_also_be_summoned_again() -> None:
    state = campaign()
    mara = new_character(state)
    ember = summoned(state, mara, name="Ember", powers=["Namebearer"])
    run(state, dispel(ember))
    assert summoned(state, mara, name="Ember", powers=["Namebearer"]) == ember


def test_namebearer_still_summoned_cannot_be_summoned_twice() -> None:
    state = campaign()
    mara = new_character(state, level=5)
    summoned(state, mara, name="Ember", powers=["Namebearer"])
    with pytest.raises(RuleViolation) as refused:
        run(state, summon(mara, order(name="Ember", powers=["Namebearer"])))
    assert refused.value.rule == "namebearer-already-summoned"


def test_another_summoners_namebearer_of_the_same_name_is_a_different_spirit() -> None:
    state = campaign()
    mara = new_character(state)
    ivo = new_character(state, name="Ivo")
    first = summoned(state, mara, name="Ember", powers=["Namebearer"])
    assert summoned(state, ivo, name="Ember", powers=["Namebearer"]) != first
