"""Compelled, Pinned and grappling in a turn over HTTP, on both stores (000, 001;
docs/rules/encounters.md, "Actions a Condition limits" and "Casting in a round")."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient

MAGE = {"name": "Mara", "level": 1, "skills": {"cast": 1}, "modifiers": {"int": 1, "con": 0},
        "attributes": {"con": 12}, "strain": {"current": 0, "permanent": 0, "max": 12},
        "abilities": {"Willpower": 1, "Strength": 1}, "edges": ["Spellcaster"]}


def in_fight(api: ApiClient, condition: str) -> str:
    """Mara (12, with the Condition) then a thug (10); round 1, Mara's turn."""
    api.new_campaign()
    mara = api.new_character(**MAGE)
    assert api.post(api.c(f"/characters/{mara}/spells/prepare"),
                    {"spells": ["Illumination"]}).status == 200
    api.post(api.c("/clock/start-scene"))
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": mara, "initiative": 12}, {"name": "Thug", "initiative": 10}]})
    assert started.status == 201, started
    added = api.post(api.c(f"/characters/{mara}/conditions"), {"name": condition})
    assert added.status == 201, added
    return mara


def roll(api: ApiClient, mara: str, ability: str) -> Any:
    return api.post(api.c(f"/characters/{mara}/rolls"),
                    {"kind": "age", "ability": ability, "tn": 10, "dice": [3, 4, 5]})


def refused(api: ApiClient, answer: Any, status: int, rule: str, head: int) -> None:
    assert (answer.status, answer["rule"]) == (status, rule), answer
    assert answer.headers["Content-Type"].startswith("application/problem+json")
    assert api.get(api.c())["position"] == head  # nothing recorded


def test_compelled_takes_one_action_per_turn_a_second_active_test_is_refused(
        api: ApiClient) -> None:
    mara = in_fight(api, "Compelled")
    first = roll(api, mara, "Willpower")
    assert first.status == 201, first
    (rolled,) = [e["data"] for e in first["events"] if e["type"] == "Rolled"]
    assert [m["modifier"] for m in rolled["condition_modifiers"]] == [-2]
    head = api.get(api.c())["position"]
    refused(api, roll(api, mara, "Willpower"), 409, "compelled-one-action-per-turn", head)
    api.post(api.c("/encounter/next-turn"))
    api.post(api.c("/encounter/next-turn"))  # round 2, Mara's turn: one action again
    assert roll(api, mara, "Willpower").status == 201


def test_pinned_allows_only_an_escape_with_fighting_or_strength_in_ones_turn(
        api: ApiClient) -> None:
    mara = in_fight(api, "Pinned")
    head = api.get(api.c())["position"]
    answer = roll(api, mara, "Willpower")
    refused(api, answer, 409, "pinned-only-free-actions-or-escape", head)
    assert answer["allowed"] == ["Fighting", "Strength"]
    assert roll(api, mara, "Strength").status == 201


def test_a_grappled_mage_cannot_cast_that_round(api: ApiClient) -> None:
    mara = in_fight(api, "Grabbed")
    head = api.get(api.c())["position"]
    cast = api.c(f"/characters/{mara}/spells/cast")
    refused(api, api.post(cast, {"spell": "Illumination"}), 409,
            "grappled-this-round-cannot-cast", head)
    grabbed = api.get(api.c(f"/characters/{mara}"))["character"]["conditions"][0]["id"]
    freed = api.post(api.c(f"/characters/{mara}/conditions/{grabbed}/heal"), {"points": 4})
    assert freed.status == 200, freed
    head = api.get(api.c())["position"]
    refused(api, api.post(cast, {"spell": "Illumination"}), 409,
            "grappled-this-round-cannot-cast", head)  # freed, but grappled this round
    api.post(api.c("/encounter/next-turn"))
    api.post(api.c("/encounter/next-turn"))  # round 2
    assert api.post(cast, {"spell": "Illumination"}).status == 200
