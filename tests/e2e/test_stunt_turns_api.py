"""Stunt limits counted in an encounter's turns over HTTP, on both stores (rules:
ledger/domain/stunts/turns.py; docs/rules/stunts.md, "Limits counted in turns")."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient, by_id
from tests.e2e.test_stunts_api import SHEET, roll, spend, summary_of

SIX = [6, 6, 6]
LOW = [1, 2, 3]


def fight(api: ApiClient) -> tuple[str, str]:
    """Mara (12) and Ovid (10): turn 1 is Mara's, turn 2 Ovid's, turn 3 Mara's again."""
    api.new_campaign()
    mara = api.new_character(name="Mara", **SHEET)
    ovid = api.new_character(name="Ovid", **SHEET)
    assert api.post(api.c("/clock/start-scene")).status == 200
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": mara, "initiative": 12}, {"character_id": ovid, "initiative": 10}]})
    assert started.status == 201, started
    return mara, ovid


def next_turn(api: ApiClient, times: int = 1) -> list[Any]:
    events: list[Any] = []
    for _ in range(times):
        answer = api.post(api.c("/encounter/next-turn"))
        assert answer.status == 200, answer
        events += answer["events"]
    return events


def resist(api: ApiClient, resistance_id: str, dice: list[int]) -> Any:
    return api.post(api.c("/stunts/resist"), {"resistance_id": resistance_id, "dice": dice})


def test_lock_in_an_encounter_comes_the_turn_after_the_grapple_over_http(api: ApiClient) -> None:
    mara, ovid = fight(api)
    grabbed = api.post(api.c(f"/characters/{ovid}/conditions"), {"name": "Grabbed"})
    assert "GrappleNoted" in [e["type"] for e in grabbed["events"]]
    early = spend(api, roll(api, mara, SIX), [{"name": "Lock", "sp": 3}], target=ovid)
    assert (early.status, early["rule"]) == (409, "lock-comes-next-turn")
    assert early.headers["Content-Type"].startswith("application/problem+json")
    next_turn(api, 2)
    locked = spend(api, roll(api, mara, SIX), [{"name": "Lock", "sp": 5}], target=ovid)
    assert locked.status == 201, locked
    assert locked["events"][0]["data"]["turn_number"] == 3
    assert summary_of(api, locked["events"][0]["position"]).startswith(
        "Mara spends 3 SP on Lock: Impaired on Ovid (5 SP with +2 for Grabbed) in turn 3")


def test_full_force_and_opportunist_one_per_turn_in_an_encounter_over_http(
        api: ApiClient) -> None:
    mara, _ = fight(api)
    assert spend(api, roll(api, mara, SIX), [{"name": "Opportunist"}]).status == 201
    again = spend(api, roll(api, mara, SIX), [{"name": "Full Force"}])
    assert (again.status, again["rule"]) == (409, "minor-action-used")
    next_turn(api, 2)
    assert spend(api, roll(api, mara, SIX), [{"name": "Full Force"}]).status == 201


def test_frighten_in_an_encounter_rolls_again_once_per_own_turn_over_http(
        api: ApiClient) -> None:
    mara, ovid = fight(api)
    frightened = spend(api, roll(api, mara, SIX), [{"name": "Frighten"}], target=ovid)
    rid = frightened["events"][0]["data"]["resistances"][0]["id"]
    assert resist(api, rid, LOW).status == 201
    twice = resist(api, rid, LOW)
    assert (twice.status, twice["rule"]) == (409, "stunt-resistance-once-per-turn")
    next_turn(api)  # Ovid's turn
    second = resist(api, rid, LOW)
    assert second.status == 201, second
    data = second["events"][1]["data"]
    assert (data["bonus"], data["turn_number"]) == (1, 2)


def test_suggest_action_order_in_an_encounter_lasts_the_targets_next_turn_over_http(
        api: ApiClient) -> None:
    mara, ovid = fight(api)
    suggested = spend(api, roll(api, mara, SIX), [{"name": "Suggest Action", "sp": 4}],
                      target=ovid)
    rid = suggested["events"][0]["data"]["resistances"][0]["id"]
    resisted = resist(api, rid, LOW)
    assert by_id(resisted.primary["resistances"], rid)["turns_left"] == 1
    passed = [e for e in next_turn(api, 2) if e["type"] == "StuntTurnPassed"]
    assert [e["data"]["turns_left"] for e in passed] == [0]
    view = by_id(api.get(api.c("/stunts"))["stunts"]["resistances"], rid)
    assert view["turns_left"] == 0
    entries = api.get(api.c("/timeline"))["entries"]
    assert any("Suggest Action no longer holds Ovid" in e["summary"] for e in entries)


def test_opportunist_attack_in_an_encounter_generates_no_sp_over_http(api: ApiClient) -> None:
    mara, ovid = fight(api)
    assert spend(api, roll(api, mara, SIX), [{"name": "Opportunist"}]).status == 201
    next_turn(api)  # Ovid's turn: Mara's prepared attack
    attack = api.post(api.c(f"/characters/{mara}/attacks"),
                      {"kind": "opportunist", "ability": "willpower", "tn": 10, "dice": SIX,
                       "target": ovid})
    assert attack.status == 201, attack
    kinds = [e["type"] for e in attack["events"]]
    assert "ActiveTestCounted" not in kinds
    assert attack["events"][0]["data"]["stunt_points"] == 0


def test_stunt_attack_in_an_encounter_is_the_turns_one_generating_test_over_http(
        api: ApiClient) -> None:
    mara, ovid = fight(api)
    body = {"kind": "stunt-attack", "ability": "willpower", "tn": 10, "dice": [6, 5, 1],
            "target": ovid}
    first = api.post(api.c(f"/characters/{mara}/attacks"), body)
    second = api.post(api.c(f"/characters/{mara}/attacks"), body)
    counts = [next(e for e in a["events"] if e["type"] == "ActiveTestCounted")["data"]
              for a in (first, second)]
    assert [(c["generates_sp"], c["withheld"]) for c in counts] == [(True, 0), (False, 2)]
    over = spend(api, second["events"][0]["position"], [{"name": "Glean Motives"}])
    assert (over.status, over["rule"]) == (409, "stunt-points-over-budget")
    assert spend(api, first["events"][0]["position"], [{"name": "Glean Motives"}]).status == 201
