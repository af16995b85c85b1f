"""Magic Tests and the Backlash bank over HTTP, on both stores."""

from __future__ import annotations

from typing import Any

from tests.api_client import Answer, ApiClient

FAIL_BY_3 = [1, 2, 3]  # 6 + Willpower 3 = 9 against TN 12


def mage(api: ApiClient, mana: int = 10, **sheet: Any) -> str:
    api.new_campaign()
    return api.new_character(abilities={"Willpower": 3}, magic_ability="Willpower",
                             mana={"current": mana, "max": 10}, **sheet)


def magic_test(api: ApiClient, chid: str, dice: list[int] | None = None, **body: Any) -> Answer:
    """POST a Magic Test, base TN 12 unless given, with reported dice if given."""
    body.setdefault("base_tn", 12)
    if dice is not None:
        body["dice"] = dice
    return api.post(api.c(f"/characters/{chid}/magic-tests"), body)


def types(answer: Answer) -> list[str]:
    return [e["type"] for e in answer["events"]]


def pending_kinds(answer: Answer) -> list[str]:
    return [p["kind"] for p in answer["magic"]["pending"]]


def test_automatic_success_rolls_nothing_and_records_the_mana_under_one_correlation(
        api: ApiClient) -> None:
    chid = mage(api)
    answer = magic_test(api, chid, base_tn=10, bonus_mana=4)  # 3 + Willpower 3 + 4 = 10
    assert answer.status == 201, answer
    assert answer["magic_test"]["automatic"] is True
    assert answer["magic_test"]["success"] is True
    assert types(answer) == ["ResourceSpent", "MagicTestMade"]
    assert len({e["correlation_id"] for e in answer["events"]}) == 1
    assert answer.primary["mana"]["current"] == 6


def test_a_reaction_is_recorded_right_after_the_event_that_caused_it(api: ApiClient) -> None:
    chid = mage(api, mana=1)
    answer = magic_test(api, chid, [6, 6, 5], bonus_backlash=2)  # Backlash 2 passes Mana 1
    assert answer.status == 201, answer
    assert types(answer) == ["BacklashChoiceOffered", "ConsequenceRollOwed", "Rolled",
                             "MagicTestMade"]
    positions = [e["position"] for e in answer["events"]]
    assert positions == list(range(positions[0], positions[0] + 4))


def test_failure_then_fix_makes_a_success_without_the_failures_backlash(api: ApiClient) -> None:
    chid = mage(api)
    failed = magic_test(api, chid, FAIL_BY_3)
    assert failed.status == 201
    assert failed["magic_test"]["success"] is False
    (offer,) = failed["magic"]["pending"]
    test_id = failed["magic_test"]["test_id"]
    assert offer["kind"] == "magic-test-failure"
    assert offer["fix_needs"] == 3
    assert offer["commands"] == [f"magic-tests/{test_id}/fix", f"magic-tests/{test_id}/accept"]
    short = api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/fix"), {"mana": 2})
    assert short.status == 409
    assert short["rule"] == "fix-must-reach-tn"
    fixed = api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/fix"),
                     {"mana": 2, "backlash": 1})
    assert fixed.status == 200, fixed
    assert types(fixed) == ["ResourceSpent", "BacklashGained", "MagicTestFixed"]
    assert fixed.primary["magic_tests"] == {"failure": None, "carried": 1}
    assert fixed["magic"]["backlash"]["temporary"] == 1
    assert fixed["magic"]["pending"] == []


def test_failure_accepted_takes_one_plus_degree_and_offers_bank_or_roll(api: ApiClient) -> None:
    chid = mage(api)
    test_id = magic_test(api, chid, FAIL_BY_3)["magic_test"]["test_id"]
    accepted = api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/accept"))
    assert accepted.status == 200, accepted
    assert types(accepted) == ["MagicTestFailureAccepted", "BacklashChoiceOffered"]
    assert accepted["magic"]["backlash"]["temporary"] == 4
    assert pending_kinds(accepted) == ["bank-or-roll"]


def test_failure_is_accepted_when_the_characters_next_command_arrives(api: ApiClient) -> None:
    chid = mage(api)
    test_id = magic_test(api, chid, FAIL_BY_3)["magic_test"]["test_id"]
    spent = api.post(api.c(f"/characters/{chid}/mana/spend"), {"amount": 1, "reason": "lamp"})
    assert spent.status == 200, spent
    assert types(spent) == ["MagicTestFailureAccepted", "BacklashChoiceOffered", "ResourceSpent"]
    assert spent["events"][0]["data"]["test_id"] == test_id
    assert spent["events"][0]["data"]["automatic"] is True
    assert spent.primary["backlash"]["temporary"] == 4


def test_banking_adds_one_backlash(api: ApiClient) -> None:
    chid = mage(api)
    test_id = magic_test(api, chid, FAIL_BY_3)["magic_test"]["test_id"]
    api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/accept"))
    banked = api.post(api.c(f"/characters/{chid}/backlash/bank"))
    assert banked.status == 200, banked
    assert types(banked) == ["BacklashBanked"]
    assert banked["magic"]["backlash"]["temporary"] == 5
    assert banked["magic"]["pending"] == []
    again = api.post(api.c(f"/characters/{chid}/backlash/bank"))
    assert again.status == 409
    assert again["rule"] == "no-backlash-to-bank"


