"""Conditions over HTTP, on both stores: add, escalate, exchange, recover, treat, heal."""

from __future__ import annotations

from typing import Any

from tests.api_client import Answer, ApiClient


def setup(api: ApiClient, **sheet: Any) -> str:
    api.new_campaign()
    return api.new_character(abilities={"Constitution": 1}, **sheet)


def add(api: ApiClient, character: str, **body: Any) -> Answer:
    return api.post(api.c(f"/characters/{character}/conditions"), body)


def on(api: ApiClient, character: str, condition: str, action: str, **body: Any) -> Answer:
    return api.post(api.c(f"/characters/{character}/conditions/{condition}/{action}"), body)


def test_adding_a_condition_answers_201_with_the_condition_and_the_character(
    api: ApiClient,
) -> None:
    mara = setup(api)
    answer = add(api, mara, name="Choking", points=6, figure=4, cause="stunt")
    assert answer.status == 201
    condition = answer["condition"]
    assert (condition["name"], condition["points"], condition["figure"]) == ("Choking", 6, 4)
    assert condition["recorded_at_position"] == answer["position"]
    assert answer.primary["conditions"] == [condition]
    assert [e["type"] for e in answer["events"]] == ["ConditionAdded"]


def test_fatigued_on_fatigued_escalates_to_exhausted_over_http(api: ApiClient) -> None:
    mara = setup(api)
    add(api, mara, name="Fatigued")
    answer = add(api, mara, name="Fatigued")
    assert answer.status == 201
    assert answer["condition"]["name"] == "Exhausted"
    assert [c["name"] for c in answer.primary["conditions"]] == ["Exhausted"]
    assert answer["events"][0]["data"]["escalations"] == ["fatigued-on-fatigued-is-exhausted"]


def test_helpless_from_escalation_follows_the_campaign_setting(api: ApiClient) -> None:
    api.new_campaign(helpless_points=7)
    mara = api.new_character()
    add(api, mara, name="Exhausted")
    answer = add(api, mara, name="Fatigued")
    assert (answer["condition"]["name"], answer["condition"]["points"]) == ("Helpless", 7)


def test_a_ranged_condition_out_of_its_range_is_a_422(api: ApiClient) -> None:
    mara = setup(api)
    answer = add(api, mara, name="Choking", points=4)
    assert answer.status == 422
    assert answer["rule"] == "condition-points"


def test_a_player_adds_conditions_to_their_own_character_only(api: ApiClient) -> None:
    mara = setup(api)
    other = api.new_character(name="Jon")
    player = api.new_token("player", mara)
    assert api.post(api.c(f"/characters/{mara}/conditions"), {"name": "Winded"},
                    token=player).status == 201
    assert api.post(api.c(f"/characters/{other}/conditions"), {"name": "Winded"},
                    token=player).status == 403


def test_hamstrung_down_to_speed_zero_shows_in_the_character_state(api: ApiClient) -> None:
    mara = setup(api, speed=8)
    add(api, mara, name="Hamstrung")
    answer = add(api, mara, name="Hamstrung")
    assert answer.primary["movement"] == {"speed": 0, "immobile": True}
    listed = api.get(api.c(f"/characters/{mara}/conditions"))
    assert [c["name"] for c in listed["conditions"]] == ["Hamstrung", "Hamstrung"]
    assert listed["movement"]["immobile"] is True


def test_conditions_at_a_past_position(api: ApiClient) -> None:
    mara = setup(api)
    first = add(api, mara, name="Winded")["position"]
    add(api, mara, name="Blinded")
    then = api.get(api.c(f"/characters/{mara}/conditions?at={first}"))
    assert then["position"] == first
    assert [c["name"] for c in then["conditions"]] == ["Winded"]


