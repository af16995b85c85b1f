"""A campaign with something behind every kind of id, and a token for every kind of caller.

Shared by the access matrix, the fuzzer and the leak tests, so each endpoint can be
called with real path parameters.
"""

from __future__ import annotations

from typing import Any

import msgspec

from tests.api_client import ApiClient, by_id

SHEET = {"level": 5, "skills": {"cast": 1, "summon": 1}, "edges": ["Spellcaster", "Summoner"],
         "modifiers": {"int": 1, "con": 0, "cha": 2}, "attributes": {"con": 12},
         "abilities": {"Willpower": 3, "Constitution": 1}, "magic_ability": "Willpower",
         "mana": {"current": 10, "max": 10}, "strain": {"current": 0, "permanent": 0, "max": 12}}
HOUND = {"mode": "ritual", "nature": "Fire", "form": "physical", "form_level": 1,
         "appearance": "a burning hound", "powers": ["Curse"], "hit_dice": 1, "hit_points": 6}


class Seeded(msgspec.Struct):
    campaign: str
    ids: dict[str, str]  # path parameter name -> a real id in this campaign
    tokens: dict[str, str]  # caller -> secret: gm, observer, own, other, foreign
    other_character: str
    foreign_campaign: str  # the campaign of the "foreign" token


def _ok(answer: Any, status: int = 200) -> Any:
    assert answer.status == status, answer
    return answer


def seed(api: ApiClient) -> Seeded:
    """Characters, an item, a spirit, a Condition, a Magic Test, Effort, a webhook and a
    hidden note."""
    campaign = api.new_campaign()
    gm = api.token or ""
    _ok(api.post(api.c("/clock/start-session")))
    _ok(api.post(api.c("/clock/start-scene")))
    mara = api.new_character(**(SHEET | {"name": "Mara"}))
    ivo = api.new_character(**(SHEET | {"name": "Ivo"}))
    item = _ok(api.post(api.c("/items"), {"name": "Wand", "kind": "wand",
                                          "materials": [{"name": "hardwood"}], "magical": True}),
               201)["item"]["id"]
    spirit = _ok(api.post(api.c(f"/characters/{mara}/spirits"), HOUND), 201)["spirit"]["id"]
    condition = _ok(api.post(api.c(f"/characters/{mara}/conditions"), {"name": "Fatigued"}),
                    201)["condition"]["id"]
    test = _ok(api.post(api.c(f"/characters/{mara}/magic-tests"),
                        {"base_tn": 12, "dice": [1, 2, 3]}), 201)["magic_test"]["test_id"]
    _ok(api.post(api.c(f"/characters/{mara}/magic-tests/{test}/accept")))
    effort = _ok(api.post(api.c(f"/characters/{mara}/effort/commit"),
                          {"pool": "mage", "amount": 1, "duration": "duration"}))
    commitment = by_id(effort["effort"]["pools"], "mage")["commitments"][0]["id"]
    spare = _ok(api.post(api.c("/tokens"), {"role": "observer", "label": "spare"}), 201)["id"]
    webhook = _ok(api.post(api.c("/webhooks"), {"url": "https://bot.example/hook",
                                                 "types": ["*"]}), 201)["id"]
    hidden = _ok(api.post(api.c("/hidden/notes"), {"text": "the duke"}), 201)["position"]
    tokens = {"gm": gm, "observer": api.new_token("observer"), "own": api.new_token("player", mara),
              "other": api.new_token("player", ivo)}
    ids = {"campaign_id": campaign, "character_id": mara, "item_id": item, "spirit_id": spirit,
           "condition_id": condition, "test_id": test, "commitment_id": commitment,
           "token_id": spare, "webhook_id": webhook, "position": str(hidden),
           # A character's participant id in an encounter is the character's id.
           "participant_id": mara}
    elsewhere, tokens["foreign"] = foreign_campaign(api)
    return Seeded(campaign, ids, tokens, ivo, elsewhere)


def foreign_campaign(api: ApiClient) -> tuple[str, str]:
    """Another campaign and its GM token (the client is left on the first one)."""
    campaign, token = api.campaign, api.token
    elsewhere = api.new_campaign("Elsewhere")
    foreign = api.token or ""
    api.campaign, api.token = campaign, token
    return elsewhere, foreign