def test_owed_consequence_roll_blocks_magic_tests_with_a_409_naming_the_rule(
        api: ApiClient) -> None:
    chid = mage(api, mana=2)
    test_id = magic_test(api, chid, FAIL_BY_3)["magic_test"]["test_id"]
    accepted = api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/accept"))
    assert "ConsequenceRollOwed" in types(accepted)
    assert accepted["magic"]["owed"][0]["reason"] == "over-mana"
    head = api.get(api.c())["position"]
    refused = magic_test(api, chid, [6, 6, 6])
    assert refused.status == 409
    assert refused.headers["Content-Type"] == "application/problem+json"
    assert refused["rule"] == "backlash-consequence-roll-owed"
    assert api.get(api.c())["position"] == head
    rolled = api.post(api.c(f"/characters/{chid}/backlash/consequence-roll"),
                      {"dice": [6, 6, 6]})  # 18 + 3 against TN 8 + 4
    assert rolled.status == 200, rolled
    assert rolled["magic"]["owed"] == []
    assert magic_test(api, chid, [6, 6, 5]).status == 201


def test_sunrise_adds_one_backlash_and_owes_a_roll_to_a_character_still_over(
        api: ApiClient) -> None:
    chid = mage(api, mana=2)
    test_id = magic_test(api, chid, FAIL_BY_3)["magic_test"]["test_id"]
    api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/accept"))
    api.post(api.c(f"/characters/{chid}/backlash/consequence-roll"), {"dice": [6, 6, 6]})
    before = api.get(api.c(f"/characters/{chid}/magic"))
    assert before["magic"]["owed"] == []
    assert before["magic"]["over_mana"] is True
    sunrise = api.post(api.c("/clock/sunrise"))
    assert sunrise.status == 200, sunrise
    assert types(sunrise) == ["SunMarked", "BacklashGained", "ConsequenceRollOwed"]
    assert len({e["correlation_id"] for e in sunrise["events"]}) == 1
    after = api.get(api.c(f"/characters/{chid}/magic"))
    assert after["magic"]["backlash"]["temporary"] == 5
    assert [o["reason"] for o in after["magic"]["owed"]] == ["sunrise"]
    then = api.get(api.c(f"/characters/{chid}/magic?at={before['position']}"))
    assert then["magic"]["owed"] == []
    assert then["magic"]["backlash"]["temporary"] == 4


def test_consequences_spend_backlash_and_their_harm_never_heals_magically(
        api: ApiClient) -> None:
    chid = mage(api, mana=10)
    test_id = magic_test(api, chid, FAIL_BY_3)["magic_test"]["test_id"]
    api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/accept"))
    failed = api.post(api.c(f"/characters/{chid}/backlash/consequence-roll"),
                      {"fail_deliberately": True})
    assert pending_kinds(failed) == ["consequences"]
    assert magic_test(api, chid, [6, 6, 6])["rule"] == "backlash-consequences-pending"
    drawn = api.post(api.c(f"/characters/{chid}/backlash/consequences/draw"), {"dice": [2, 4]})
    assert drawn["magic"]["pending"][0]["drawn"] == {"category": "general",
                                                    "severity": "moderate", "cost": 2}
    first = api.post(api.c(f"/characters/{chid}/backlash/consequences"), {
        "amount": 3,
        "consequences": [{"drawn": True, "description": "lost the good coat", "damage": 2}]})
    assert first.status == 200, first
    assert [e["data"]["from_backlash"] for e in first["events"] if e["type"] == "Damaged"] == [True]
    assert first["magic"]["pending"][0]["remaining"] == 1
    last = api.post(api.c(f"/characters/{chid}/backlash/consequences"), {
        "consequences": [{"category": "domains", "backlash": 1, "description": "sparks",
                          "conditions": [{"name": "Dazed"}]}]})
    assert last.status == 200, last
    assert last["magic"]["pending"] == []
    assert last["magic"]["backlash"]["temporary"] == 1
    assert last["magic"]["backlash"]["harm"] == 2
    assert last.primary["conditions"][0]["from_backlash"] is True
    healed = api.post(api.c(f"/characters/{chid}/health/heal"), {"amount": 1, "magical": True})
    assert healed.status == 409
    assert healed["rule"] == "backlash-harm-never-heals-magically"


def test_a_player_may_draw_consequences_but_only_the_gm_may_choose_them(api: ApiClient) -> None:
    chid = mage(api)
    player = api.new_token("player", chid)
    test_id = magic_test(api, chid, FAIL_BY_3)["magic_test"]["test_id"]
    api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/accept"), token=player)
    api.post(api.c(f"/characters/{chid}/backlash/consequence-roll"),
             {"fail_deliberately": True}, token=player)
    chosen = api.post(api.c(f"/characters/{chid}/backlash/consequences"), {
        "amount": 1, "consequences": [{"category": "domains", "backlash": 1,
                                       "description": "sparks"}]}, token=player)
    assert chosen.status == 403
    assert chosen["rule"] == "consequence-choice-needs-gm"
    drawn = api.post(api.c(f"/characters/{chid}/backlash/consequences/draw"), {"dice": [5]},
                     token=player)
    assert drawn.status == 200, drawn
    recorded = api.post(api.c(f"/characters/{chid}/backlash/consequences"), {
        "amount": 1, "consequences": [{"drawn": True, "backlash": 1, "description": "sparks"}]},
        token=player)
    assert recorded.status == 200, recorded


def test_only_the_gm_may_override_the_automatic_backlash(api: ApiClient) -> None:
    chid = mage(api)
    player = api.new_token("player", chid)
    refused = api.post(api.c(f"/characters/{chid}/magic-tests"),
                       {"base_tn": 8, "resistance": 7, "auto_backlash": 0}, token=player)
    assert refused.status == 403
    assert refused["rule"] == "auto-backlash-override-gm-only"
    by_player = api.post(api.c(f"/characters/{chid}/magic-tests"),
                         {"base_tn": 5, "resistance": 7}, token=player)  # TN 12, 3 + 3 < 12
    assert by_player.status == 201
    assert by_player["magic_test"]["costs"]["auto_backlash"] == 2
