"""Tests owed by combat time over HTTP, on both stores (000; docs/rules/encounters.md,
"Tests owed in and after a fight")."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient


def owed(api: ApiClient, character_id: str, kind: str) -> list[dict[str, Any]]:
    pending = api.get(api.c(f"/characters/{character_id}"))["character"]["pending"]
    return [d for d in pending if d["kind"] == f"{kind}-test-owed"]


def test_confused_owes_a_willpower_self_discipline_tn_13_test_at_the_start_of_each_own_turn(
        api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara", abilities={"Willpower": 1})
    assert api.post(api.c(f"/characters/{mara}/conditions"), {"name": "Confused"}).status == 201
    api.post(api.c("/clock/start-scene"))
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": mara, "initiative": 12}, {"name": "Thug", "initiative": 10}]})
    assert started.status == 201, started
    (test,) = owed(api, mara, "confused")
    assert (test["ability"], test["focus"], test["tn"]) == ("Willpower", "Self-Discipline", 13)
    other = api.post(api.c(f"/characters/{mara}/rolls"),  # owed, it blocks no other roll
                     {"kind": "age", "ability": "Willpower", "tn": 10, "dice": [2, 3, 4]})
    assert other.status == 201, other
    rolled = api.post(api.c(f"/characters/{mara}/owed-tests/{test['test_id']}/roll"),
                      {"dice": [6, 5, 2]})
    assert rolled.status == 200, rolled
    (roll,) = [e["data"] for e in rolled["events"] if e["type"] == "Rolled"]
    assert (roll["tn"], roll["total"], roll["success"], roll["active"]) == (13, 14, True, False)
    assert owed(api, mara, "confused") == []
    again = api.post(api.c(f"/characters/{mara}/owed-tests/{test['test_id']}/roll"), {})
    assert again.status == 404
    api.post(api.c("/encounter/next-turn"))  # the thug
    api.post(api.c("/encounter/next-turn"))  # round 2, Mara: owed again
    (second,) = owed(api, mara, "confused")
    assert second["round"] == 2
    timeline = api.get(api.c("/timeline"))["entries"]
    (entry, *_) = [e for e in reversed(timeline) if "TestOwed" in e["types"]]
    assert "owes a confused test" in entry["summary"]


def test_a_fatigue_test_is_owed_after_a_combat_longer_than_one_round_per_constitution_bonus(
        api: ApiClient) -> None:
    api.new_campaign()
    ivo = api.new_character(name="Ivo", abilities={"Constitution": 1})
    api.post(api.c("/clock/start-scene"))
    api.post(api.c("/encounter"), {"participants": [{"character_id": ivo, "initiative": 12}]})
    api.post(api.c("/encounter/next-turn"))  # round 2
    ended = api.post(api.c("/encounter/end"))
    assert ended.status == 200, ended
    kinds = [e["type"] for e in ended["events"]]
    assert kinds.index("TestOwed") > kinds.index("EncounterEnded")
    (test,) = owed(api, ivo, "fatigue")
    assert (test["rounds"], test["blocks_magic_tests"], "tn" in test) == (2, False, False)
    url = api.c(f"/characters/{ivo}/owed-tests/{test['test_id']}/roll")
    head = api.get(api.c())["position"]
    refused = api.post(url, {"dice": [1, 2, 3]})
    assert (refused.status, refused["rule"]) == (422, "fatigue-test-needs-a-tn")
    assert refused.headers["Content-Type"].startswith("application/problem+json")
    assert api.get(api.c())["position"] == head
    failed = api.post(url, {"dice": [1, 2, 3], "tn": 11, "failure_condition": "Fatigued"})
    assert failed.status == 200, failed
    assert "ConditionAdded" in [e["type"] for e in failed["events"]]
    assert [c["name"] for c in failed.primary["conditions"]] == ["Fatigued"]
    assert owed(api, ivo, "fatigue") == []
