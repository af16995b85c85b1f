"""Dying under the campaign's mode, First Aid, and states that end by time or by an event,
over HTTP on both stores (docs/rules/encounters.md, "Dying" and "Time-bounded states")."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient

PROBLEM = "application/problem+json"


def types(answer: Any) -> list[str]:
    return [e["type"] for e in answer["events"]]


def sheet_of(api: ApiClient, character_id: str) -> Any:
    return api.get(api.c(f"/characters/{character_id}"))["character"]


def shot_in_a_fight(api: ApiClient, con: int, **settings: Any) -> str:
    """Mara (Constitution `con`) alone in an encounter, shot to 0 Health in round 1."""
    api.new_campaign(**settings)
    mara = api.new_character(name="Mara", abilities={"Constitution": con},
                             health={"current": 10, "max": 10})
    api.post(api.c("/clock/start-scene"))
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": mara, "initiative": 12}, {"name": "Thug", "initiative": 5}]})
    assert started.status == 201, started
    shot = api.post(api.c(f"/characters/{mara}/health/damage"), {"amount": 10})
    assert "DyingBegan" in types(shot), shot
    return mara


def test_dying_in_pulpy_mode_shows_its_survival_time_and_owes_a_test_when_it_runs_out(
        api: ApiClient) -> None:
    mara = shot_in_a_fight(api, con=0)
    dying = sheet_of(api, mara)["dying_state"]
    assert (dying["mode"], dying["survival_rounds"], dying["ends_round"]) == ("pulpy", 2, 3)
    early = api.post(api.c(f"/characters/{mara}/dying/test"), {"dice": [6, 6, 6]})
    assert (early.status, early.headers["Content-Type"], early["rule"]) == (
        409, PROBLEM, "no-dying-test-owed")
    for _ in range(3):
        api.post(api.c("/encounter/next-turn"))
    ran_out = api.post(api.c("/encounter/next-turn"))  # round 3, Mara's place
    assert "SurvivalTimeRanOut" in types(ran_out), ran_out
    assert sheet_of(api, mara)["dying_state"]["test_owed"] is True
    tested = api.post(api.c(f"/characters/{mara}/dying/test"), {"dice": [5, 2, 4]})
    assert tested.status == 201, tested
    result = next(e for e in tested["events"] if e["type"] == "SurvivalTested")["data"]
    assert (result["tn"], result["success"], result["ends_round"]) == (9, True, 7)
    assert tested.primary["dying_state"]["ends_round"] == 7
    treated = api.post(api.c(f"/characters/{mara}/first-aid"), {"note": "a tourniquet"})
    assert treated.status == 200, treated
    assert (treated.primary["dying"], treated.primary["dying_state"]) == (False, None)


def test_dying_in_gritty_mode_falls_unconscious_until_1_health(api: ApiClient) -> None:
    mara = shot_in_a_fight(api, con=0, dying_mode="gritty")
    failed = api.post(api.c(f"/characters/{mara}/dying/test"), {"dice": [1, 2, 3]})
    assert failed.status == 201, failed
    assert failed.primary["unconscious"] is True
    healed = api.post(api.c(f"/characters/{mara}/health/heal"), {"amount": 1})
    ends = ("DyingEnded", "UnconsciousEnded")
    assert tuple(t for t in types(healed) if t in ends) == ends
    assert healed.primary["unconscious"] is False


def test_dying_mode_is_a_campaign_setting_checked_by_name(api: ApiClient) -> None:
    api.new_campaign()
    refused = api.patch(api.c("/settings"), {"settings": {"dying_mode": "heroic"}})
    assert (refused.status, refused["rule"]) == (422, "setting-type"), refused
    changed = api.patch(api.c("/settings"), {"settings": {"dying_mode": "cinematic"}})
    assert changed.status == 200, changed
    assert api.get(api.c("/state"))["state"]["settings"]["dying_mode"] == "cinematic"


def test_dying_in_cinematic_mode_survival_sp_buy_a_major_action(api: ApiClient) -> None:
    mara = shot_in_a_fight(api, con=-2, dying_mode="cinematic")
    api.post(api.c("/clock/start-session"))
    tested = api.post(api.c(f"/characters/{mara}/dying/test"), {"dice": [4, 4, 5]})
    roll = next(e for e in tested["events"] if e["type"] == "Rolled")
    assert roll["data"]["stunt_points"] == 5
    other = api.post(api.c("/stunts/spend"), {"roll_position": roll["position"],
                                             "stunts": [{"name": "Disarm"}]})
    assert (other.status, other["rule"]) == (409, "survival-sp-buy-only-a-major-action")
    bought = api.post(api.c("/stunts/spend"), {"roll_position": roll["position"],
                                              "stunts": [{"name": "Major action"}]})
    assert bought.status == 201, bought


def test_unconscious_condition_ends_mid_fight_and_takes_its_helpless_with_it(
        api: ApiClient) -> None:
    api.new_campaign(round_seconds=60)
    mara = api.new_character(name="Mara")
    api.post(api.c("/clock/start-scene"))
    api.post(api.c("/encounter"), {"participants": [{"character_id": mara, "initiative": 5}]})
    out = api.post(api.c(f"/characters/{mara}/conditions"), {"name": "Unconscious"})
    minutes = next(e for e in out["events"] if e["type"] == "KnockedOut")["data"]["minutes"]
    api.post(api.c(f"/characters/{mara}/conditions"), {"name": "Helpless", "points": 4})
    for _ in range(minutes - 1):  # one round is one minute here
        api.post(api.c("/encounter/next-turn"))
    assert sheet_of(api, mara)["unconscious"] is True
    woke = api.post(api.c("/encounter/next-turn"))
    assert "UnconsciousEnded" in types(woke), woke
    names = {c["name"] for c in sheet_of(api, mara)["conditions"]}
    assert not names & {"Unconscious", "Helpless"}


def test_first_aid_revives_from_stun_and_is_refused_when_not_needed(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara")
    refused = api.post(api.c(f"/characters/{mara}/first-aid"), {})
    assert (refused.status, refused["rule"]) == (409, "first-aid-not-needed")
    api.post(api.c(f"/characters/{mara}/health/damage"), {"amount": 10, "type": "stun"})
    revived = api.post(api.c(f"/characters/{mara}/first-aid"), {"by": "Ivo"})
    assert revived.status == 200, revived
    assert revived.primary["unconscious"] is False


def test_exhausted_losing_more_than_half_health_is_unconscious_until_restored(
        api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara", health={"current": 10, "max": 10})
    api.post(api.c(f"/characters/{mara}/conditions"), {"name": "Exhausted"})
    out = api.post(api.c(f"/characters/{mara}/health/damage"), {"amount": 6})
    knockout = next(e for e in out["events"] if e["type"] == "KnockedOut")["data"]
    assert knockout["cause"] == "exhausted"
    assert knockout["minutes"] in (60, 120, 180, 240, 300, 360)
    assert sheet_of(api, mara)["knockouts"][0]["until_minute"] == knockout["minutes"]
    healed = api.post(api.c(f"/characters/{mara}/health/heal"), {"amount": 2})
    assert healed.primary["unconscious"] is False
