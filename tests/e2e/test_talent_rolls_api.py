"""Talents that change rolls, over HTTP on both stores (docs/rules/talents.md): rerolling
1s with reported and with the session's server dice."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient


def talent(name: str, degree: str, choice: str | None = None) -> list[dict[str, Any]]:
    return [{"name": name, "degree": degree} | ({"choice": choice} if choice else {})]


def rolled(answer: Any) -> dict[str, Any]:
    assert answer.status == 201, answer
    (found,) = [e["data"] for e in answer["events"] if e["type"] == "Rolled"]
    return found  # type: ignore[no-any-return]


def test_rituals_master_rerolls_reported_ones_and_shows_them(api: ApiClient) -> None:
    api.new_campaign()
    ines = api.new_character(name="Ines", abilities={"Willpower": 2},
                             talents=talent("Rituals", "Master"))
    rolls = api.c(f"/characters/{ines}/rolls")
    answer = rolled(api.post(rolls, {"kind": "age", "ability": "Willpower", "tn": 13,
                                     "tags": ["rituals"], "dice": [1, 4, 5, 6]}))
    assert (answer["total"], answer["ones_rerolled_by"]) == (6 + 4 + 5 + 2 + 1, ["Rituals Master"])
    assert [d["mark"] for d in answer["dice"]] == ["rerolled", "kept", "kept", "kept"]
    assert "1s rerolled (Rituals Master)" in answer["result_text"]
    short = api.post(rolls, {"kind": "age", "ability": "Willpower", "tags": ["rituals"],
                             "dice": [1, 4, 5]})
    assert short.status == 422, short
    assert short["rule"] == "reported-dice-mismatch"
    kept = rolled(api.post(rolls, {"kind": "age", "ability": "Willpower", "tags": ["rituals"],
                                   "dice": [1, 1, 5], "reroll_ones": False}))
    assert (kept["doubles"], kept["ones_rerolled_by"]) == (True, [])
    timeline = api.get(api.c("/timeline"))["entries"]
    assert any("1s rerolled (Rituals Master)" in e["summary"] for e in timeline)


def test_reroll_ones_with_server_dice_verifies_after_the_session(api: ApiClient) -> None:
    api.new_campaign()
    ines = api.new_character(name="Ines", abilities={"Dexterity": 1}, focuses=["Stealth"],
                             talents=talent("Trickster", "Expert"))
    assert api.post(api.c("/clock/start-session")).status == 200
    rerolled, rolls = 0, 0
    while rerolled == 0 and rolls < 60:  # a 1 among three dice: 42% a roll
        answer = rolled(api.post(api.c(f"/characters/{ines}/rolls"), {
            "kind": "age", "ability": "Dexterity", "focus": "Stealth"}))
        assert answer["ones_rerolled_by"] == ["Trickster Expert"]
        rolls += 1
        rerolled = sum(d["mark"] == "rerolled" for d in answer["dice"])
        assert len(answer["dice"]) == 3 + rerolled
    assert rerolled > 0
    assert api.post(api.c("/clock/end-session")).status == 200
    checked = api.get(api.c("/verify")).body
    assert checked["dice"]["mismatches"] == []
    assert checked["ok"] is True
    assert checked["dice"]["verified"] == rolls


def summaries(api: ApiClient) -> list[str]:
    answer = api.get(api.c("/timeline"))
    assert answer.status == 200, answer
    return [e["summary"] for e in answer["entries"]]


def refused(answer: Any, rule: str) -> None:
    assert answer.status == 409, answer
    assert answer["rule"] == rule, answer


def test_rituals_grandmaster_rerolls_a_failed_ritual_roll_once(api: ApiClient) -> None:
    api.new_campaign()
    rita = api.new_character(name="Rita", conviction={"current": 2, "max": 2},
                             talents=talent("Rituals", "Grandmaster"))
    ivo = api.new_character(name="Ivo", abilities={"Willpower": 1})
    failed = api.post(api.c(f"/characters/{ivo}/rolls"), {
        "kind": "age", "ability": "Willpower", "tn": 15, "tags": ["rituals"], "dice": [2, 3, 4]})
    position = failed["events"][0]["position"]
    reroll = api.c(f"/characters/{rita}/rolls/reroll-ritual")
    answer = api.post(reroll, {"roll_position": position, "dice": [5, 5, 6]})
    again = rolled(answer)
    assert [e["type"] for e in answer["events"]] == ["ResourceSpent", "RitualRerolled", "Rolled"]
    assert (again["character_id"], again["total"], again["success"]) == (ivo, 17, True)
    assert answer.primary["conviction"]["current"] == 1
    said = (f"Rita spends 1 Conviction by Rituals Grandmaster: Ivo rerolls the failed Ritual "
            f"roll at {position}")
    assert any(said in line for line in summaries(api))
    refused(api.post(reroll, {"roll_position": position}), "ritual-roll-already-rerolled")
    refused(api.post(reroll, {"roll_position": answer["events"][2]["position"]}),
            "ritual-roll-not-eligible")  # the reroll succeeded
    assert api.get(api.c(f"/characters/{rita}"))["character"]["conviction"]["current"] == 1


def test_leader_master_trade_applies_to_both_next_tests(api: ApiClient) -> None:
    api.new_campaign()
    lea = api.new_character(name="Lea", abilities={"Willpower": 2},
                            talents=talent("Leader", "Master"))
    ivo = api.new_character(name="Ivo", abilities={"Willpower": 2})
    traded = api.post(api.c(f"/characters/{lea}/talents/leader-trade"),
                      {"ally": "Ivo", "amount": 2, "reason": "on my signal"})
    assert traded.status == 200, traded
    assert "Ivo's next test gets +2 by Leader Master from Lea (on my signal)" in summaries(api)[-1]
    roll = {"kind": "age", "ability": "Willpower", "dice": [2, 3, 4]}
    assert rolled(api.post(api.c(f"/characters/{ivo}/rolls"), roll))["total"] == 13
    assert rolled(api.post(api.c(f"/characters/{lea}/rolls"), roll))["total"] == 9
    assert rolled(api.post(api.c(f"/characters/{ivo}/rolls"), roll))["total"] == 11
    refused(api.post(api.c(f"/characters/{ivo}/talents/leader-trade"),
                     {"ally": lea, "amount": 1}), "talent-not-on-sheet")
    too_much = api.post(api.c(f"/characters/{lea}/talents/leader-trade"), {"ally": ivo, "amount": 4})
    assert too_much.status == 422, too_much


def test_an_attack_uses_a_pending_leader_master_trade(api: ApiClient) -> None:
    """An attack is a test, so it takes the trade too. It unpacked its test as one event,
    and the trade's own event made every attack a 500 until a plain roll used the trade
    (an outside rules check's finding)."""
    api.new_campaign()
    lea = api.new_character(name="Lea", abilities={"Fighting": 1},
                            talents=talent("Leader", "Master"))
    ivo = api.new_character(name="Ivo", abilities={"Fighting": 2})
    assert api.post(api.c(f"/characters/{lea}/talents/leader-trade"),
                    {"ally": ivo, "amount": 2}).status == 200
    attack = {"ability": "Fighting", "tn": 10, "dice": [3, 3, 4]}
    made = api.post(api.c(f"/characters/{ivo}/attacks"), attack)
    assert made.status == 201, made
    hit = rolled(made)
    assert hit["total"] == 3 + 3 + 4 + 2 + 2
    noted = next(e for e in made["events"] if e["type"] == "AttackRolled")["data"]
    roll_at = next(e["position"] for e in made["events"] if e["type"] == "Rolled")
    assert (noted["roll_position"], noted["generated"]) == (roll_at, hit["stunt_points"])
    assert rolled(api.post(api.c(f"/characters/{lea}/attacks"), attack))["total"] == 3 + 3 + 4 + 1 - 2
    assert rolled(api.post(api.c(f"/characters/{ivo}/attacks"), attack))["total"] == 3 + 3 + 4 + 2


def test_an_attack_takes_warrior_master_s_trade_and_adventurer_apex_s_conviction(
        api: ApiClient) -> None:
    """Both act "when you make an attack"; the attack command refused their fields (422),
    so they could only go on a plain roll (an outside rules check's finding)."""
    api.new_campaign()
    ada = api.new_character(name="Ada", abilities={"Fighting": 2},
                            conviction={"current": 2, "max": 2},
                            talents=[{"name": "Adventurer", "degree": "Apex"},
                                     {"name": "Warrior", "degree": "Master"}])
    ivo = api.new_character(name="Ivo", abilities={"Fighting": 2})
    assert api.post(api.c("/clock/start-scene")).status == 200
    assert api.post(api.c("/encounter"), {"participants": [
        {"character_id": ada, "initiative": 10}, {"character_id": ivo, "initiative": 5}]}).status == 201
    made = api.post(api.c(f"/characters/{ada}/attacks"), {
        "ability": "Fighting", "tn": 10, "dice": [2, 3, 4], "spend_conviction": True,
        "attack_trade": -2, "target": ivo})
    assert made.status == 201, made
    found = rolled(made)
    assert found["total"] == 2 + 3 + 4 + 2 + 3 - 2
    assert "Warrior Master: damage +2" in found["result_text"]
    assert api.get(api.c(f"/characters/{ada}"))["character"]["conviction"]["current"] == 1
    refused(api.post(api.c(f"/characters/{ivo}/attacks"), {
        "ability": "Fighting", "tn": 10, "attack_trade": 1}), "talent-not-on-sheet")


def test_adventurer_apex_and_warrior_master_on_rolls(api: ApiClient) -> None:
    api.new_campaign()
    ada = api.new_character(name="Ada", abilities={"Willpower": 2},
                            conviction={"current": 2, "max": 2},
                            talents=[{"name": "Adventurer", "degree": "Apex"},
                                     {"name": "Warrior", "degree": "Master"}])
    assert api.post(api.c("/clock/start-scene")).status == 200
    assert api.post(api.c("/encounter"), {"participants": [
        {"character_id": ada, "initiative": 10}]}).status == 201
    rolls = api.c(f"/characters/{ada}/rolls")
    answer = api.post(rolls, {"kind": "age", "ability": "Willpower", "dice": [2, 3, 4],
                              "spend_conviction": True, "attack_trade": -2})
    found = rolled(answer)
    assert found["total"] == 2 + 3 + 4 + 2 + 3 - 2
    assert answer.primary["conviction"]["current"] == 1
    assert "Warrior Master: damage +2" in found["result_text"]
    assert "+ 3 Adventurer Apex - 2 Warrior Master" in summaries(api)[-1]
    bad = api.post(rolls, {"kind": "age", "ability": "Willpower", "attack_trade": 4})
    assert bad.status == 422, bad


def test_wizard_apex_avoids_backlash_once_per_turn(api: ApiClient) -> None:
    api.new_campaign()
    wiz = api.new_character(name="Wiz", abilities={"Willpower": 3}, magic_ability="Willpower",
                            mana={"current": 20, "max": 20}, conviction={"current": 3, "max": 3},
                            talents=talent("Wizard", "Apex"))
    assert api.post(api.c("/clock/start-scene")).status == 200
    failed = api.post(api.c(f"/characters/{wiz}/magic-tests"), {"base_tn": 12, "dice": [1, 2, 3]})
    assert failed.status == 201, failed
    assert api.post(api.c("/encounter"), {"participants": [
        {"character_id": wiz, "initiative": 10}]}).status == 201
    avoid = api.c(f"/characters/{wiz}/backlash/avoid")
    first = api.post(avoid, {"reason": "a deep breath"})
    assert first.status == 200, first
    (avoided,) = [e["data"] for e in first["events"] if e["type"] == "BacklashAvoided"]
    assert first.primary["backlash"]["temporary"] == avoided["after"] == \
        avoided["before"] - 1
    assert first.primary["conviction"]["current"] == 2
    assert "Wiz avoids 1 Backlash by Wizard Apex for 1 Conviction" in summaries(api)[-1]
    refused(api.post(avoid, {}), "wizard-apex-once-per-turn")
    assert api.post(api.c("/encounter/next-turn")).status == 200
    assert api.post(avoid, {}).status == 200


def test_rituals_apex_ignores_the_first_backlash_point_of_a_ritual_test(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara", abilities={"Willpower": 3}, magic_ability="Willpower",
                             mana={"current": 10, "max": 10}, talents=talent("Rituals", "Apex"))
    tests = api.c(f"/characters/{mara}/magic-tests")
    failed = api.post(tests, {"base_tn": 12, "dice": [2, 2, 2], "ritual": True})
    assert failed.status == 201, failed
    made = failed["magic_test"]
    assert (made["total"], made["failure_backlash"], made["failure_backlash_less"]) == (10, 2, 1)
    assert "Rituals Apex" in made["talents"]
    accepted = api.post(api.c(f"/characters/{mara}/magic-tests/{made['test_id']}/accept"))
    assert accepted.status == 200, accepted
    assert accepted["magic"]["backlash"]["temporary"] == 2


def test_shaman_master_rerolls_a_spirits_test_once_per_encounter(api: ApiClient) -> None:
    api.new_campaign()
    sha = api.new_character(name="Sha", abilities={"Willpower": 2},
                            talents=talent("Shaman", "Master"))
    assert api.post(api.c("/clock/start-scene")).status == 200
    assert api.post(api.c("/encounter"), {"participants": [
        {"character_id": sha, "initiative": 10}]}).status == 201
    first = api.post(api.c(f"/characters/{sha}/rolls"), {
        "kind": "age", "ability": "Willpower", "tn": 15, "tags": ["spirits"], "dice": [2, 3, 4]})
    position = rolled(first) and first["events"][0]["position"]
    reroll = api.c(f"/characters/{sha}/rolls/reroll-spirits")
    answer = api.post(reroll, {"roll_position": position, "dice": [6, 5, 4]})
    again = rolled(answer)
    assert (again["total"], again["success"]) == (6 + 5 + 4 + 2 + 1, True)
    assert any(f"Sha rerolls the Spirits test at {position} by Shaman Master" in line
               for line in summaries(api))
    refused(api.post(reroll, {"roll_position": position}), "shaman-master-once-per-encounter")


def test_brilliance_master_doubles_an_intelligence_focus_when_studying(api: ApiClient) -> None:
    api.new_campaign()
    bri = api.new_character(name="Bri", abilities={"Intelligence": 2}, focuses=["Cryptography"],
                            talents=talent("Brilliance", "Master"))
    found = rolled(api.post(api.c(f"/characters/{bri}/rolls"), {
        "kind": "age", "ability": "Intelligence", "focus": "Cryptography", "tags": ["study"],
        "dice": [2, 3, 4]}))
    assert (found["total"], found["talents"]) == (2 + 3 + 4 + 2 + 2 + 2, ["Brilliance Master"])
