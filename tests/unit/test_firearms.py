"""Firearm trust tests (000 Firearms; the README's "Firearm trust test")."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.domain.clock import end_scene
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.items.damage import damage_item, repair_item
from ledger.domain.items.firearms import TrustTested, maintain, trust_test
from ledger.domain.resources import Damaged
from ledger.domain.rolls import Rolled
from tests.unit.items_helpers import Table, of_type

STEADY = {"abilities": {"Willpower": 1}, "focuses": ["Firearms"]}


@pytest.fixture
def table() -> Table:
    made = Table()
    made.scene()
    return made


def trust(table: Table, item_id: str, user: str, dice: list[int],
           **kw: Any) -> tuple[TrustTested, list[Any]]:
    events = table.run(trust_test(item_id, user, **kw), dice)
    (result,) = of_type(events, TrustTested)
    return result, list(events)


@pytest.mark.parametrize(("weapon_class", "tn"), [
    ("blunderbuss", 9), ("Cannon", 9), ("musket", 9), ("revolver", 9),
    ("pocket pistol", 11), ("semiautomatic-pistol", 11), ("hunting rifle", 11), ("shotgun", 11),
    ("artillery", 13), ("carbine", 13), ("pump shotgun", 13), ("semiautomatic rifle", 13),
    ("automatic rifle", 13), ("sniper rifle", 13),
    ("rocket-propelled grenade", 15), ("vehicle-mounted weapon", 15)])
def test_the_weapon_class_sets_the_trust_test_tn(table: Table, weapon_class: str,
                                                  tn: int) -> None:
    gun = table.it(table.firearm(weapon_class))
    assert gun.firearm is not None
    assert gun.firearm.tn == tn


def test_a_class_the_rules_do_not_list_needs_a_tn(table: Table) -> None:
    gun = table.firearm("flintlock pistol")
    user = table.character(**STEADY)
    with pytest.raises(InvalidInput) as refused:
        table.run(trust_test(gun, user), [6, 6, 6])
    assert refused.value.rule == "firearm-class-tn-unknown"
    assert trust(table, gun, user, [6, 6, 6], tn=10)[0].tn == 10


def test_the_trust_test_is_willpower_plus_firearms_focus_plus_enchantments(
        table: Table) -> None:
    gun = table.firearm("sniper rifle", magical=True, enchantment_bonus=3)
    user = table.character(**STEADY)
    result, events = trust(table, gun, user, [1, 2, 3], ammo_bonus=2)
    # 6 on the dice + Willpower 1 + focus 2 + weapon 3 + ammunition 2 = 14 against 13
    assert (result.total, result.tn, result.success, result.outcome) == (14, 13, True,
                                                                          "trusted")
    (roll,) = of_type(events, Rolled)
    assert roll.kind == "age"
    assert roll.ability == "Willpower"
    assert roll.focus_bonus == 2


def test_without_the_firearms_focus_no_focus_bonus(table: Table) -> None:
    user = table.character(abilities={"Willpower": 1})
    result, _ = trust(table, table.firearm("sniper rifle"), user, [3, 3, 5])
    assert (result.focus_bonus, result.total, result.success) == (0, 12, False)


def test_the_trust_test_generates_no_stunt_points(table: Table) -> None:
    user = table.character(**STEADY)
    _, events = trust(table, table.firearm(), user, [5, 5, 5])
    (roll,) = of_type(events, Rolled)
    assert roll.success
    assert roll.doubles
    assert roll.stunt_points == 0


@pytest.mark.parametrize("stunt_die", [1, 2])
def test_a_failure_with_stunt_die_1_or_2_explodes_dealing_listed_damage_plus_2(
        table: Table, stunt_die: int) -> None:
    gun = table.firearm(damage="2d6")
    user = table.character(abilities={"Willpower": 0}, health={"current": 20, "max": 20})
    result, events = trust(table, gun, user, [1, 1, stunt_die, 3, 4])
    (damage_roll,) = [e for e in of_type(events, Rolled) if e.kind == "notation"]
    (hurt,) = of_type(events, Damaged)
    assert result.outcome == "exploded"
    assert damage_roll.total == 7
    assert hurt.amount == 9
    assert result.damage_to_user == 9
    assert table.ch(user).health.current == 11
    assert table.it(gun).status == "exploded"


def test_an_exploded_weapon_is_unusable(table: Table) -> None:
    gun = table.firearm(damage="3")
    user = table.character(abilities={"Willpower": 0})
    trust(table, gun, user, [1, 1, 1])
    table.scene()
    with pytest.raises(RuleViolation) as again:
        table.run(trust_test(gun, user), [6, 6, 6])
    with pytest.raises(RuleViolation) as repaired:
        table.run(repair_item(gun, 5))
    assert again.value.rule == repaired.value.rule == "exploded-weapon-unusable"


@pytest.mark.parametrize("stunt_die", [3, 4])
def test_a_failure_with_stunt_die_3_or_4_breaks_the_weapon_and_deals_2(
        table: Table, stunt_die: int) -> None:
    gun = table.firearm()
    user = table.character(abilities={"Willpower": 0})
    result, events = trust(table, gun, user, [1, 1, stunt_die])
    (hurt,) = of_type(events, Damaged)
    assert result.outcome == "broke"
    assert hurt.amount == 2
    assert table.it(gun).status == "broken"


def test_a_broken_weapon_is_unusable_until_repaired_and_may_be_tested_again(
        table: Table) -> None:
    gun = table.firearm()
    user = table.character(abilities={"Willpower": 0})
    trust(table, gun, user, [1, 1, 3])
    with pytest.raises(RuleViolation) as refused:
        table.run(trust_test(gun, user), [6, 6, 6])
    assert refused.value.rule == "weapon-broken-until-repaired"
    table.run(repair_item(gun, 1))
    assert trust(table, gun, user, [6, 6, 6])[0].success


@pytest.mark.parametrize("stunt_die", [5, 6])
def test_a_failure_with_stunt_die_5_or_6_jams_until_maintained(table: Table,
                                                                stunt_die: int) -> None:
    gun = table.firearm("rocket-propelled grenade")
    user = table.character(abilities={"Willpower": 0})
    result, events = trust(table, gun, user, [1, 1, stunt_die])
    assert result.outcome == "jammed"
    assert of_type(events, Damaged) == []
    table.scene()
    with pytest.raises(RuleViolation) as refused:
        table.run(trust_test(gun, user), [6, 6, 6])
    assert refused.value.rule == "weapon-jammed-until-maintained"
    table.run(maintain(gun, user))
    assert table.it(gun).status == "working"


def test_maintaining_a_weapon_that_is_not_jammed_is_refused(table: Table) -> None:
    with pytest.raises(RuleViolation) as refused:
        table.run(maintain(table.firearm()))
    assert refused.value.rule == "weapon-not-jammed"


def test_the_trust_test_is_once_per_encounter(table: Table) -> None:
    gun = table.firearm()
    user = table.character(**STEADY)
    trust(table, gun, user, [4, 4, 4])
    with pytest.raises(RuleViolation) as refused:
        table.run(trust_test(gun, user), [4, 4, 4])
    assert refused.value.rule == "trust-test-once-per-encounter"
    other = table.character(name="Other", **STEADY)
    assert trust(table, gun, other, [4, 4, 4])[0].success  # another user trusts it anew


def test_a_new_encounter_needs_a_new_trust_test(table: Table) -> None:
    gun = table.firearm()
    user = table.character(**STEADY)
    trust(table, gun, user, [4, 4, 4])
    table.scene()
    assert trust(table, gun, user, [4, 4, 4])[0].scene == 2


def test_a_damaged_weapon_is_tested_again_in_the_same_encounter(table: Table) -> None:
    gun = table.firearm()
    user = table.character(**STEADY)
    trust(table, gun, user, [4, 4, 4])
    table.run(damage_item(gun, 10, "impact"))  # not above Durability 15: no damage
    with pytest.raises(RuleViolation):
        table.run(trust_test(gun, user), [4, 4, 4])
    table.run(damage_item(gun, 16, "impact"))
    assert trust(table, gun, user, [4, 4, 4])[0].success


def test_the_trust_test_happens_in_an_encounter(table: Table) -> None:
    gun = table.firearm()
    user = table.character(**STEADY)
    table.run(end_scene)
    with pytest.raises(RuleViolation) as refused:
        table.run(trust_test(gun, user), [4, 4, 4])
    assert refused.value.rule == "trust-test-needs-an-encounter"


def test_enchanted_ammunition_adds_at_most_3(table: Table) -> None:
    user = table.character(**STEADY)
    with pytest.raises(InvalidInput) as refused:
        table.run(trust_test(table.firearm(), user, ammo_bonus=4), [4, 4, 4])
    assert refused.value.rule == "enchantment-bonus-at-most-3"


def test_an_enchanted_firearm_adds_at_most_3(table: Table) -> None:
    with pytest.raises(InvalidInput) as refused:
        table.firearm(magical=True, enchantment_bonus=4)
    assert refused.value.rule == "enchanted-weapon-bonus-at-most-3"


def test_only_firearms_take_trust_tests(table: Table) -> None:
    user = table.character(**STEADY)
    with pytest.raises(RuleViolation) as refused:
        table.run(trust_test(table.item(), user), [4, 4, 4])
    assert refused.value.rule == "not-a-firearm"
