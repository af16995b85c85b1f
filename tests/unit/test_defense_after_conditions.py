"""Defense penalties of Conditions, applied when a Defense is shown (000, Conditions;
docs/rules/conditions.md, "Defense after Conditions")."""

from __future__ import annotations

from ledger.domain import resources
from ledger.domain.conditions.adding import Request, add_condition
from ledger.domain.conditions.defense import defense_after_conditions
from tests.unit.encounter_helpers import Fight


def test_defense_penalties_of_conditions_apply_to_the_sheets_defense() -> None:
    fight = Fight()
    ivo = fight.character("Ivo", defense=12)
    fatigued = fight.condition(ivo, "Fatigued")
    fight.condition(ivo, "Grabbed")
    fight.condition(ivo, "Cowed")
    shown = defense_after_conditions(fight.get(ivo))
    assert (shown["sheet"], shown["after_conditions"]) == (12, 8)
    assert [(m["name"], m["modifier"]) for m in shown["modifiers"]] == [
        ("Fatigued", -2), ("Grabbed", -2)]
    assert shown["modifiers"][0]["condition_id"] == fatigued.id
    assert [n["name"] for n in shown["not_applied"]] == ["Cowed"]  # against its source


def test_defense_penalties_of_helpless_and_restrained_add_up_never_below_0() -> None:
    fight = Fight()
    ivo = fight.character("Ivo", defense=8)
    fight.condition(ivo, "Restrained")
    fight.condition(ivo, "Helpless", 4)
    assert defense_after_conditions(fight.get(ivo))["after_conditions"] == 0  # 8 - 4 - 5


def test_defenseless_makes_the_defense_0() -> None:
    fight = Fight()
    ivo = fight.character("Ivo", defense=14)
    fight.condition(ivo, "Defenseless")
    shown = defense_after_conditions(fight.get(ivo))
    assert (shown["defenseless"], shown["after_conditions"]) == (True, 0)


def test_defense_not_on_the_sheet_shows_the_penalties_only() -> None:
    fight = Fight()
    ivo = fight.character("Ivo")
    fight.condition(ivo, "Exhausted")
    shown = defense_after_conditions(fight.get(ivo))
    assert (shown["sheet"], shown["after_conditions"]) == (None, None)
    assert [m["modifier"] for m in shown["modifiers"]] == [-4]


def test_a_dying_or_unconscious_character_is_helpless_and_so_at_minus_5_defense() -> None:
    """000: "A dying character is helpless", an unconscious one "is helpless", Comatose is
    unconscious, and Helpless "has -5 Defense". An outside rules check saw a dying and an
    unconscious character keep their whole Defense without a Helpless Condition."""
    fight = Fight()
    ivo = fight.character("Ivo", defense=12, abilities={"Constitution": 1})
    fight.do(resources.damage(ivo, 50, "wound", "shot"))
    shown = defense_after_conditions(fight.get(ivo))
    assert shown["after_conditions"] == 7
    assert shown["modifiers"] == [{"name": "Helpless (dying)", "condition_id": None,
                                   "modifier": -5}]
    fight.condition(ivo, "Helpless", 4)  # the GM adds it too: still -5 once
    assert [m["name"] for m in defense_after_conditions(fight.get(ivo))["modifiers"]] == [
        "Helpless"]
    for condition in ("Unconscious", "Comatose"):
        other = fight.character(f"Ovid {condition}", defense=12)
        fight.do(add_condition(other, Request(name=condition)), [3, 4])  # 2d6 minutes
        shown = defense_after_conditions(fight.get(other))
        assert (shown["after_conditions"], shown["modifiers"][-1]["name"]) == (
            7, "Helpless (unconscious)"), condition
