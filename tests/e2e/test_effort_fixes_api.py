"""Edge-granted skills and bound Effort after rest over HTTP, on both stores (issue 12,
bugs 2 and 3)."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient, by_id

HOUND = {"mode": "ritual", "nature": "Fire", "form": "physical", "form_level": 1,
         "appearance": "a burning hound", "powers": ["Curse", "Favor", "Spirit's Eye"],
         "hit_dice": 1, "hit_points": 6}


def effort_of(api: ApiClient, character_id: str, pool: str = "mage") -> Any:
    return by_id(api.get(api.c(f"/characters/{character_id}/effort"))["effort"]["pools"], pool)


def test_a_spellcaster_without_a_cast_skill_has_mage_effort_2(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(modifiers={"int": 2}, edges=["Spellcaster"])
    assert effort_of(api, mara)["max"] == 2


def test_bound_effort_returns_only_at_a_new_day_the_summoner_rested(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(level=5, modifiers={"cha": 2, "con": 0}, skills={"summon": 1},
                             edges=["Summoner"])
    summoned = api.post(api.c(f"/characters/{mara}/spirits"), HOUND)
    assert summoned.status == 201, summoned
    spirit_id = summoned["spirit"]["id"]
    held = effort_of(api, mara, "summoner")["available"]
    dispelled = api.post(api.c(f"/spirits/{spirit_id}/dispel"))
    assert dispelled.status == 200, dispelled
    api.post(api.c("/clock/new-day"), {"rested": []})
    assert effort_of(api, mara, "summoner")["available"] == held
    api.post(api.c("/clock/new-day"), {"rested": [mara]})
    assert effort_of(api, mara, "summoner")["available"] > held
