"""Objects: materials, Durability and Integrity, repair, identification (000 and 001 6.4.1)."""

from __future__ import annotations

import pytest

from ledger.domain.characters import record_death
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.items import objects as items
from ledger.domain.items.damage import ItemDamaged, ItemRepaired, damage_item, repair_item
from ledger.domain.items.identification import ItemIdentified, identify
from ledger.domain.items.tables import durability
from tests.unit.items_helpers import Table, of_type


@pytest.fixture
def table() -> Table:
    return Table()


def hit(table: Table, item_id: str, amount: int, damage_type: str = "impact",
        **kw: str) -> ItemDamaged:
    (event,) = table.run(damage_item(item_id, amount, damage_type, **kw))
    assert isinstance(event, ItemDamaged)
    return event


# --- the materials table ---------------------------------------------------------------


@pytest.mark.parametrize(("material", "durability_", "integrity"), [
    ("liquid", 0, 2), ("steel", 15, 10), ("alloy", 13, 12), ("precious-metal", 11, 4),
    ("mystic-metal", 18, 12), ("wood", 4, 4), ("hardwood", 8, 6)])
def test_listed_materials_take_their_durability_and_integrity_from_the_rules(
        table: Table, material: str, durability_: int, integrity: int) -> None:
    item = table.it(table.item(materials=[{"name": material}]))
    assert durability(item) == durability_
    assert item.integrity.current == item.integrity.max == integrity


def test_material_names_are_matched_loosely(table: Table) -> None:
    item = table.it(table.item(materials=[{"name": "Precious Metal"}]))
    assert item.materials[0].name == "precious-metal"


def test_a_material_outside_the_rules_list_needs_its_durability_and_integrity(
        table: Table) -> None:
    with pytest.raises(InvalidInput) as refused:
        table.run(items.register_item({"name": "Bone idol", "kind": "object",
                                       "materials": [{"name": "bone"}]}))
    assert refused.value.rule == "material-figures-required"
    assert "steel" in (refused.value.allowed or [])
    item = table.it(table.item(materials=[{"name": "bone", "durability": 6, "integrity": 3}]))
    assert durability(item) == 6
    assert item.integrity.max == 3


def test_mystic_metals_have_durability_18_or_more(table: Table) -> None:
    with pytest.raises(InvalidInput) as refused:
        table.item(materials=[{"name": "mystic-metal", "durability": 17}])
    assert refused.value.rule == "mystic-metal-minimum"
    assert durability(table.it(table.item(materials=[{"name": "mystic-metal",
                                                       "durability": 21}]))) == 21


def test_impact_ballistic_and_penetrating_make_no_difference_so_take_no_modifier(
        table: Table) -> None:
    with pytest.raises(InvalidInput) as refused:
        table.item(materials=[{"name": "steel", "modifiers": {"ballistic": 2}}])
    assert refused.value.rule == "plain-damage-makes-no-difference"


# --- damage against Durability -----------------------------------------------------------


def test_damage_greater_than_durability_takes_one_integrity(table: Table) -> None:
    knife = table.item()
    event = hit(table, knife, 16)
    assert event.exceeded
    assert event.durability == 15
    assert (event.integrity_before, event.integrity_after) == (10, 9)
    assert table.it(knife).integrity.current == 9


def test_damage_equal_to_durability_takes_no_integrity(table: Table) -> None:
    knife = table.item()
    event = hit(table, knife, 15)
    assert not event.exceeded
    assert table.it(knife).integrity.current == 10


def test_a_big_hit_still_takes_only_one_integrity(table: Table) -> None:
    knife = table.item()
    hit(table, knife, 200)
    assert table.it(knife).integrity.current == 9


@pytest.mark.parametrize("damage_type", ["impact", "ballistic", "penetrating"])
def test_plain_damage_types_use_the_plain_durability(table: Table, damage_type: str) -> None:
    assert hit(table, table.item(), 16, damage_type).durability == 15


def test_metals_have_three_less_durability_against_acid_and_cold(table: Table) -> None:
    knife = table.item()
    assert hit(table, knife, 13, "acid").exceeded  # 15 - 3 = 12
    assert hit(table, knife, 13, "cold").durability == 12


def test_metals_have_five_more_durability_against_fire_lightning_and_sonic(
        table: Table) -> None:
    knife = table.item()
    for damage_type in ("fire", "lightning", "sonic"):
        event = hit(table, knife, 19, damage_type)
        assert event.durability == 20
        assert not event.exceeded


