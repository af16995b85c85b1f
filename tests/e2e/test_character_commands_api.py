"""The character, resource and Condition commands over HTTP on both stores: who may give
each (the command's policy, with the same problem types as before), what a refusal
records (nothing), unknown fields (422 naming them), and whose action settles."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api_client import Answer, ApiClient
from tests.e2e.test_magic_api import FAIL_BY_3, magic_test, types

PROBLEM = "application/problem+json"
MARA = {"name": "Mara", "abilities": {"Willpower": 3, "Constitution": 1},
        "magic_ability": "Willpower", "mana": {"current": 10, "max": 10},
        "conviction": {"current": 3, "max": 3}}


def table(api: ApiClient) -> tuple[str, str, dict[str, str]]:
    """Mara and Ivo, and a player token for each and an observer token."""
    api.new_campaign()
    mara = api.new_character(**MARA)
    ivo = api.new_character(name="Ivo")
    tokens = {"mara": api.new_token("player", mara), "ivo": api.new_token("player", ivo),
              "observer": api.new_token("observer")}
    return mara, ivo, tokens


def head(api: ApiClient) -> int:
    return int(api.get(api.c())["position"])


def refused(api: ApiClient, method: str, path: str, body: Any, token: str, rule: str) -> Answer:
    before = head(api)
    answer = api.call(method, api.c(path), json=body, token=token)
    assert (answer.status, answer.headers["Content-Type"]) == (403, PROBLEM), answer
    assert answer["rule"] == rule
    assert answer["type"].endswith("/" + rule)
    assert head(api) == before
    return answer


OWN = [("POST", "/mana/spend", {"amount": 1}), ("POST", "/mana/gain", {"amount": 1}),
       ("POST", "/conviction/spend", {"amount": 1}), ("POST", "/conviction/gain", {"amount": 1}),
       ("POST", "/health/damage", {"amount": 1}), ("POST", "/health/heal", {"amount": 1}),
       ("POST", "/conditions", {"name": "Winded"})]
GM_ONLY = [("PATCH", "", {"level": 2}),
           ("POST", "/corrections", {"field": "mana.current", "value": 4, "reason": "typo"}),
           ("POST", "/death", {"cause": "a fall"})]


@pytest.mark.parametrize(("method", "suffix", "body"), OWN)
def test_a_resource_or_condition_command_is_the_gm_or_the_characters_player(
        api: ApiClient, method: str, suffix: str, body: Any) -> None:
    mara, _ivo, tokens = table(api)
    path = f"/characters/{mara}{suffix}"
    other = refused(api, method, path, body, tokens["ivo"], "not-your-character")
    observer = refused(api, method, path, body, tokens["observer"], "not-your-character")
    # an observer hears why (a newcomer looked for a character to bind instead)
    assert observer["detail"].endswith("Observer tokens only read.")
    assert "Observer" not in other["detail"]
    answer = api.call(method, api.c(path), json=body, token=tokens["mara"])
    assert answer.status in (200, 201), answer
    assert {"position", "events", "character", "changed", "receipt"} <= set(answer.body)
    assert answer.primary["id"] == mara


@pytest.mark.parametrize(("method", "suffix", "body"), GM_ONLY)
def test_a_sheet_edit_correction_or_death_is_the_gms_alone(
        api: ApiClient, method: str, suffix: str, body: Any) -> None:
    mara, _ivo, tokens = table(api)
    refused(api, method, f"/characters/{mara}{suffix}", body, tokens["mara"], "gm-only")
    assert api.call(method, api.c(f"/characters/{mara}{suffix}"), json=body).status == 200


def test_registering_a_character_is_the_gms_alone(api: ApiClient) -> None:
    _mara, _ivo, tokens = table(api)
    refused(api, "POST", "/characters", {"name": "Sela"}, tokens["mara"], "gm-only")
    registered = api.post(api.c("/characters"), {"name": "Sela", "level": 2})
    assert registered.status == 201, registered
    assert (registered.primary["name"], registered.primary["level"]) == ("Sela", 2)


def test_a_condition_command_on_another_players_character_is_refused(api: ApiClient) -> None:
    mara, _ivo, tokens = table(api)
    added = api.post(api.c(f"/characters/{mara}/conditions"), {"name": "Fatigued"})
    condition = added["condition"]["id"]
    for action, body in (("recover", {"dice": [6, 6, 6]}), ("heal", {"points": 2})):
        refused(api, "POST", f"/characters/{mara}/conditions/{condition}/{action}", body,
                tokens["ivo"], "not-your-character")


@pytest.mark.parametrize(("method", "suffix", "body", "unknown"), [
    ("PATCH", "", {"dead": True}, "dead"),
    ("POST", "/mana/spend", {"amount": 1, "action": "spend"}, "action"),
    ("POST", "/health/damage", {"amount": 1, "kind": "stun"}, "kind"),
    ("POST", "/conditions", {"name": "Winded", "colour": "grey"}, "colour"),
    ("POST", "/death", {"character_id": "chr_x"}, "character_id"),
])
def test_an_unknown_field_is_a_422_naming_it_and_records_nothing(
        api: ApiClient, method: str, suffix: str, body: Any, unknown: str) -> None:
    mara, _ivo, _tokens = table(api)
    before = head(api)
    answer = api.call(method, api.c(f"/characters/{mara}{suffix}"), json=body)
    assert (answer.status, answer.headers["Content-Type"]) == (422, PROBLEM), answer
    assert unknown in answer["errors"]
    assert head(api) == before


def test_an_unknown_field_in_a_nested_pool_is_a_422(api: ApiClient) -> None:
    table(api)
    answer = api.post(api.c("/characters"),
                      {"name": "Sela", "mana": {"current": 1, "max": 2, "spare": 1}})
    assert answer.status == 422, answer
    assert "mana.spare" in answer["errors"]


def test_the_players_conviction_spend_settles_and_the_gms_damage_does_not(
        api: ApiClient) -> None:
    mara, _ivo, tokens = table(api)
    assert magic_test(api, mara, FAIL_BY_3)["magic_test"]["success"] is False
    damaged = api.post(api.c(f"/characters/{mara}/health/damage"), {"amount": 1})
    assert "MagicTestFailureAccepted" not in types(damaged)
    spent = api.post(api.c(f"/characters/{mara}/conviction/spend"), {"amount": 1},
                     token=tokens["mara"])
    assert spent.status == 200, spent
    assert types(spent)[0] == "MagicTestFailureAccepted"
    assert spent.primary["conviction"]["current"] == 2


def test_an_edit_that_changes_nothing_records_nothing(api: ApiClient) -> None:
    # A newcomer's trial found `changes: {}` and `gritty -> gritty` in the history.
    mara, _, _ = table(api)
    before = head(api)
    for method, path, body in (("PATCH", f"/characters/{mara}", {}),
                               ("PATCH", f"/characters/{mara}", {"magic_ability": "Willpower"}),
                               ("PATCH", "/settings", {"settings": {}}),
                               ("PATCH", "/settings", {"settings": {"dying_mode": "pulpy"}})):
        answer = api.call(method, api.c(path), json=body)
        assert answer.status == 200, answer
        assert (answer["position"], answer["events"]) == (before, []), (path, body)
        receipt = answer["receipt"]  # the signed head it left standing, nothing included
        assert (receipt["tree_head"]["tree_size"], receipt["inclusions"]) == (before, [])
    assert head(api) == before
    both = api.call("PATCH", api.c(f"/characters/{mara}"),
                    json={"magic_ability": "Willpower", "level": 2})
    (event,) = both["events"]
    assert (event["data"]["changes"], event["data"]["before"]) == ({"level": 2}, {"level": 1})


def test_a_setting_refused_names_the_choices_or_the_settings(api: ApiClient) -> None:
    api.new_campaign()
    wrong = api.call("PATCH", api.c("/settings"), json={"settings": {"dying_mode": "pulp"}})
    assert (wrong.status, wrong["rule"]) == (422, "setting-type")
    assert wrong["allowed"] == ["gritty", "pulpy", "cinematic"]
    assert "dying_mode is one of gritty, pulpy, cinematic" in wrong["detail"]
    unknown = api.call("PATCH", api.c("/settings"), json={"settings": {"dyingmode": "pulpy"}})
    assert (unknown.status, unknown["rule"]) == (422, "unknown-setting")
    assert "dying_mode" in unknown["allowed"]
