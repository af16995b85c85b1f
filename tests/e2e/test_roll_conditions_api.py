"""Conditions on rolls over HTTP, on both stores: fixed penalties named on the roll,
Nauseated and Reeling applied, context-dependent penalties shown, every AGE roll kind."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api_client import ApiClient

SHEET = {"abilities": {"Willpower": 3, "Constitution": 2}, "magic_ability": "Willpower",
         "mana": {"current": 10, "max": 10}}


def with_conditions(api: ApiClient, *conditions: tuple[str, int | None]) -> str:
    api.new_campaign()
    mara = api.new_character(**SHEET)
    for name, points in conditions:
        added = api.post(api.c(f"/characters/{mara}/conditions"),
                         {"name": name, **({"points": points} if points else {})})
        assert added.status == 201, added
    return mara


def age_test(api: ApiClient, mara: str, dice: list[int], **more: Any) -> dict[str, Any]:
    answer = api.post(api.c(f"/characters/{mara}/rolls"),
                      {"kind": "age", "ability": "Willpower", "dice": dice, **more})
    assert answer.status == 201, answer
    event = next(e for e in answer["events"] if e["type"] == "Rolled")
    assert event["version"] == 4
    data: dict[str, Any] = event["data"]
    return data


@pytest.mark.parametrize(("name", "points", "penalty"), [
    ("Fatigued", None, -2), ("Exhausted", None, -4), ("Impaired", None, -3),
    ("Winded", None, -1), ("Shock", None, -1), ("Compelled", None, -2),
    ("Choking", 3, -1), ("Choking", 6, -3), ("Choking", 9, -4)])
def test_fixed_condition_penalty_applies_to_an_age_test(api: ApiClient, name: str,
                                                        points: int | None, penalty: int) -> None:
    data = age_test(api, with_conditions(api, (name, points)), [1, 2, 3], tn=9)
    assert data["total"] == 1 + 2 + 3 + 3 + penalty
    assert [(m["name"], m["modifier"]) for m in data["condition_modifiers"]] == [(name, penalty)]
    assert f"+ 3 - {-penalty} {name} = " in data["result_text"]


def test_nauseated_rerolls_each_five_or_six_over_http(api: ApiClient) -> None:
    data = age_test(api, with_conditions(api, ("Nauseated", None)), [6, 2, 5, 1, 3], tn=8)
    assert [d["mark"] for d in data["dice"]] == ["rerolled", "kept", "rerolled", "kept", "kept"]
    assert (data["stunt_die"], data["total"]) == (3, 1 + 2 + 3 + 3)
    refused = api.post(api.c(f"/characters/{with_conditions(api, ('Nauseated', None))}/rolls"),
                       {"kind": "age", "ability": "Willpower", "dice": [6, 2, 5]})
    assert (refused.status, refused["rule"]) == (422, "reported-dice-mismatch")


def test_nauseated_server_dice_verify_with_their_rerolls(api: ApiClient) -> None:
    mara = with_conditions(api, ("Nauseated", None))
    api.post(api.c("/clock/start-session"))
    rolls, rerolls = 0, 0
    while rerolls == 0 and rolls < 40:  # until a 5-6 was rerolled: (2/3)^120 never is
        data = age_test(api, mara, None)  # type: ignore[arg-type]
        rolls, rerolls = rolls + 1, rerolls + len(data["dice"]) - 3
        assert len(data["dice"]) == 3 + sum(d["mark"] == "rerolled" for d in data["dice"])
    assert rerolls > 0
    api.post(api.c("/clock/end-session"))
    report = api.get(api.c("/verify"))
    assert report.status == 200, report
    assert (report["ok"], report["dice"]["mismatches"]) == (True, [])
    assert report["dice"]["verified"] == rolls


def test_reeling_fails_a_test_on_a_stunt_die_of_one_or_two_over_http(api: ApiClient) -> None:
    data = age_test(api, with_conditions(api, ("Reeling", None)), [6, 6, 2], tn=9)
    assert (data["total"], data["success"], data["automatic_failure"]) == (17, False, True)


def test_blinded_cowed_and_prone_are_shown_not_applied_over_http(api: ApiClient) -> None:
    mara = with_conditions(api, ("Blinded", None), ("Cowed", None), ("Prone", None))
    data = age_test(api, mara, [1, 2, 3])
    assert data["total"] == 9
    assert [c["name"] for c in data["conditions_not_applied"]] == ["Blinded", "Cowed", "Prone"]
    timeline = api.get(api.c("/timeline"))
    line = [e["summary"] for e in timeline["entries"]][-1]
    assert "not applied: Blinded" in line
    assert "not applied: Prone" in line


def test_the_timeline_names_the_modifiers(api: ApiClient) -> None:
    age_test(api, with_conditions(api, ("Fatigued", None)), [1, 2, 3], tn=9)
    summaries = [e["summary"] for e in api.get(api.c("/timeline"))["entries"]]
    assert "Mara rolled a Willpower test: 3d6+1 = 1, 2, [3] + 3 - 2 Fatigued = 7 · failure " \
           "vs TN 9 (reported dice)" in summaries


def test_magic_tests_and_recovery_rolls_apply_the_penalties_over_http(api: ApiClient) -> None:
    mara = with_conditions(api, ("Fatigued", None))
    made = api.post(api.c(f"/characters/{mara}/magic-tests"), {"base_tn": 12, "dice": [4, 4, 3]})
    assert made.status == 201, made
    rolled = next(e["data"] for e in made["events"] if e["type"] == "Rolled")
    assert (rolled["total"], made["magic_test"]["total"]) == (11 + 3 - 2, 11 + 3 - 2)
    fatigued = api.get(api.c(f"/characters/{mara}/conditions"))["conditions"][0]["id"]
    recovered = api.post(api.c(f"/characters/{mara}/conditions/{fatigued}/recover"),
                         {"dice": [6, 4, 3]})
    assert recovered.status == 200, recovered
    roll = next(e["data"] for e in recovered["events"] if e["type"] == "Rolled")
    assert (roll["tn"], roll["total"], roll["success"]) == (13, 13 + 2 - 2, True)


def test_consequence_and_trust_tests_apply_the_penalties_over_http(api: ApiClient) -> None:
    mara = with_conditions(api, ("Exhausted", None))
    failed = api.post(api.c(f"/characters/{mara}/magic-tests"), {"base_tn": 12,
                                                                  "dice": [1, 2, 3]})
    test_id = failed["magic_test"]["test_id"]
    assert api.post(api.c(f"/characters/{mara}/magic-tests/{test_id}/accept")).status == 200
    backlash = api.get(api.c(f"/characters/{mara}/magic"))["magic"]["backlash"]["total"]
    answer = api.post(api.c(f"/characters/{mara}/backlash/consequence-roll"),
                      {"dice": [6, 5, 4]})
    assert answer.status == 200, answer
    rolled = next(e["data"] for e in answer["events"] if e["type"] == "Rolled")
    assert (rolled["tn"], rolled["total"]) == (8 + backlash, 15 + 3 - 4)
    gun = api.post(api.c("/items"), {"name": "Colt", "kind": "firearm",
                                     "materials": [{"name": "steel"}],
                                     "firearm": {"weapon_class": "revolver", "damage": "2d6"}})
    api.post(api.c("/clock/start-scene"))
    tested = api.post(api.c(f"/items/{gun['item']['id']}/trust-test"),
                      {"character_id": mara, "dice": [3, 3, 4]})
    assert tested.status == 200, tested
    trust = next(e["data"] for e in tested["events"] if e["type"] == "TrustTested")
    assert (trust["total"], trust["success"], trust["outcome"]) == (10 + 3 - 4, True, "trusted")
