"""Talents that need combat time, over HTTP on both stores (docs/rules/talents.md):
Adventurer Expert's initiative, Adventurer Grandmaster's avoided damage, Leader Apex."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient

PROBLEM = "application/problem+json"


def talent(name: str, degree: str) -> list[dict[str, str]]:
    return [{"name": name, "degree": degree}]


def summaries(api: ApiClient) -> list[str]:
    answer = api.get(api.c("/timeline"))
    assert answer.status == 200, answer
    return [e["summary"] for e in answer["entries"]]


def refused(answer: Any, rule: str) -> None:
    assert answer.status == 409, answer
    assert answer.headers["Content-Type"].startswith(PROBLEM)
    assert answer["rule"] == rule, answer


def test_adventurer_expert_adds_one_to_the_initiative_the_ledger_rolls(api: ApiClient) -> None:
    api.new_campaign()
    ada = api.new_character(name="Ada", abilities={"Dexterity": 2},
                            talents=talent("Adventurer", "Expert"))
    bo = api.new_character(name="Bo", abilities={"Dexterity": 2})
    assert api.post(api.c("/clock/start-scene")).status == 200
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": ada}, {"character_id": bo, "initiative": 7}]})
    assert started.status == 201, started
    (rolled,) = [e["data"] for e in started["events"] if e["type"] == "Rolled"]
    assert "Adventurer Expert 1" in rolled["label"]
    order = {p["id"]: p["initiative"] for p in started.primary["encounter"]["order"]}
    assert rolled["expression"] == "3d6+3"  # + Dexterity 2 + Adventurer Expert 1
    assert order == {ada: rolled["total"], bo: 7}  # reported: as reported


def adventurer_in_a_fight(api: ApiClient) -> str:
    api.new_campaign()
    ada = api.new_character(name="Ada", conviction={"current": 2, "max": 2},
                            health={"current": 10, "max": 10},
                            talents=talent("Adventurer", "Grandmaster"))
    assert api.post(api.c("/clock/start-scene")).status == 200
    return ada


def start(api: ApiClient, *character_ids: str) -> None:
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": c, "initiative": 10 - i} for i, c in enumerate(character_ids)]})
    assert started.status == 201, started


def test_adventurer_grandmaster_avoids_one_attacks_damage_once_per_encounter(
        api: ApiClient) -> None:
    ada = adventurer_in_a_fight(api)
    outside = api.post(api.c(f"/characters/{ada}/health/avoid-damage"), {"amount": 5})
    refused(outside, "adventurer-grandmaster-needs-an-encounter")
    start(api, ada)
    avoided = api.post(api.c(f"/characters/{ada}/health/avoid-damage"),
                       {"amount": 7, "type": "wound", "reason": "a shotgun blast"})
    assert avoided.status == 200, avoided
    assert [e["type"] for e in avoided["events"]] == ["ResourceSpent", "DamageAvoided"]
    assert (avoided.primary["conviction"]["current"], avoided.primary["health"]["current"]) \
        == (1, 10)
    assert "Ada avoids 7 wound damage (a shotgun blast) by Adventurer Grandmaster" \
        in summaries(api)[-1]
    again = api.post(api.c(f"/characters/{ada}/health/avoid-damage"), {"amount": 3})
    refused(again, "adventurer-grandmaster-once-per-encounter")
    assert api.get(api.c(f"/characters/{ada}"))["character"]["conviction"]["current"] == 1
    assert api.post(api.c("/encounter/end")).status == 200
    start(api, ada)
    next_fight = api.post(api.c(f"/characters/{ada}/health/avoid-damage"), {"amount": 3})
    assert next_fight.status == 200, next_fight
    assert next_fight.primary["conviction"]["current"] == 0


def test_leader_apex_spends_conviction_for_an_ally_once_per_turn(api: ApiClient) -> None:
    api.new_campaign()
    lea = api.new_character(name="Lea", conviction={"current": 3, "max": 3},
                            talents=talent("Leader", "Apex"))
    ivo = api.new_character(name="Ivo", conviction={"current": 0, "max": 3})
    assert api.post(api.c("/clock/start-scene")).status == 200
    start(api, lea, ivo)
    spend = api.c(f"/characters/{lea}/conviction/spend-for-ally")
    first = api.post(spend, {"ally": "Ivo", "reason": "steadied his aim"})
    assert first.status == 200, first
    assert [e["type"] for e in first["events"]] == ["ResourceSpent", "ConvictionSpentForAlly"]
    recorded = first["events"][1]["data"]
    assert (recorded["character_id"], recorded["ally_id"], recorded["turn_number"]) \
        == (lea, ivo, 1)
    assert first.primary["conviction"]["current"] == 2
    assert "Lea spends 1 Conviction on Ivo's behalf by Leader Apex" in summaries(api)[-1]
    refused(api.post(spend, {"ally": ivo}), "leader-apex-once-per-turn")
    assert api.post(api.c("/encounter/next-turn")).status == 200
    second = api.post(spend, {"ally": ivo})
    assert second.status == 200, second
    assert second.primary["conviction"]["current"] == 1
    ivo_now = api.get(api.c(f"/characters/{ivo}"))["character"]["conviction"]["current"]
    assert ivo_now == 0
