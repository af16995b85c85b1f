"""A player never reports the dice of another character's roll (an outside attack's
findings). Banishing another summoner's spirit, Mara's player sent the opposing roll
(the summoner's resisting roll) as [1, 1] and the banishment could not fail; as a Rituals
Grandmaster, she sent the dice of Ivo's reroll. Both are the GM's to report now (403),
or the server's to roll; a refusal records nothing."""

from __future__ import annotations

from ledger.domain.spirits.commands import SummonSpirit
from tests.api_client import ApiClient

SUMMONER = {"level": 5, "skills": {"summon": 1}, "modifiers": {"cha": 2, "con": 0},
            "edges": ["Summoner"]}


def _head(api: ApiClient) -> int:
    return int(api.get(api.c("/events")).body["position"])


def test_a_banisher_s_player_cannot_report_the_opposing_roll(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara", **SUMMONER)
    ivo = api.new_character(name="Ivo", **SUMMONER)
    spirit = api.post(api.c(f"/characters/{ivo}/spirits"), SummonSpirit.example)["spirit"]["id"]
    player = api.new_token("player", mara)
    path = api.c(f"/spirits/{spirit}/banish")
    before = _head(api)
    refused = api.post(path, {"by": mara, "dice": [6, 6], "opposing_dice": [1, 1],
                              "damage_dice": [8]}, token=player)
    assert (refused.status, refused["rule"]) == (403, "opposing-dice-by-gm")
    assert _head(api) == before
    # her own dice and damage are hers to report; the opposing roll is then the server's
    tried = api.post(path, {"by": mara, "dice": [6, 6], "damage_dice": [8]}, token=player)
    assert tried.status == 200, tried
    opposing = [e for e in tried["events"] if e["type"] == "Rolled"][1]["data"]
    assert (opposing["character_id"], opposing["source"]) == (ivo, "server")


def test_the_gm_still_reports_an_opposing_roll(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara", **SUMMONER)
    ivo = api.new_character(name="Ivo", **SUMMONER)
    spirit = api.post(api.c(f"/characters/{ivo}/spirits"), SummonSpirit.example)["spirit"]["id"]
    banished = api.post(api.c(f"/spirits/{spirit}/banish"),
                        {"by": mara, "dice": [6, 6], "opposing_dice": [1, 1], "damage_dice": [8]})
    assert banished.status == 200, banished


def _failed_ritual(api: ApiClient, roller: str) -> int:
    failed = api.post(api.c(f"/characters/{roller}/rolls"), {
        "kind": "age", "ability": "Willpower", "tn": 15, "tags": ["rituals"], "dice": [2, 3, 4]})
    assert failed.status == 201, failed
    return int(failed["events"][0]["position"])


def test_a_grandmaster_s_player_reports_only_her_own_reroll(api: ApiClient) -> None:
    api.new_campaign()
    rita = api.new_character(name="Rita", abilities={"Willpower": 1},
                             conviction={"current": 3, "max": 3},
                             talents=[{"name": "Rituals", "degree": "Grandmaster"}])
    ivo = api.new_character(name="Ivo", abilities={"Willpower": 1})
    player = api.new_token("player", rita)
    path = api.c(f"/characters/{rita}/rolls/reroll-ritual")
    ivos = _failed_ritual(api, ivo)
    before = _head(api)
    refused = api.post(path, {"roll_position": ivos, "dice": [6, 6, 6]}, token=player)
    assert (refused.status, refused["rule"]) == (403, "reroll-dice-by-roller")
    assert _head(api) == before
    assert api.post(path, {"roll_position": ivos}, token=player).status == 201  # server dice
    own = _failed_ritual(api, rita)
    assert api.post(path, {"roll_position": own, "dice": [6, 6, 6]}, token=player).status == 201
