"""Mana recovery as a campaign setting and Limited Mana Recovery over HTTP, on both stores
(issue 12, bug 5)."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient


def sheet_of(api: ApiClient, character_id: str) -> Any:
    return api.get(api.c(f"/characters/{character_id}"))["character"]


def test_mana_recovery_defaults_to_none_and_a_per_rest_rate_restores_the_rested(
        api: ApiClient) -> None:
    api.new_campaign()
    assert api.get(api.c())["campaign"]["settings"]["mana_recovery"] == "none"
    mara = api.new_character(mana={"current": 0, "max": 10})
    ovid = api.new_character(name="Ovid", mana={"current": 0, "max": 10})
    api.post(api.c("/clock/new-day"), {"rested": [mara]})
    assert sheet_of(api, mara)["mana"]["current"] == 0
    changed = api.patch(api.c("/settings"),
                        {"settings": {"mana_recovery": "rest", "mana_recovery_amount": 3}})
    assert changed.status == 200, changed
    api.post(api.c("/clock/new-day"), {"rested": [mara]})
    assert sheet_of(api, mara)["mana"]["current"] == 3
    assert sheet_of(api, ovid)["mana"]["current"] == 0


def test_a_mana_recovery_rate_without_an_amount_is_a_422_naming_the_setting(
        api: ApiClient) -> None:
    api.new_campaign()
    head = api.get(api.c())["position"]
    refused = api.patch(api.c("/settings"), {"settings": {"mana_recovery": "new-day"}})
    assert refused.status == 422, refused
    assert refused["rule"] == "mana-recovery-amount-needed"
    assert api.get(api.c())["position"] == head


def test_limited_mana_recovery_applies_to_a_players_mana_gain(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(mana={"current": 0, "max": 10})
    limited = api.post(api.c(f"/characters/{mara}/corrections"),
                       {"field": "mana_recovery_limit", "value": 3,
                        "reason": "Limited Mana Recovery, 3 Backlash"})
    assert limited.status == 200, limited
    gained = api.post(api.c(f"/characters/{mara}/mana/gain"), {"amount": 5, "reason": "blood"})
    assert gained.status == 200, gained
    assert gained.primary["mana"]["current"] == 1
    assert gained.primary["mana_recovery_progress"] == 1
