"""Rewind and redo over HTTP, on both stores: GM only, canon view, dice epochs, tokens."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient, by_id


def mara_spends(api: ApiClient, *amounts: int) -> tuple[str, list[int]]:
    api.new_campaign()
    mara = api.new_character(mana={"current": 12, "max": 12})
    positions = [api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": a})["position"]
                 for a in amounts]
    return mara, positions


def mana(api: ApiClient, mara: str, query: str = "") -> Any:
    return api.get(api.c(f"/characters/{mara}{query}"))["character"]["mana"]["current"]


def test_rewind_and_redo_are_gm_only_other_roles_get_403(api: ApiClient) -> None:
    mara, (first, _) = mara_spends(api, 3, 5)
    for role in ("player", "observer"):
        token = api.new_token(role, mara if role == "player" else None)
        assert api.post(api.c("/rewind"), {"to_position": first, "reason": "x"},
                        token=token).status == 403
        assert api.post(api.c("/redo"), {}, token=token).status == 403
    assert mana(api, mara) == 4


def test_rewind_makes_the_canon_state_the_state_at_the_position(api: ApiClient) -> None:
    mara, (first, second) = mara_spends(api, 3, 5)
    answer = api.post(api.c("/rewind"), {"to_position": first, "reason": "wrong spell"})
    assert answer.status == 200
    assert answer["position"] == second + 1
    (event,) = answer["events"]
    assert event["type"] == "Rewound"
    assert event["data"]["to_position"] == first
    assert by_id(answer.primary["characters"], mara)["mana"]["current"] == 9
    assert mana(api, mara) == 9
    assert api.get(api.c())["position"] == second + 1  # the head stays the log's


def test_new_commands_after_a_rewind_build_on_the_canon_state(api: ApiClient) -> None:
    mara, (first, _) = mara_spends(api, 3, 5)
    api.post(api.c("/rewind"), {"to_position": first, "reason": "wrong spell"})
    api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 1})
    assert mana(api, mara) == 8


def test_at_is_as_recorded_and_view_canon_drops_what_a_rewind_voided(api: ApiClient) -> None:
    mara, (first, second) = mara_spends(api, 3, 5)
    api.post(api.c("/rewind"), {"to_position": first, "reason": "wrong spell"})
    assert mana(api, mara, f"?at={second}") == 4
    canon = api.get(api.c(f"/state?at={second}&view=canon"))
    assert canon["position"] == first
    assert by_id(canon.primary["characters"], mara)["mana"]["current"] == 9
    assert mana(api, mara, f"?at={first}&view=canon") == 9


def test_redo_restores_the_voided_events(api: ApiClient) -> None:
    mara, (first, second) = mara_spends(api, 3, 5)
    api.post(api.c("/rewind"), {"to_position": first, "reason": "wrong spell"})
    answer = api.post(api.c("/redo"), {"reason": "it was right"})
    assert answer.status == 200
    assert answer["events"][0]["type"] == "Redone"
    assert mana(api, mara) == 4
    assert mana(api, mara, f"?at={second}&view=canon") == 4
    timeline = api.get(api.c("/timeline"))["entries"]
    voided = [(e["first_position"], e["voided_by"]) for e in timeline if e["voided"]]
    assert voided == [(second + 1, second + 2)]  # only the undone rewind


def test_redo_after_new_events_is_a_409(api: ApiClient) -> None:
    mara, (first, _) = mara_spends(api, 3, 5)
    api.post(api.c("/rewind"), {"to_position": first, "reason": "wrong spell"})
    api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 1})
    answer = api.post(api.c("/redo"), {})
    assert answer.status == 409
    assert answer["rule"] == "redo-after-new-events"
    assert mana(api, mara) == 8


def test_redo_without_a_rewind_is_a_409(api: ApiClient) -> None:
    mara_spends(api, 3)
    answer = api.post(api.c("/redo"), {})
    assert answer.status == 409
    assert answer["rule"] == "nothing-to-redo"


def test_rewind_must_go_back_and_land_on_a_command_boundary(api: ApiClient) -> None:
    _, (_, second) = mara_spends(api, 3, 5)
    ahead = api.post(api.c("/rewind"), {"to_position": second, "reason": "x"})
    assert (ahead.status, ahead["rule"]) == (409, "rewind-goes-back")
    api.post(api.c("/clock/start-session"))
    api.post(api.c("/clock/start-scene"))
    switch = api.post(api.c("/clock/start-scene"))  # SceneEnded + SceneStarted
    inside = switch["events"][0]["position"]
    answer = api.post(api.c("/rewind"), {"to_position": inside, "reason": "x"})
    assert (answer.status, answer["rule"]) == (409, "rewind-to-command-boundary")
    # it names the command's span and the two places to land (a newcomer's trial)
    assert answer["detail"] == (f"position {inside} is inside a command (positions {inside} to "
                                f"{inside + 1}); rewind to {inside - 1} (before it) or "
                                f"{inside + 1} (after it)")


def test_rewind_needs_a_reason(api: ApiClient) -> None:
    _, (first, _) = mara_spends(api, 3, 5)
    answer = api.post(api.c("/rewind"), {"to_position": first})
    assert answer.status == 422
    assert "reason" in answer["errors"]


def test_a_rewind_never_brings_back_a_revoked_token_or_drops_a_new_one(api: ApiClient) -> None:
    _, (first, _) = mara_spends(api, 3, 5)
    old = api.post(api.c("/tokens"), {"role": "observer"}).body
    api.delete(api.c(f"/tokens/{old['id']}"))
    new = api.new_token("observer")
    api.post(api.c("/rewind"), {"to_position": first - 1, "reason": "before the tokens"})
    assert api.get(api.c(), token=old["token"]).status == 401
    assert api.get(api.c(), token=new).status == 200


def test_rewind_past_a_session_end_reopens_it_with_a_fresh_dice_epoch(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(abilities={"Willpower": 2})
    api.post(api.c("/clock/start-session"))
    rolled = api.post(api.c(f"/characters/{mara}/rolls"), {"kind": "age", "ability": "Willpower"})
    ended = api.post(api.c("/clock/end-session"))
    epoch_after_end = ended.primary["dice"]["epoch"]
    answer = api.post(api.c("/rewind"), {"to_position": rolled["position"], "reason": "x"})
    data = answer["events"][0]["data"]
    assert answer.primary["clock"]["session_open"] is True
    assert data["revealed_epoch"] == epoch_after_end
    assert data["dice_epoch"] == epoch_after_end + 1
    assert api.get(api.c())["campaign"]["dice"] == {"epoch": epoch_after_end + 1,
                                         "commitment": data["dice_commitment"]}
    api.post(api.c(f"/characters/{mara}/rolls"), {"kind": "age", "ability": "Willpower"})
    api.post(api.c("/clock/end-session"))
    report = api.get(api.c("/verify")).body
    assert report["ok"] is True
    assert report["dice"]["verified"] == 2
    assert [e["epoch"] for e in report["dice"]["epochs"]] == list(range(epoch_after_end + 3))
