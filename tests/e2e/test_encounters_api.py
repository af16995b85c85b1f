"""Encounters over HTTP on both stores: initiative, turns and rounds, the state at `?at=`,
game time inside a fight, turn-counted Conditions (docs/rules/encounters.md)."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient

PROBLEM = "application/problem+json"


def types(answer: Any) -> list[str]:
    return [e["type"] for e in answer["events"]]


def fight(api: ApiClient, **settings: Any) -> tuple[str, str]:
    """Mara (initiative 14) and Ivo (10) with a rolled thug, in an open scene."""
    api.new_campaign(**settings)
    mara = api.new_character(name="Mara", abilities={"Dexterity": 2},
                             health={"current": 10, "max": 10})
    ivo = api.new_character(name="Ivo", abilities={"Dexterity": 1})
    assert api.post(api.c("/clock/start-scene")).status == 200
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": mara, "initiative": 14}, {"character_id": "ivo", "initiative": 10},
        {"name": "Thug", "initiative": -20}]})
    assert started.status == 201, started
    return mara, ivo


def test_an_encounter_starts_rolls_unreported_initiative_and_shows_the_order(
        api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara", abilities={"Dexterity": 2})
    api.post(api.c("/clock/start-scene"))
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": mara}, {"name": "Thug", "initiative": 30}]})
    assert started.status == 201, started
    rolled = next(e for e in started["events"] if e["type"] == "Rolled")["data"]
    view = started.primary
    mara_place = next(p for p in view["encounter"]["order"] if p["id"] == mara)
    assert rolled["expression"] == "3d6+2"  # 3d6 + Dexterity, one roll whose total it is
    assert mara_place["initiative"] == rolled["total"]
    assert view["order"][0] != mara
    assert view["turn"]["name"] == "Thug"
    assert view["round"] == 1


def test_turns_and_rounds_and_the_encounter_at_an_earlier_position(api: ApiClient) -> None:
    mara, _ivo = fight(api)
    first = api.get(api.c("/encounter"))["position"]
    api.post(api.c("/encounter/next-turn"))
    api.post(api.c("/encounter/next-turn"))
    third = api.post(api.c("/encounter/next-turn"))
    assert types(third) == ["RoundStarted", "TurnAdvanced"]
    now = api.get(api.c("/encounter"))["encounter"]
    assert (now["round"], now["turn"]["id"], now["second"]) == (2, mara, 6)
    then = api.get(api.c(f"/encounter?at={first}"))["encounter"]
    assert (then["round"], then["turn"]["id"], then["second"]) == (1, mara, 0)
    state = api.get(api.c("/state"))["state"]
    assert state["encounter"]["round"] == 2
    assert state["clock"]["seconds"] == 6


def test_ending_the_scene_ends_the_encounter(api: ApiClient) -> None:
    fight(api)
    ended = api.post(api.c("/clock/end-scene"))
    assert "EncounterEnded" in types(ended), ended
    assert api.get(api.c("/encounter"))["encounter"]["encounter"] is None


def test_an_encounter_needs_an_open_scene_and_refuses_a_participant_without_a_name(
        api: ApiClient) -> None:
    api.new_campaign()
    refused = api.post(api.c("/encounter"), {"participants": [{"name": "Thug"}]})
    assert (refused.status, refused.headers["Content-Type"], refused["rule"]) == (
        409, PROBLEM, "no-open-scene")
    api.post(api.c("/clock/start-scene"))
    nameless = api.post(api.c("/encounter"), {"participants": [{"initiative": 3}]})
    assert (nameless.status, nameless["rule"]) == (422, "participant-is-a-character-or-a-name")
    assert api.get(api.c("/encounter"))["encounter"]["encounters_started"] == 0


def test_helpless_of_4_points_ends_after_one_round_over_http(api: ApiClient) -> None:
    _mara, ivo = fight(api)
    added = api.post(api.c(f"/characters/{ivo}/conditions"), {"name": "Helpless", "points": 4})
    assert "ConditionTimed" in types(added), added
    for _ in range(2):
        api.post(api.c("/encounter/next-turn"))
    assert any(c["name"] == "Helpless" for c in api.get(api.c(f"/characters/{ivo}/conditions"))
               ["conditions"])
    # Round 2 reaches Mara's place again, where it was gained: one round has passed.
    expired = api.post(api.c("/encounter/next-turn"))
    assert expired.primary["round"] == 2
    assert "ConditionExpired" in types(expired)
    assert all(c["name"] != "Helpless" for c in api.get(api.c(f"/characters/{ivo}/conditions"))
               ["conditions"])


def test_dazed_ends_with_the_characters_next_turn_over_http(api: ApiClient) -> None:
    _mara, ivo = fight(api)
    api.post(api.c(f"/characters/{ivo}/conditions"), {"name": "Dazed"})
    api.post(api.c("/encounter/next-turn"))  # Ivo's turn starts
    ended = api.post(api.c("/encounter/next-turn"))  # and ends
    assert "ConditionExpired" in types(ended), ended


def test_stun_unconsciousness_ends_at_the_round_that_reaches_its_minute(api: ApiClient) -> None:
    api.new_campaign(round_seconds=60)
    mara = api.new_character(name="Mara", health={"current": 10, "max": 10})
    api.post(api.c("/clock/start-scene"))
    api.post(api.c("/encounter"), {"participants": [{"character_id": mara, "initiative": 5}]})
    out = api.post(api.c(f"/characters/{mara}/health/damage"),
                   {"amount": 10, "type": "stun", "reason": "a sap"})
    minutes = next(e for e in out["events"] if e["type"] == "KnockedOut")["data"]["minutes"]
    for _ in range(minutes - 1):  # one round is one minute here
        api.post(api.c("/encounter/next-turn"))
    assert api.get(api.c(f"/characters/{mara}"))["character"]["unconscious"] is True
    woke = api.post(api.c("/encounter/next-turn"))
    assert "UnconsciousEnded" in types(woke), woke
    assert api.get(api.c(f"/characters/{mara}"))["character"]["unconscious"] is False


def test_delay_add_remove_and_end(api: ApiClient) -> None:
    mara, ivo = fight(api)
    thug = api.get(api.c("/encounter"))["encounter"]["order"][2]
    delayed = api.post(api.c("/encounter/delay"), {"after": thug})
    assert delayed.status == 200, delayed
    assert delayed.primary["order"] == [ivo, thug, mara]
    added = api.post(api.c("/encounter/participants"), {"name": "Driver", "initiative": 12})
    assert added.status == 201, added
    removed = api.post(api.c(f"/encounter/participants/{thug}/remove"), {"reason": "fled"})
    assert removed.status == 200, removed
    assert thug not in removed.primary["order"]
    ended = api.post(api.c("/encounter/end"))
    assert ended.status == 200
    assert ended.primary["encounter"] is None
    assert api.post(api.c("/encounter/next-turn"))["rule"] == "no-open-encounter"


def test_only_the_first_active_test_in_ones_own_turn_generates_stunt_points(
        api: ApiClient) -> None:
    mara, ivo = fight(api)
    roll = {"kind": "age", "ability": "dexterity", "tn": 5, "dice": [4, 5, 4]}
    first = api.post(api.c(f"/characters/{mara}/rolls"), roll)
    second = api.post(api.c(f"/characters/{mara}/rolls"), roll)
    others = api.post(api.c(f"/characters/{ivo}/rolls"), roll)
    counts = [next(e for e in answer["events"] if e["type"] == "ActiveTestCounted")["data"]
              for answer in (first, second, others)]
    assert [(c["generates_sp"], c["withheld"], c["why"]) for c in counts] == [
        (True, 0, ""), (False, 4, "second-active-test-this-turn"), (False, 4, "not-their-turn")]


def test_the_firearm_trust_test_holds_for_the_encounter(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara", abilities={"Willpower": 1}, focuses=["Firearms"])
    api.post(api.c("/clock/start-scene"))
    gun = api.post(api.c("/items"), {"name": "Pistol", "kind": "firearm",
                                     "materials": [{"name": "steel"}],
                                     "firearm": {"weapon_class": "revolver", "damage": "2d6"}})
    assert gun.status == 201, gun
    url = api.c(f"/items/{gun['item']['id']}/trust-test")
    assert api.post(url, {"character_id": mara, "dice": [6, 5, 3]}).status == 200
    api.post(api.c("/encounter"), {"participants": [{"character_id": mara, "initiative": 3}]})
    assert api.post(url, {"character_id": mara, "dice": [6, 5, 3]}).status == 200
    again = api.post(url, {"character_id": mara, "dice": [6, 5, 3]})
    assert (again.status, again["rule"]) == (409, "trust-test-once-per-encounter")