def test_a_condition_instead_of_damage_records_the_condition_and_the_rest_of_the_damage(
    api: ApiClient,
) -> None:
    mara = setup(api, toughness=1, armor=1, health={"current": 10, "max": 10})
    answer = add(api, mara, name="Injured", points=2, target="left arm",
                 instead_of_damage={"damage": 9, "type": "wound"})
    assert answer.status == 201
    assert [e["type"] for e in answer["events"]] == ["ConditionAdded", "Damaged"]
    assert answer["events"][1]["data"]["amount"] == 3  # 9 - 4 traded - 2 Toughness and Armor
    assert answer.primary["health"]["current"] == 7
    assert answer["condition"]["cause"] == "damage"


def test_recovery_with_reported_dice_records_the_roll_and_the_points(api: ApiClient) -> None:
    mara = setup(api)
    blinded = add(api, mara, name="Blinded")["condition"]["id"]  # TN 14
    answer = on(api, mara, blinded, "recover", dice=[6, 5, 4])  # 15 + Con 1
    assert answer.status == 200
    roll, reduced = answer["events"]
    assert (roll["type"], roll["data"]["tn"], roll["data"]["success"]) == ("Rolled", 14, True)
    assert roll["data"]["active"] is False
    assert roll["data"]["source"] == "reported"
    assert (reduced["data"]["before"], reduced["data"]["after"]) == (5, 1)
    assert roll["correlation_id"] == reduced["correlation_id"]
    assert answer.primary["conditions"][0]["points"] == 1


def test_recovery_with_server_dice_records_every_die(api: ApiClient) -> None:
    mara = setup(api)
    winded = add(api, mara, name="Winded")["condition"]["id"]
    answer = on(api, mara, winded, "recover")
    roll = answer["events"][0]["data"]
    assert answer.status == 200
    assert roll["source"] == "server"
    assert len(roll["dice"]) == 3
    assert roll["tn"] == 11


def test_a_wound_recovers_only_after_a_day_of_treatment_and_rest(api: ApiClient) -> None:
    mara = setup(api)
    wound = add(api, mara, name="Injured", points=3, target="ribs")["condition"]["id"]
    refused = on(api, mara, wound, "recover", dice=[6, 6, 6])
    assert refused.status == 409
    assert refused["rule"] == "wound-needs-a-day-of-treatment"
    assert on(api, mara, wound, "treat").status == 200
    day = api.post(api.c("/clock/new-day"), {"rested": [mara]})
    assert "ConditionTreated" in [e["type"] for e in day["events"]]
    answer = on(api, mara, wound, "recover", dice=[6, 6, 2])
    assert answer.primary["conditions"][0]["points"] == 1


def test_magical_healing_removes_one_point_per_two(api: ApiClient) -> None:
    mara = setup(api)
    choking = add(api, mara, name="Choking", points=9)["condition"]["id"]
    answer = on(api, mara, choking, "heal", points=6)
    assert answer.status == 200
    assert answer.primary["conditions"][0]["points"] == 6


def test_magical_healing_of_a_backlash_condition_is_a_409_naming_the_rule(api: ApiClient) -> None:
    mara = setup(api)
    head = add(api, mara, name="Blinded", from_backlash=True)
    answer = on(api, mara, head["condition"]["id"], "heal", points=4)
    assert answer.status == 409
    assert answer.headers["Content-Type"] == "application/problem+json"
    assert answer["rule"] == "backlash-conditions-never-heal-magically"
    assert api.get(api.c())["position"] == head["position"]


def test_an_unknown_condition_is_a_404(api: ApiClient) -> None:
    mara = setup(api)
    assert on(api, mara, "cnd_missing", "heal", points=2).status == 404


def test_an_observer_reads_conditions_but_cannot_add_them(api: ApiClient) -> None:
    mara = setup(api)
    observer = api.new_token("observer")
    assert api.get(api.c(f"/characters/{mara}/conditions"), token=observer).status == 200
    assert api.post(api.c(f"/characters/{mara}/conditions"), {"name": "Winded"},
                    token=observer).status == 403
