"""Backlash Consequences counted in combat time over HTTP, on both stores (002;
docs/rules/encounters.md, "Backlash Consequences in rounds")."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient


def consequence_in_round_1(api: ApiClient, effect: str, severity: str) -> tuple[str, Any]:
    """Mara (12) then a thug (10): a failed Magic Test accepted, a Consequence roll failed
    on purpose, and a General Consequence with `effect` recorded in round 1."""
    api.new_campaign()
    mara = api.new_character(name="Mara", abilities={"Willpower": 3}, magic_ability="Willpower",
                             mana={"current": 10, "max": 10})
    api.post(api.c("/clock/start-scene"))
    assert api.post(api.c("/encounter"), {"participants": [
        {"character_id": mara, "initiative": 12}, {"name": "Thug", "initiative": 10}]}).status == 201
    failed = api.post(api.c(f"/characters/{mara}/magic-tests"), {"base_tn": 10, "dice": [1, 2, 3]})
    test_id = failed["magic_test"]["test_id"]
    assert api.post(api.c(f"/characters/{mara}/magic-tests/{test_id}/accept")).status == 200
    assert api.post(api.c(f"/characters/{mara}/backlash/consequence-roll"),
                    {"fail_deliberately": True}).status == 200
    suffered = api.post(api.c(f"/characters/{mara}/backlash/consequences"), {
        "amount": 2, "consequences": [{"description": "the world tilts", "category": "general",
                                       "severity": severity, "effect": effect}]})
    return mara, suffered


def roll(api: ApiClient, mara: str, dice: list[int]) -> dict[str, Any]:
    answer = api.post(api.c(f"/characters/{mara}/rolls"),
                      {"kind": "age", "ability": "Willpower", "tn": 10, "dice": dice,
                       "active": True})
    assert answer.status == 201, answer
    return dict(next(e for e in answer["events"] if e["type"] == "Rolled")["data"])


def test_a_backlash_penalty_to_all_rolls_next_round_applies_in_the_next_round_only(
        api: ApiClient) -> None:
    mara, suffered = consequence_in_round_1(api, "penalty-next-round", "moderate")
    assert suffered.status == 200, suffered
    assert "ConsequenceEffectTimed" in [e["type"] for e in suffered["events"]]
    effects = api.get(api.c("/encounter"))["encounter"]["encounter"]["consequence_effects"]
    assert [(e["effect"], e["round"], e["modifier"]) for e in effects] == [
        ("penalty-next-round", 2, -2)]
    api.post(api.c("/encounter/next-turn"))
    api.post(api.c("/encounter/next-turn"))  # round 2
    rolled = roll(api, mara, [3, 4, 5])
    assert [m["modifier"] for m in rolled["condition_modifiers"]] == [-2]
    assert rolled["total"] == 3 + 4 + 5 + 3 - 2


def test_a_backlash_next_major_action_fails_the_next_active_test_in_ones_turn(
        api: ApiClient) -> None:
    mara, suffered = consequence_in_round_1(api, "next-major-action-fails", "major")
    assert suffered.status == 200, suffered
    api.post(api.c("/encounter/next-turn"))
    api.post(api.c("/encounter/next-turn"))  # round 2, Mara's turn
    rolled = roll(api, mara, [6, 6, 6])
    assert (rolled["success"], rolled["automatic_failure"]) == (False, True)


def test_a_backlash_effect_is_the_general_tables_at_its_severity(api: ApiClient) -> None:
    _, refused = consequence_in_round_1(api, "next-major-action-fails", "minor")
    assert (refused.status, refused["rule"]) == (422, "consequence-effect-not-of-its-severity")
    assert refused.headers["Content-Type"].startswith("application/problem+json")
