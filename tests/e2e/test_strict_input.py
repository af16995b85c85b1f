"""Input is checked, never silently ignored: sheet names, roll fields, new-day, error
shapes, query parameters and refused names, over HTTP on both stores. A refused command
records nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api_client import Answer, ApiClient, by_id

PROBLEM = "application/problem+json"


def head(api: ApiClient) -> int:
    return int(api.get(api.c())["position"])


def refused(answer: Answer, status: int, rule: str, field: str) -> Answer:
    assert (answer.status, answer.headers["Content-Type"]) == (status, PROBLEM), answer
    assert answer["rule"] == rule, answer
    assert field in answer["errors"], answer
    assert all(isinstance(m, str) for m in answer["errors"][field]), answer
    return answer


def sheet(api: ApiClient, **fields: Any) -> Answer:
    return api.post(api.c("/characters"), {"name": "Mara"} | fields)


def test_modifiers_in_any_case_count_towards_effort(api: ApiClient) -> None:
    api.new_campaign()
    made = sheet(api, modifiers={"Int": 1}, skills={"Cast": 1})
    assert made.status == 201, made
    assert (made.primary["modifiers"], made.primary["skills"]) == ({"int": 1}, {"cast": 1})
    effort = api.get(api.c(f"/characters/{made['character']['id']}/effort"))
    assert by_id(effort["effort"]["pools"], "mage")["max"] == 2, effort


def test_unknown_sheet_name_is_422_listing_the_valid_names(api: ApiClient) -> None:
    api.new_campaign()
    before = head(api)
    answer = refused(sheet(api, modifiers={"Brains": 1}), 422, "unknown-name", "modifiers.Brains")
    assert answer["allowed"] == ["str", "dex", "con", "int", "wis", "cha"]
    answer = refused(sheet(api, abilities={"Wits": 1}), 422, "unknown-name", "abilities.Wits")
    assert "Willpower" in answer["allowed"]
    assert head(api) == before


def test_magic_ability_in_any_case_makes_magic_tests_work(api: ApiClient) -> None:
    api.new_campaign()
    made = sheet(api, abilities={"willpower": 3}, magic_ability="willpower",
                 mana={"current": 5, "max": 5})
    assert made.status == 201, made
    assert made.primary["magic_ability"] == "Willpower"
    test = api.post(api.c(f"/characters/{made['character']['id']}/magic-tests"),
                    {"base_tn": 12, "dice": [6, 5, 4]})
    assert test.status == 201, test
    off_sheet = sheet(api, abilities={"Willpower": 3}, magic_ability="Intelligence")
    refused(off_sheet, 422, "magic-ability-not-on-sheet", "magic_ability")


def test_age_roll_with_a_focus_not_on_the_sheet_is_409(api: ApiClient) -> None:
    api.new_campaign()
    chid = api.new_character(abilities={"Willpower": 2}, focuses=["Self-Discipline"])
    before = head(api)
    answer = api.post(api.c(f"/characters/{chid}/rolls"),
                      {"kind": "age", "ability": "Willpower", "focus": "Firearms", "dice": [1, 2, 3]})
    assert refused(answer, 409, "focus-not-on-sheet", "focus")["allowed"] == ["Self-Discipline"]
    assert head(api) == before
    ok = api.post(api.c(f"/characters/{chid}/rolls"),
                  {"kind": "age", "ability": "willpower", "focus": "self-discipline",
                   "dice": [1, 2, 3]})
    assert ok.status == 201, ok
    rolled = ok["events"][-1]["data"]
    assert (rolled["ability"], rolled["focus"], rolled["focus_bonus"], rolled["total"]) == (
        "Willpower", "Self-Discipline", 2, 10)


def test_roll_fields_of_the_other_kind_are_422(api: ApiClient) -> None:
    api.new_campaign()
    chid = api.new_character(abilities={"Willpower": 2})
    rolls = api.c(f"/characters/{chid}/rolls")
    refused(api.post(rolls, {"kind": "notation", "expression": "1d20", "ability": "Willpower"}),
            422, "field-not-for-kind", "ability")
    refused(api.post(rolls, {"kind": "age", "ability": "Willpower", "expression": "1d20"}),
            422, "field-not-for-kind", "expression")


def test_new_day_requires_rested_and_takes_names(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara")
    api.new_character(name="Ivo")
    api.new_character(name="ivo")
    before = head(api)
    refused(api.post(api.c("/clock/new-day")), 422, "schema-validation", "rested")
    refused(api.post(api.c("/clock/new-day"), {"rested": ["Ivo"]}), 422,
            "ambiguous-character-name", "rested.0")
    refused(api.post(api.c("/clock/new-day"), {"rested": ["Nobody"]}), 422,
            "unknown-character", "rested.0")
    assert head(api) == before
    day = api.post(api.c("/clock/new-day"), {"rested": ["mara"]})
    assert day.status == 200, day
    assert day["events"][0]["data"]["rested"] == [mara]
    assert api.post(api.c("/clock/new-day"), {"rested": []}).status == 200


def test_nested_field_errors_use_dotted_paths_and_name_the_expected_shape(
        api: ApiClient) -> None:
    api.new_campaign()
    answer = refused(sheet(api, health=25), 422, "schema-validation", "health")
    assert answer["errors"]["health"] == [
        "Invalid input type. Expected an object {current, max}."], answer
    answer = refused(sheet(api, mana={"current": "x", "max": 2}), 422, "schema-validation",
                     "mana.current")
    answer = refused(sheet(api, abilities={"Willpower": "high"}), 422, "schema-validation",
                     "abilities.Willpower")
    answer = refused(sheet(api, cyberware=[{"name": "Eye", "strain": 1, "x": 1}]), 422,
                     "schema-validation", "cyberware.0.x")
    assert "Valid fields: name, strain" in answer["errors"]["cyberware.0.x"][0], answer


def test_unknown_query_parameter_or_event_type_is_422_naming_the_valid_ones(
        api: ApiClient) -> None:
    api.new_campaign()
    answer = refused(api.get(api.c("/events?typ=Rolled")), 422, "schema-validation", "typ")
    assert "type" in answer["errors"]["typ"][0], answer
    answer = refused(api.get(api.c("/events?type=Roled")), 422, "unknown-event-type", "type")
    assert "Rolled" in answer["allowed"], answer
    assert api.get(api.c("/events?type=rolled")).status == 200


@pytest.mark.parametrize("at", ["2026-W49-7T00:00:00Z", "20261206T080000Z", "2026-340T08:00Z",
                                "2026-12-06T08:41Z"])
def test_an_at_time_is_rfc_3339_not_any_iso_8601_form(api: ApiClient, at: str) -> None:
    """Outside attacks: ISO weeks, ordinal dates, the basic form and a time without its
    seconds were read as times."""
    api.new_campaign()
    answer = refused(api.get(api.c(f"/state?at={at}")), 422, "malformed-at", "at")
    assert "2026-03-14T19:34:00Z" in answer["detail"]  # shows the form it takes
    for fine in ("2000-01-01T00:00:00Z", "2000-01-01 00:00:00z", "2000-01-01t00:00:00.5%2B01:00"):
        answer = api.get(api.c(f"/state?at={fine}"))
        assert (answer.status, answer["rule"]) == (422, "position-out-of-range"), fine


def test_an_unencoded_plus_in_at_gets_a_hint(api: ApiClient) -> None:
    api.new_campaign()
    answer = refused(api.get(api.c("/state?at=2026-03-14T19:34:00+01:00")), 422, "malformed-at",
                     "at")
    assert "%2B" in answer["detail"], answer


def test_refused_names_list_the_valid_ones(api: ApiClient) -> None:
    api.new_campaign()
    chid = api.new_character()
    answer = api.post(api.c(f"/characters/{chid}/conditions"), {"name": "Sleepy"})
    assert refused(answer, 422, "unknown-condition", "name")["allowed"][0] == "Blinded", answer


def test_a_failed_tests_backlash_is_pending_in_its_own_answer(api: ApiClient) -> None:
    api.new_campaign()
    chid = api.new_character(abilities={"Willpower": 3}, magic_ability="Willpower",
                             mana={"current": 10, "max": 10})
    failed = api.post(api.c(f"/characters/{chid}/magic-tests"), {"base_tn": 12, "dice": [1, 2, 3]})
    assert failed.status == 201, failed
    (pending,) = failed.primary["pending"]
    test_id = failed["magic_test"]["test_id"]
    assert (pending["kind"], pending["accept_costs"]) == ("magic-test-failure", 4)
    assert pending["commands"] == [f"magic-tests/{test_id}/fix", f"magic-tests/{test_id}/accept"]
    read = api.get(api.c(f"/characters/{chid}"))
    assert read["character"]["pending"] == failed.primary["pending"]
    accepted = api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/accept"))
    kinds = [p["kind"] for p in accepted.primary["pending"]]
    assert kinds == ["bank-or-roll"], accepted


def test_a_query_parameter_on_an_operation_without_one_is_422(api: ApiClient) -> None:
    api.new_campaign()
    before = head(api)
    refused(api.post(api.c("/clock/new-day?rested=Mara"), {"rested": []}), 422,
            "schema-validation", "rested")
    refused(api.get(api.c("?verbose=1")), 422, "schema-validation", "verbose")
    assert head(api) == before
