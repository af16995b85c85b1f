"""The Stun spell's knockout over HTTP on both stores: ten minutes of game time, mid-fight,
then 1 Health (docs/rules/encounters.md, "Time-bounded states")."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient


def sheet_of(api: ApiClient, character_id: str) -> Any:
    return api.get(api.c(f"/characters/{character_id}"))["character"]


def test_a_stun_spell_knockout_wakes_mid_fight_ten_minutes_later_with_one_health(
        api: ApiClient) -> None:
    api.new_campaign(round_seconds=60)
    mara = api.new_character(name="Mara", health={"current": 6, "max": 10})
    api.post(api.c("/clock/start-scene"))
    api.post(api.c("/encounter"), {"participants": [{"character_id": mara, "initiative": 5}]})
    hit = api.post(api.c(f"/characters/{mara}/health/damage"),
                   {"amount": 8, "type": "stun", "spell": "Stun", "reason": "psychic shock"})
    assert hit.status == 200, hit
    knockouts = sheet_of(api, mara)["knockouts"]
    assert [(k["cause"], k["until_minute"]) for k in knockouts] == [("stun-spell", 10)]
    for _ in range(9):  # one turn a round, one minute a round
        api.post(api.c("/encounter/next-turn"))
    assert sheet_of(api, mara)["unconscious"] is True
    woke = api.post(api.c("/encounter/next-turn"))
    assert {"UnconsciousEnded", "Healed"} <= {e["type"] for e in woke["events"]}, woke
    after = sheet_of(api, mara)
    assert (after["unconscious"], after["health"]["current"], after["knockouts"]) == (
        False, 1, [])


def test_stun_spell_damage_of_another_type_is_refused_and_records_nothing(
        api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara")
    refused = api.post(api.c(f"/characters/{mara}/health/damage"),
                       {"amount": 3, "type": "wound", "spell": "Stunwave"})
    assert refused.status == 409, refused
    assert refused["rule"] == "stun-spell-deals-stun-damage", refused
    assert "type" in refused["errors"], refused
    assert sheet_of(api, mara)["health"]["current"] == sheet_of(api, mara)["health"]["max"]