def test_liquids_have_the_rules_absolute_durability_against_acid_cold_fire_lightning(
        table: Table) -> None:
    water = table.item(name="Holy water", kind="object", materials=[{"name": "liquid"}])
    figures = {t: hit(table, water, 0, t).durability
               for t in ("acid", "cold", "fire", "lightning", "impact")}
    assert figures == {"acid": 20, "cold": 10, "fire": 5, "lightning": 5, "impact": 0}


def test_wood_has_three_less_durability_against_fire(table: Table) -> None:
    staff = table.item(name="Staff", materials=[{"name": "hardwood"}])
    assert hit(table, staff, 6, "fire").exceeded  # 8 - 3 = 5


def test_special_damage_without_a_listed_modifier_uses_the_plain_durability(
        table: Table) -> None:
    assert hit(table, table.item(), 16, "arcane").durability == 15


def test_gm_given_modifiers_apply_to_special_damage(table: Table) -> None:
    knife = table.item(materials=[{"name": "steel", "modifiers": {"spiritual": -5}}])
    assert hit(table, knife, 11, "spiritual").exceeded


def test_enchanted_extra_durability_adds_to_the_materials(table: Table) -> None:
    blade = table.item(magical=True, durability_bonus=3)
    assert hit(table, blade, 17).durability == 18


def test_several_materials_use_the_lowest_durability_when_vulnerable_parts_are_exposed(
        table: Table) -> None:
    rifle = table.item(materials=[{"name": "steel"}, {"name": "wood"}], exposure="lowest",
                       integrity=8)
    assert hit(table, rifle, 5).exceeded


def test_several_materials_use_the_highest_durability_when_they_are_not(table: Table) -> None:
    rifle = table.item(materials=[{"name": "steel"}, {"name": "wood"}], exposure="highest",
                       integrity=8)
    assert not hit(table, rifle, 5).exceeded


def test_the_gm_may_rule_exposure_for_one_hit(table: Table) -> None:
    rifle = table.item(materials=[{"name": "steel"}, {"name": "wood"}], exposure="highest",
                       integrity=8)
    event = hit(table, rifle, 5, exposure="lowest")
    assert event.exceeded
    assert event.exposure == "lowest"


def test_several_materials_need_the_gms_exposure_and_an_integrity(table: Table) -> None:
    two = [{"name": "steel"}, {"name": "wood"}]
    with pytest.raises(InvalidInput) as no_exposure:
        table.item(materials=two, integrity=8)
    with pytest.raises(InvalidInput) as no_integrity:
        table.item(materials=two, exposure="lowest")
    assert no_exposure.value.rule == "exposure-required-for-several-materials"
    assert no_integrity.value.rule == "integrity-required-for-several-materials"


def test_an_object_at_zero_integrity_is_nonfunctional(table: Table) -> None:
    vial = table.item(name="Vial", materials=[{"name": "liquid"}])
    hit(table, vial, 1)
    event = hit(table, vial, 1)
    assert event.integrity_after == 0
    assert event.status_after == "nonfunctional"


def test_the_gm_may_rule_an_object_at_zero_integrity_destroyed(table: Table) -> None:
    vial = table.item(name="Vial", materials=[{"name": "liquid"}], integrity_current=1)
    hit(table, vial, 1, at_zero="destroyed")
    assert table.it(vial).status == "destroyed"
    with pytest.raises(RuleViolation) as refused:
        hit(table, vial, 1)
    assert refused.value.rule == "item-destroyed"


# --- repair ------------------------------------------------------------------------------


def test_repair_is_against_durability_plus_10_and_restores_one_per_threshold_success(
        table: Table) -> None:
    knife = table.item(integrity_current=4)
    (event,) = table.run(repair_item(knife, 3))
    assert isinstance(event, ItemRepaired)
    assert event.tn == 25
    assert (event.integrity_before, event.integrity_after) == (4, 7)


def test_repair_never_goes_above_the_maximum(table: Table) -> None:
    knife = table.item(integrity_current=9)
    table.run(repair_item(knife, 5))
    assert table.it(knife).integrity.current == 10


def test_the_gm_may_cap_a_repair(table: Table) -> None:
    knife = table.item(integrity_current=4)
    table.run(repair_item(knife, 5, cap=6))
    assert table.it(knife).integrity.current == 6


def test_a_repaired_nonfunctional_object_works_again(table: Table) -> None:
    vial = table.item(name="Vial", materials=[{"name": "liquid"}], integrity_current=1)
    hit(table, vial, 1)
    table.run(repair_item(vial, 1))
    assert table.it(vial).status == "working"


