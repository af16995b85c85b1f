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


def test_a_lock_s_restrained_replaces_grabbed_s_penalty_and_speed_held(api: ApiClient) -> None:
    # 000, Lock: "For 6 SP, the target is Restrained, at -4 Defense" (an outside rules
    # check saw -6 on a Grabbed target: Grabbed's -2 kept beside it).
    api.new_campaign()
    ivo = api.new_character(name="Ivo", defense=12, speed=10)
    for name in ("Grabbed", "Restrained"):
        assert api.post(api.c(f"/characters/{ivo}/conditions"), {"name": name}).status == 201
    shown = api.get(api.c(f"/characters/{ivo}/conditions"))
    assert shown["defense"]["after_conditions"] == 8
    assert [m["name"] for m in shown["defense"]["modifiers"]] == ["Restrained"]
    assert shown["movement"] == {"speed": 0, "immobile": True}


def test_a_dying_or_unconscious_character_is_shown_with_speed_0(api: ApiClient) -> None:
    # 000: a dying character "is helpless", an unconscious one "unable to take any actions":
    # Speed 0, as the Helpless Condition gives and as Defense's -5 is shown.
    api.new_campaign()
    ivo = api.new_character(name="Ivo", defense=12, speed=10,
                            health={"current": 10, "max": 10})
    assert api.get(api.c(f"/characters/{ivo}/conditions"))["movement"] is None
    assert api.post(api.c(f"/characters/{ivo}/conditions"), {"name": "Comatose"}).status == 201
    shown = api.get(api.c(f"/characters/{ivo}/conditions"))
    assert shown["movement"] == {"speed": 0, "immobile": True}
    assert shown["defense"]["after_conditions"] == 7
