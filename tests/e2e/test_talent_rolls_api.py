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
