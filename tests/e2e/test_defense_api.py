"""Defense after Conditions over HTTP, on both stores (000; docs/rules/conditions.md,
"Defense after Conditions")."""

from __future__ import annotations

from tests.api_client import ApiClient


def test_defense_penalties_of_conditions_apply_to_the_sheets_defense(api: ApiClient) -> None:
    api.new_campaign()
    ivo = api.new_character(name="Ivo", defense=12)
    assert api.post(api.c(f"/characters/{ivo}/conditions"), {"name": "Exhausted"}).status == 201
    shown = api.get(api.c(f"/characters/{ivo}/conditions"))
    assert shown.status == 200, shown
    defense = shown["defense"]
    assert (defense["sheet"], defense["after_conditions"]) == (12, 8)
    assert [m["name"] for m in defense["modifiers"]] == ["Exhausted"]
    before = shown["position"]
    assert api.post(api.c(f"/characters/{ivo}/conditions"), {"name": "Defenseless"}).status == 201
    assert api.get(api.c(f"/characters/{ivo}/conditions"))["defense"]["after_conditions"] == 0
    at = api.get(api.c(f"/characters/{ivo}/conditions?at={before}"))
    assert at["defense"]["after_conditions"] == 8  # time travel shows it as it was
