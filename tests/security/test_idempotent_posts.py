"""Idempotency-Key on every POST: a retry answers the first answer and records nothing
twice, across a token's rotations, and never hands one caller another caller's answer."""

from __future__ import annotations

import secrets
from typing import Any

from ledger.service.config import Config
from tests.api_client import Answer, ApiClient
from tests.security.conftest import MakeApi
from tests.security.routes import (
    body_for,
    count_rows,
    fill_path,
    first_choices,
    route_keys,
    stored_rows,
)
from tests.security.seed import seed

C = "/v1/campaigns/{campaign_id}"


def keyed(api: ApiClient, path: str, body: Any, key: str, token: str | None = None) -> Answer:
    return api.post(path, body, token=token, headers={"Idempotency-Key": key})


def test_every_post_answers_a_repeated_key_with_its_first_answer(make_api: MakeApi) -> None:
    api = make_api(rate_limit_per_minute=0)
    seeded = seed(api)
    app: Any = api.client.application
    spec = api.get("/openapi.json").body
    choices = first_choices(app)
    replayed, wrong = [], []
    for method, path in route_keys(app):
        if method != "POST":
            continue
        url = fill_path(path, seeded.ids, choices.get(path, {}))
        body = body_for(spec, method, path, seeded.ids, seeded.other_character)
        token = "" if path == "/v1/campaigns" else seeded.tokens["gm"]
        key = secrets.token_urlsafe(16)
        first, again = (keyed(api, url, body, key, token) for _ in range(2))
        if first.status >= 300:
            continue  # refused: nothing was recorded, nothing to replay
        if (again.status, again.body, again.headers.get("Idempotent-Replayed")) == (
                first.status, first.body, "true"):
            replayed.append(path)
        else:
            wrong.append(f"{path}: {first.status} then {again.status} {again.body}")
    assert wrong == []
    # The smallest bodies reach a 2xx in every route module (the others are refused by a
    # rule, so there is nothing to replay); every ledger write shares one keyed path.
    families = {"/v1/campaigns", C + "/tokens", C + "/tokens/{token_id}/rotate", C + "/webhooks",
                C + "/feed-tickets",
                C + "/characters", C + "/clock/advance", C + "/items/{item_id}/damage",
                C + "/bonds", C + "/characters/{character_id}/health/damage",
                C + "/characters/{character_id}/conditions/{condition_id}/recover",
                C + "/characters/{character_id}/backlash/superhuman"}
    assert sorted(families - set(replayed)) == []


def test_a_token_issued_twice_with_one_key_is_issued_once_with_the_same_secret(
        api: ApiClient, store_config: Config) -> None:
    api.new_campaign()
    body = {"role": "observer", "label": "table"}
    first, again = (keyed(api, api.c("/tokens"), body, "issue-table") for _ in range(2))
    assert (first.status, again.status, again.headers["Idempotent-Replayed"]) == (201, 201, "true")
    assert again.body == first.body
    assert count_rows(store_config, "ledger_tokens") == 2  # the GM's and this one
    rotated, twice = (keyed(api, api.c(f"/tokens/{first['id']}/rotate"), None, "rotate-table")
                      for _ in range(2))
    assert (rotated.status, twice.body, twice.headers["Idempotent-Replayed"]) == (
        201, rotated.body, "true")
    assert api.get(api.c(), token=twice["token"]).status == 200
    assert count_rows(store_config, "ledger_tokens") == 3


def test_a_webhook_registered_twice_with_one_key_is_registered_once_with_the_same_secret(
        api: ApiClient) -> None:
    api.new_campaign()
    body = {"url": "http://127.0.0.1:9/hook", "types": ["*"]}
    first, again = (keyed(api, api.c("/webhooks"), body, "hook-1") for _ in range(2))
    assert (first.status, again.status, again.headers["Idempotent-Replayed"]) == (201, 201, "true")
    assert again.body == first.body
    assert first["secret"].startswith("whsec_")
    assert [h["id"] for h in api.get(api.c("/webhooks"))["webhooks"]] == [first["id"]]


