"""Every value a GM correction, a registration or a sheet edit sets keeps the domain's
bounds (ledger/domain/limits.py): otherwise a 422 naming the field and the bound, and nothing
is recorded. On both stores."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api_client import Answer, ApiClient

SHEET = {"name": "Mara", "mana": {"current": 6, "max": 8}, "health": {"current": 10, "max": 12},
         "conviction": {"current": 2, "max": 3}, "strain": {"current": 2, "permanent": 1}}


def mara(api: ApiClient) -> str:
    api.new_campaign()
    return api.new_character(**SHEET)


def head(api: ApiClient) -> int:
    return int(api.get(api.c())["position"])


def flat(errors: dict[str, Any], prefix: str = "") -> dict[str, list[str]]:
    """Field errors by dotted path (the schema nests them: {"mana": {"current": [...]}})."""
    out: dict[str, list[str]] = {}
    for key, value in errors.items():
        out |= flat(value, f"{prefix}{key}.") if isinstance(value, dict) \
            else {f"{prefix}{key}": value}
    return out


def refused(answer: Answer, field: str, bound: str) -> None:
    assert answer.status == 422, answer
    assert answer.headers["Content-Type"] == "application/problem+json"
    errors = flat(answer["errors"])
    assert field in errors, answer
    assert bound in " ".join(errors[field]), answer


def correct(api: ApiClient, chid: str, field: str, value: Any) -> Answer:
    return api.post(api.c(f"/characters/{chid}/corrections"),
                    {"field": field, "value": value, "reason": "typo"})


OUT_OF_BOUNDS = [
    ("mana.current", -5, "at least 0"),
    ("mana.current", 8 + 999, "at most mana.max (8)"),
    ("mana.current", 10**7, "at most 1000000"),
    ("mana.max", -1, "at least 0"),
    ("mana.max", 5, "at least mana.current (6)"),  # refused, never clamped
    ("health.current", -100, "at least 0"),
    ("conviction.current", 10**30, "at most"),
    ("conviction.max", 10**30, "at most 1000000"),
    ("level", 999, "at most 20"),
    ("strain.permanent", 3, "at most strain.current"),
    ("strain.current", 0, "at least strain.permanent (1)"),
    ("abilities", {"Willpower": 10**6}, "at most 30"),
    ("skills", {"cast": 9}, "at most 4"),
    ("name", "", "at least 1"),
    ("name", "x" * 10_000, "at most 200"),
]


@pytest.mark.parametrize(("field", "value", "bound"), OUT_OF_BOUNDS)
def test_a_correction_out_of_bounds_is_refused_and_records_nothing(
        api: ApiClient, field: str, value: Any, bound: str) -> None:
    chid = mara(api)
    before = head(api)
    answer = correct(api, chid, field, value)
    named = f"{field}.{next(iter(value))}" if isinstance(value, dict) else field
    refused(answer, named, bound)
    assert head(api) == before


def test_death_is_not_a_correction(api: ApiClient) -> None:
    chid = mara(api)
    before = head(api)
    answer = correct(api, chid, "dead", True)
    assert answer.status == 422, answer
    assert answer["rule"] == "correction-field"
    assert "death" in answer["detail"]
    assert head(api) == before
    assert api.get(api.c(f"/characters/{chid}"))["character"]["dead"] is False


def test_only_listed_fields_are_correctable(api: ApiClient) -> None:
    chid = mara(api)
    for field in ("effort.commitments", "conditions", "backlash.harm", "spells", "id"):
        assert correct(api, chid, field, []).status == 422, field


def test_a_whole_pool_correction_may_lower_the_maximum_with_the_current_value(
        api: ApiClient) -> None:
    chid = mara(api)
    answer = correct(api, chid, "mana", {"current": 3, "max": 4})
    assert answer.status == 200, answer
    assert answer.primary["mana"] == {"current": 3, "max": 4}
    assert correct(api, chid, "mana.current", 4).status == 200
    assert correct(api, chid, "backlash.temporary", 2).status == 200


@pytest.mark.parametrize(("sheet", "field", "bound"), [
    ({"mana": {"current": -1, "max": 5}}, "mana.current", "at least 0"),
    ({"mana": {"current": 9, "max": 5}}, "mana.current", "at most mana.max"),
    ({"strain": {"current": 1, "permanent": 2}}, "strain.permanent", "at most strain.current"),
    ({"health": {"current": 5, "max": 10**30}}, "health.max", "at most 1000000"),
])
def test_a_registration_out_of_bounds_is_refused_and_records_nothing(
        api: ApiClient, sheet: dict[str, Any], field: str, bound: str) -> None:
    api.new_campaign()
    before = head(api)
    refused(api.post(api.c("/characters"), {"name": "Jo", **sheet}), field, bound)
    assert head(api) == before


@pytest.mark.parametrize(("changes", "field", "bound"), [
    ({"mana": {"current": 9, "max": 5}}, "mana.current", "at most mana.max"),
    ({"strain": {"current": 0, "permanent": 1}}, "strain.permanent", "at most strain.current"),
    ({"level": 21}, "level", "at most 20"),
])
def test_a_sheet_edit_out_of_bounds_is_refused_and_records_nothing(
        api: ApiClient, changes: dict[str, Any], field: str, bound: str) -> None:
    chid = mara(api)
    before = head(api)
    refused(api.patch(api.c(f"/characters/{chid}"), changes), field, bound)
    assert head(api) == before
