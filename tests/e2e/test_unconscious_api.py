"""Unconscious ends (stun damage) over HTTP, on both stores (issue 12, bug 1)."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient


def sheet_of(api: ApiClient, character_id: str) -> Any:
    return api.get(api.c(f"/characters/{character_id}"))["character"]


def test_stun_unconsciousness_ends_after_its_rolled_minutes(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(health={"current": 4, "max": 10})
    out = api.post(api.c(f"/characters/{mara}/health/damage"),
                   {"amount": 6, "type": "stun", "reason": "a sap"})
    assert out.status == 200, out
    knockout = next(e for e in out["events"] if e["type"] == "KnockedOut")["data"]
    assert out.primary["unconscious"] is True
    minutes = knockout["until_minute"]
    assert 2 <= minutes <= 12
    api.post(api.c("/clock/advance"), {"minutes": minutes - 1})  # 2d6: at least 1 left
    assert sheet_of(api, mara)["unconscious"] is True
    woke = api.post(api.c("/clock/advance"), {"minutes": 1})
    assert [e["type"] for e in woke["events"]][-1] == "UnconsciousEnded"
    assert sheet_of(api, mara)["unconscious"] is False


def test_stun_unconsciousness_ends_on_regaining_health(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(health={"current": 2, "max": 10}, skills={"cast": 1},
                             modifiers={"int": 1}, edges=["Spellcaster"])
    api.post(api.c(f"/characters/{mara}/health/damage"),
             {"amount": 2, "type": "stun", "reason": "a sap"})
    healed = api.post(api.c(f"/characters/{mara}/health/heal"),
                      {"amount": 10, "reason": "rest"})
    assert healed.status == 200, healed
    assert healed.primary["unconscious"] is False
