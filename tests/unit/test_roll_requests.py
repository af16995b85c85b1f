"""Roll requests: each kind takes its own fields, and an AGE test's names meet the sheet."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.rolls import Rolled
from ledger.domain.rolls.commands import roll
from tests.unit.magic_helpers import campaign, mage, only, run


def rolled(request: dict[str, Any], dice: list[int]) -> Rolled:
    state = campaign()
    mara = mage(state, focuses=["Self-Discipline"])
    return only(run(state, roll(mara, request), dice), Rolled)


def refused(request: dict[str, Any]) -> InvalidInput | RuleViolation:
    state = campaign()
    mara = mage(state, focuses=["Self-Discipline"])
    with pytest.raises((InvalidInput, RuleViolation)) as caught:
        run(state, roll(mara, request), [1, 2, 3])
    assert isinstance(caught.value, InvalidInput | RuleViolation)
    return caught.value


def test_age_roll_focus_on_the_sheet_in_any_case_adds_the_bonus() -> None:
    event = rolled({"kind": "age", "ability": "willpower", "focus": "self-discipline"},
                   [1, 2, 3])
    assert (event.ability, event.focus, event.focus_bonus) == ("Willpower", "Self-Discipline", 2)
    assert event.total == 1 + 2 + 3 + 3 + 2


def test_age_roll_focus_not_on_the_sheet_is_refused_409_like_the_magic_test() -> None:
    refusal = refused({"kind": "age", "ability": "Willpower", "focus": "Firearms"})
    assert isinstance(refusal, RuleViolation)
    assert (refusal.rule, refusal.field, refusal.allowed) == (
        "focus-not-on-sheet", "focus", ["Self-Discipline"])


def test_age_roll_ability_that_is_no_ability_is_422_listing_them() -> None:
    refusal = refused({"kind": "age", "ability": "Wits"})
    assert isinstance(refusal, InvalidInput)
    assert refusal.rule == "unknown-name"
    assert "Willpower" in (refusal.allowed or [])


def test_age_roll_ability_missing_from_the_sheet_is_409() -> None:
    refusal = refused({"kind": "age", "ability": "strength"})
    assert (type(refusal), refusal.rule) == (RuleViolation, "unknown-ability")


def test_notation_roll_given_an_ability_is_refused_not_ignored() -> None:
    refusal = refused({"kind": "notation", "expression": "1d20", "ability": "Willpower"})
    assert isinstance(refusal, InvalidInput)
    assert (refusal.rule, refusal.field) == ("field-not-for-kind", "ability")


def test_age_roll_given_an_expression_is_refused_not_ignored() -> None:
    refusal = refused({"kind": "age", "ability": "Willpower", "expression": "1d20"})
    assert (type(refusal), refusal.rule, refusal.field) == (
        InvalidInput, "field-not-for-kind", "expression")


def test_roll_kind_needs_its_own_field() -> None:
    assert refused({"kind": "age"}).field == "ability"
    assert refused({"kind": "notation"}).field == "expression"
    assert refused({"kind": "age", "ability": "Willpower", "focus": " "}).rule == "blank-focus"


def test_notation_roll_with_its_own_fields_rolls() -> None:
    event = rolled({"kind": "notation", "expression": "1d20+1", "label": "to hit"}, [7])
    assert (event.kind, event.total, event.label) == ("notation", 8, "to hit")
