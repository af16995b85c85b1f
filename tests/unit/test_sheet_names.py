"""Sheet names: closed lists in one canonical spelling, open text matched in any case."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from ledger.domain.characters import CharacterRegistered, Corrected, SheetUpdated, correct, update_sheet
from ledger.domain.characters import register_character as register
from ledger.domain.errors import InvalidInput
from ledger.domain.events import evolve
from ledger.domain.magic.effort import max_effort
from ledger.domain.sheet_names import ABILITIES, ATTRIBUTES, find_focus, lookup, normalize_sheet
from ledger.domain.state import CampaignState, Character
from tests.unit.magic_helpers import campaign, only, run


def registered(state: CampaignState, **sheet: Any) -> Character:
    event = only(run(state, register({"name": "Mara"} | sheet)), CharacterRegistered)
    return state.characters[event.character_id or ""]


def refusal(state: CampaignState, **sheet: Any) -> InvalidInput:
    with pytest.raises(InvalidInput) as refused:
        run(state, register({"name": "Mara"} | sheet))
    return refused.value


def test_sheet_names_modifiers_in_any_case_are_recorded_canonical_and_count() -> None:
    state = campaign()
    mara = registered(state, modifiers={"Int": 1, "WIS": 0}, skills={"Cast": 1})
    assert mara.modifiers == {"int": 1, "wis": 0}
    assert mara.skills == {"cast": 1}
    # Int 1 + Cast 1: the maximum the ignored "Int" used to lose.
    assert max_effort(mara, "mage") == 2


def test_sheet_names_unknown_modifier_is_refused_listing_the_attributes() -> None:
    refused = refusal(campaign(), modifiers={"Intelligence": 1})
    assert (refused.rule, refused.field) == ("unknown-name", "modifiers.Intelligence")
    assert refused.allowed == list(ATTRIBUTES)


def test_sheet_names_abilities_and_magic_ability_take_the_canonical_spelling() -> None:
    state = campaign()
    mara = registered(state, abilities={"willpower": 2, "CONSTITUTION": 1},
                      magic_ability="willpower")
    assert mara.abilities == {"Willpower": 2, "Constitution": 1}
    assert mara.magic_ability == "Willpower"


def test_sheet_names_unknown_ability_is_refused_listing_the_abilities() -> None:
    refused = refusal(campaign(), abilities={"Wits": 2})
    assert (refused.rule, refused.field, refused.allowed) == (
        "unknown-name", "abilities.Wits", list(ABILITIES))
    refused = refusal(campaign(), abilities={"Willpower": 2}, magic_ability="Magic")
    assert (refused.rule, refused.field) == ("unknown-name", "magic_ability")


def test_sheet_names_magic_ability_must_be_among_the_sheets_abilities() -> None:
    refused = refusal(campaign(), abilities={"Willpower": 2}, magic_ability="Intelligence")
    assert (refused.rule, refused.field) == ("magic-ability-not-on-sheet", "magic_ability")


def test_sheet_names_one_name_twice_in_two_cases_is_refused() -> None:
    assert refusal(campaign(), modifiers={"int": 1, "Int": 2}).rule == "duplicate-name"
    assert refusal(campaign(), skills={"Shoot": 1, "shoot": 2}).rule == "duplicate-name"
    assert refusal(campaign(), focuses=["Arcana", "arcana"]).rule == "duplicate-name"


def test_sheet_names_open_skills_and_focuses_keep_their_spelling() -> None:
    mara = registered(campaign(), skills={"Shoot": 1}, focuses=["Self-Discipline"])
    assert mara.skills == {"Shoot": 1}
    assert mara.focuses == ["Self-Discipline"]
    assert lookup(mara.skills, "shoot") == ("Shoot", 1)


def test_sheet_names_a_focus_matches_with_or_without_its_ability() -> None:
    assert find_focus(["Constitution (Stamina)"], "stamina") == "Constitution (Stamina)"
    assert find_focus(["Self-Discipline"], "Willpower (self-discipline)") == "Self-Discipline"
    assert find_focus(["Arcana (Lore)"], "Lore") is None  # "Arcana" is no ability
    assert refusal(campaign(), focuses=["Stamina", "Constitution (Stamina)"]).rule == \
        "duplicate-name"


def test_sheet_names_a_sheet_update_records_the_canonical_spelling() -> None:
    state = campaign()
    mara = registered(state, modifiers={"int": 0})
    event = only(run(state, update_sheet(mara.id, {"modifiers": {"INT": 2}})), SheetUpdated)
    assert event.changes == {"modifiers": {"int": 2}}


def test_sheet_names_a_correction_path_takes_the_canonical_spelling() -> None:
    state = campaign()
    mara = registered(state, modifiers={"int": 0}, skills={"Shoot": 1})
    event = only(run(state, correct(mara.id, "modifiers.Int", 2, "typo")), Corrected)
    assert (event.field, state.characters[mara.id].modifiers) == ("modifiers.int", {"int": 2})
    event = only(run(state, correct(mara.id, "skills.shoot", 2, "typo")), Corrected)
    assert event.field == "skills.Shoot"
    with pytest.raises(InvalidInput) as refused:
        run(state, correct(mara.id, "modifiers.Brawn", 2, "typo"))
    assert refused.value.allowed == list(ATTRIBUTES)


def test_sheet_names_events_recorded_before_keep_their_spelling_and_still_count() -> None:
    # A registration recorded before names were normalized: evolve keeps it as it is...
    state = campaign()
    evolve(state, CharacterRegistered(character_id="chr_old", sheet={
        "name": "Old", "modifiers": {"Int": 1}, "skills": {"Cast": 1}}))
    old = state.characters["chr_old"]
    assert old.modifiers == {"Int": 1}
    # ...and the decisions read it in any case.
    assert max_effort(old, "mage") == 2


def test_sheet_names_normalize_leaves_other_fields_alone() -> None:
    sheet = {"name": "Mara", "level": 3, "edges": ["Spellcaster"]}
    assert normalize_sheet(sheet) == sheet
    assert msgspec.convert(normalize_sheet(sheet) | {"id": "x"}, Character).level == 3