def test_a_destroyed_object_cannot_be_repaired(table: Table) -> None:
    vial = table.item(name="Vial", materials=[{"name": "liquid"}], integrity_current=1)
    hit(table, vial, 1, at_zero="destroyed")
    with pytest.raises(RuleViolation) as refused:
        table.run(repair_item(vial, 2))
    assert refused.value.rule == "item-destroyed"


# --- registration checks and holders -----------------------------------------------------


def test_a_firearm_kind_needs_its_class_and_listed_damage(table: Table) -> None:
    with pytest.raises(InvalidInput) as refused:
        table.item(kind="firearm")
    assert refused.value.rule == "firearm-kind"


def test_only_magical_items_have_an_enchantment_bonus_or_minimum_skill(table: Table) -> None:
    with pytest.raises(InvalidInput) as bonus:
        table.item(enchantment_bonus=1)
    with pytest.raises(InvalidInput) as skill:
        table.item(min_skill={"skill": "cast", "level": 1})
    assert bonus.value.rule == "enchantment-needs-magical-item"
    assert skill.value.rule == "min-skill-needs-magical-item"


def test_holders_and_links_are_listed_by_character(table: Table) -> None:
    mara = table.character()
    knife = table.item(holder=mara)
    wand = table.item(name="Wand")
    table.run(items.hand_over(wand, mara))
    assert items.holdings(table.state) == [{"character_id": mara, "holds": [knife, wand], "linked": []}]
    table.run(items.hand_over(wand, None))
    assert items.holdings(table.state)[0]["holds"] == [knife]


# --- identification ----------------------------------------------------------------------


def test_identifying_an_item_with_a_minimum_skill_needs_that_skill(table: Table) -> None:
    wand = table.item(name="Wand", magical=True, min_skill={"skill": "cast", "level": 2})
    novice = table.character(skills={"cast": 1, "summon": 3})
    with pytest.raises(RuleViolation) as refused:
        table.run(identify(wand, novice))
    assert refused.value.rule == "identification-needs-minimum-skill"
    adept = table.character(name="Ada", skills={"cast": 2})
    table.run(identify(wand, adept))
    assert table.it(wand).studies[0].basis == "minimum-skill"


def test_without_a_minimum_skill_cast_0_or_summon_0_identifies(table: Table) -> None:
    ring = table.item(name="Ring", magical=True)
    caster = table.character(skills={"cast": 0})
    summoner = table.character(name="Sam", skills={"summon": 0})
    table.run(identify(ring, caster))
    table.run(identify(ring, summoner))
    assert {s.character for s in table.it(ring).studies} == {caster, summoner}


def test_without_cast_or_summon_nobody_identifies(table: Table) -> None:
    ring = table.item(name="Ring", magical=True)
    mundane = table.character(edges=["Graced"])
    with pytest.raises(RuleViolation) as refused:
        table.run(identify(ring, mundane))
    assert refused.value.rule == "identification-needs-cast-or-summon-0"


def test_identification_takes_a_days_study_completed_at_the_next_new_day(table: Table) -> None:
    ring = table.item(name="Ring", magical=True)
    caster = table.character(skills={"cast": 0})
    table.run(identify(ring, caster))
    assert table.it(ring).identified == []
    (done,) = of_type(table.new_day(), ItemIdentified)
    assert (done.character_id, done.began_day, done.day) == (caster, 1, 2)
    assert [i.character for i in table.it(ring).identified] == [caster]
    assert table.it(ring).studies == []


def test_a_study_under_way_or_done_is_not_begun_again(table: Table) -> None:
    ring = table.item(name="Ring", magical=True)
    caster = table.character(skills={"cast": 0})
    table.run(identify(ring, caster))
    with pytest.raises(RuleViolation) as twice:
        table.run(identify(ring, caster))
    table.new_day()
    with pytest.raises(RuleViolation) as known:
        table.run(identify(ring, caster))
    assert (twice.value.rule, known.value.rule) == ("identification-under-way",
                                                    "already-identified")


def test_a_mundane_item_has_nothing_to_identify(table: Table) -> None:
    caster = table.character(skills={"cast": 3})
    with pytest.raises(RuleViolation) as refused:
        table.run(identify(table.item(), caster))
    assert refused.value.rule == "item-not-magical"


def test_a_character_who_dies_abandons_the_study(table: Table) -> None:
    ring = table.item(name="Ring", magical=True)
    caster = table.character(skills={"cast": 0})
    table.run(identify(ring, caster))
    table.run(record_death(caster, "shot"))
    assert table.it(ring).studies == []
    assert of_type(table.new_day(), ItemIdentified) == []