def test_a_write_retried_after_its_token_was_rotated_is_recorded_once(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(mana={"current": 0, "max": 12})
    player = api.new_token("player", mara)
    gain = api.c(f"/characters/{mara}/mana/gain")
    first = keyed(api, gain, {"amount": 1}, "gain-1", player)
    rotated = api.post(api.c(f"/tokens/{player.split('_')[1]}/rotate"))["token"]
    again = keyed(api, gain, {"amount": 1}, "gain-1", rotated)
    twice = api.post(api.c(f"/tokens/{rotated.split('_')[1]}/rotate"))["token"]
    third = keyed(api, gain, {"amount": 1}, "gain-1", twice)
    assert first.status == 200
    assert [a.headers.get("Idempotent-Replayed") for a in (again, third)] == ["true", "true"]
    assert again.body == third.body == first.body
    assert api.get(api.c(f"/characters/{mara}"))["character"]["mana"]["current"] == 1


def test_two_players_sending_the_same_key_and_body_each_get_their_own_answer(
        api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(mana={"current": 0, "max": 12})
    phone, laptop = api.new_token("player", mara), api.new_token("player", mara)
    gain = api.c(f"/characters/{mara}/mana/gain")
    answers = [keyed(api, gain, {"amount": 1}, "gain-1", t) for t in (phone, laptop)]
    assert [a.headers.get("Idempotent-Replayed") for a in answers] == [None, None]
    assert [a["events"][0]["actor"]["token_id"] for a in answers] == [
        t.split("_")[1] for t in (phone, laptop)]
    assert api.get(api.c(f"/characters/{mara}"))["character"]["mana"]["current"] == 2


def test_stored_answers_hold_no_token_or_webhook_secret_nor_a_creation_key(
        api: ApiClient, store_config: Config) -> None:
    creation_key = secrets.token_urlsafe(16)
    gm = api.post("/v1/campaigns", {"name": "Noir"}, token="",
                  headers={"Idempotency-Key": creation_key})
    api.token, api.campaign = gm["gm_token"], gm["campaign"]["id"]
    issued = keyed(api, api.c("/tokens"), {"role": "observer"}, "t-1")
    rotated = keyed(api, api.c(f"/tokens/{issued['id']}/rotate"), None, "t-2")
    hook = keyed(api, api.c("/webhooks"), {"url": "http://127.0.0.1:9/h", "types": ["*"]}, "w-1")
    rows = stored_rows(store_config).decode(errors="replace")
    shown = [gm["gm_token"], issued["token"], rotated["token"], hook["secret"], creation_key]
    assert [secret for secret in shown if secret in rows] == []
    assert count_rows(store_config, "ledger_idempotency") == 4


def test_a_hidden_roll_or_note_sent_with_a_key_is_stored_without_its_data(
        api: ApiClient, store_config: Config) -> None:
    # An outside attack found the GM's opened answer stored in clear under its key.
    api.new_campaign()
    label, text = "zq-ambush-" + secrets.token_hex(6), "zq-the-duke-" + secrets.token_hex(6)
    rolled = keyed(api, api.c("/hidden/rolls"), {"expression": "1d20", "label": label}, "h-1")
    noted = keyed(api, api.c("/hidden/notes"), {"text": text}, "h-2")
    assert rolled["hidden"]["data"]["label"] == label
    assert noted["hidden"]["data"]["text"] == text
    rows = stored_rows(store_config).decode(errors="replace")
    assert count_rows(store_config, "ledger_idempotency") == 2
    assert [secret for secret in (label, text, rolled["hidden"]["data"]["result_text"])
            if secret in rows] == []
    again = keyed(api, api.c("/hidden/rolls"), {"expression": "1d20", "label": label}, "h-1")
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.body == rolled.body  # the data opened again from the sealed event
    assert keyed(api, api.c("/hidden/notes"), {"text": text}, "h-2").body == noted.body
