"""Each catalogue matches the tables and rule functions the domain uses."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from ledger.domain import catalog
from ledger.domain.conditions.catalog import CATALOGUE, ESCALATIONS, lookup
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import EVENT_TYPES
from ledger.domain.items.firearms import MISHAPS
from ledger.domain.items.tables import (
    FIREARM_CLASS_TN,
    MATERIALS,
    OBJECT_DAMAGE_TYPES,
    build_material,
    check_damage_type,
)
from ledger.domain.magic.consequence_roll import CATEGORIES, SEVERITIES
from ledger.domain.magic.resistance import FACTORS, check_factors
from ledger.domain.magic.spell_rules import SPELLS, effect_strain
from ledger.domain.magic.test import CAREFUL, check_careful_options
from ledger.domain.spirits.powers import POWERS, canonical_power, checked_powers
from ledger.domain.spirits.summoning import FORM_MIN_LEVEL, FORMS, summoning_cost
from ledger.domain.state import Settings


def entries(name: str, settings: Settings | None = None) -> dict[str, dict[str, Any]]:
    return {e["name"]: e for e in catalog.build(name, settings)["entries"]}


def test_catalog_names_list_every_catalogue() -> None:
    assert catalog.names() == sorted(["conditions", "spirit-forms", "spirit-powers", "materials",
                                      "firearm-classes", "resistance-factors", "careful-magic",
                                      "spells", "consequence-categories", "event-types",
                                      "stunts"])


def test_catalog_unknown_name_lists_the_valid_names() -> None:
    with pytest.raises(catalog.UnknownCatalogue) as refused:
        catalog.build("potions")
    assert refused.value.allowed == catalog.names()


def test_conditions_match_the_condition_table() -> None:
    found = entries("conditions")
    assert {name: e["points"] for name, e in found.items()} == {
        s.name: list(s.points) for s in CATALOGUE.values()}
    grabbed = found["Grabbed"]["escalations"]
    assert [e["rule"] for e in grabbed] == [e.rule for e in ESCALATIONS if "Grabbed" in (e.on,)]


def test_conditions_helpless_points_follow_the_campaign_setting() -> None:
    assert entries("conditions")["Helpless"]["default_points"] == 4
    seven = catalog.build("conditions", Settings(helpless_points=7))
    assert seven["settings"] == {"helpless_points": 7}
    assert {e["name"]: e for e in seven["entries"]}["Helpless"]["default_points"] == 7


def test_conditions_what_ends_injured_depends_on_its_points() -> None:
    ends = {e["points"]: e for e in entries("conditions")["Injured"]["ends"]}
    assert (ends[2]["recovery_roll"], ends[2]["needs_treatment_first"]) == (True, False)
    assert (ends[4]["recovery_roll"], ends[4]["needs_treatment_first"]) == (True, True)
    assert ends[6]["recovery_roll"] is False


def test_spirit_powers_match_the_power_list_and_its_prerequisites() -> None:
    found = entries("spirit-powers")
    assert list(found) == list(POWERS)
    for name, entry in found.items():
        if {"form": "physical"} in entry["prerequisites"]:
            with pytest.raises(RuleViolation):
                checked_powers([name], "spirit")
        if {"power": "Violent Will"} in entry["prerequisites"]:
            with pytest.raises(RuleViolation):
                checked_powers([name], "physical")
            assert checked_powers(["Violent Will", name], "physical")
        if not entry["prerequisites"]:
            assert checked_powers([name], "spirit") == [name]


def test_spirit_forms_match_forms_levels_and_costs() -> None:
    found = entries("spirit-forms")
    assert list(found) == list(FORMS)
    levels = found["physical"]["form_levels"]
    assert {lv["form_level"]: lv["min_character_level"] for lv in levels} == FORM_MIN_LEVEL
    for row in found["spirit"]["summoning_cost"]["immediate"]:
        assert row["effort"] == summoning_cost("immediate", row["powers"], row["summon_skill"])


def test_materials_match_the_material_table() -> None:
    found = entries("materials")
    assert list(found) == list(MATERIALS)
    steel = build_material({"name": "steel"})
    assert (found["steel"]["durability"], found["steel"]["integrity"]) == (
        steel.durability, steel.integrity)
    assert found["liquid"]["durability_by_damage_type"]["acid"] == MATERIALS["liquid"][3]["acid"]


def test_firearm_classes_match_their_trust_test_tns() -> None:
    found = entries("firearm-classes")
    assert {n: e["trust_test_tn"] for n, e in found.items()} == FIREARM_CLASS_TN
    assert found["revolver"]["mishap_by_stunt_die"]["1"] == MISHAPS[1]


def test_resistance_factors_match_and_automatic_backlash_follows_the_setting() -> None:
    assert {n: e["resistance"] for n, e in entries("resistance-factors").items()} == FACTORS
    on = catalog.build("resistance-factors")["tables"]["automatic_backlash_by_resistance"]
    off = catalog.build("resistance-factors", Settings(auto_backlash_over_resistance_5=False))
    assert on["7"] == 2
    assert off["tables"]["automatic_backlash_by_resistance"]["7"] == 0


def test_careful_magic_matches_the_options_and_their_effect() -> None:
    found = entries("careful-magic")
    assert list(found) == list(CAREFUL)
    assert {e["tn_reduction"] for e in found.values()} == {1}


def test_spells_match_the_list_and_their_effort_and_strain_rules() -> None:
    found = entries("spells")
    assert list(found) == list(SPELLS)
    assert found["Illumination"]["effort"] == 0
    assert found["Stun"]["durations"] == ["day", "scene"]
    assert found["Stun"]["durations_after_first_cast_in_scene"] == ["day"]
    assert found["Blast"]["caster_strain"] == {"first_cast_in_scene": 0,
                                               "each_later_cast_in_scene": 1}
    assert found["Triage"]["target_strain_by_duration"]["day"] == 0
    assert found["Haste"]["effect_strain_by_use_that_day"] == [effect_strain("Haste", n)
                                                               for n in range(4)]
    assert found["Blastwave"]["once_per_scene_unless_overcast"] is True


def test_consequence_categories_match_the_tables() -> None:
    found = entries("consequence-categories")
    assert list(found) == list(CATEGORIES)
    severities = {s["name"]: s["backlash_cost"] for s in found["general"]["severities"]}
    assert severities == SEVERITIES


def test_event_types_list_every_type_with_its_data_schema() -> None:
    found = entries("event-types")
    assert set(found) == set(EVENT_TYPES)
    rolled = found["Rolled"]
    assert (rolled["version"], rolled["older_versions"]) == (4, [1, 2, 3])
    assert rolled["data_schema"] == msgspec.json.schema(EVENT_TYPES["Rolled"])


@pytest.mark.parametrize(("refuse", "catalogue", "valid"), [
    (lambda: canonical_power("Fireball"), "spirit-powers", set(POWERS)),
    (lambda: build_material({"name": "glass"}), "materials", set(MATERIALS)),
    (lambda: check_damage_type("radiant"), "materials", set(OBJECT_DAMAGE_TYPES)),
    (lambda: check_factors(["luck"]), "resistance-factors", set(FACTORS)),
    (lambda: check_careful_options(["prayer"]), "careful-magic", set(CAREFUL)),
    (lambda: lookup("Sleepy"), "conditions", {s.name for s in CATALOGUE.values()}),
])
def test_refused_names_list_the_valid_ones_and_the_catalogue(refuse: Any, catalogue: str,
                                                            valid: set[str]) -> None:
    with pytest.raises(InvalidInput) as refused:
        refuse()
    assert refused.value.catalog == catalogue
    assert set(refused.value.allowed) == valid
