"""Tokens: revoked at once, rotated cleanly, and never written anywhere but the answer
that issues them (not in logs, events, stored rows, URLs or exports)."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from flask import Response, request

from ledger.service.config import Config
from tests.api_client import ApiClient
from tests.security.conftest import MakeApi
from tests.security.routes import every_get, stored_rows
from tests.security.seed import seed


def test_a_revoked_token_gets_401_at_once_and_others_keep_working(api: ApiClient) -> None:
    api.new_campaign()
    chid = api.new_character()
    player = api.new_token("player", chid)
    assert api.get(api.c(), token=player).status == 200
    token_id = player.split("_")[1]
    revoked = api.client.delete(api.c(f"/tokens/{token_id}"),
                                headers={"Authorization": f"Bearer {api.token}"})
    # A 204 has no body, so no Content-Type (it was text/html).
    assert (revoked.status_code, revoked.data, revoked.content_type) == (204, b"", None)
    refused = api.get(api.c(), token=player)
    assert (refused.status, refused["rule"]) == (401, "token-revoked")
    assert refused["detail"] == "This token has been revoked."
    assert api.post(api.c(f"/characters/{chid}/health/heal"), {"amount": 1},
                    token=player).status == 401
    assert api.get(api.c()).status == 200  # the GM's token is untouched
    listed = {t["id"]: t for t in api.get(api.c("/tokens"))["tokens"]}
    assert listed[token_id]["revoked_at"] is not None


def test_rotation_revokes_the_old_token_and_the_new_one_works(api: ApiClient) -> None:
    api.new_campaign()
    chid = api.new_character()
    old = api.new_token("player", chid)
    rotated = api.post(api.c(f"/tokens/{old.split('_')[1]}/rotate"))
    assert rotated.status == 201
    assert (rotated["role"], rotated["character_id"], rotated["replaces"]) == (
        "player", chid, old.split("_")[1])
    refused = api.get(api.c(), token=old)
    assert (refused.status, refused["rule"]) == (401, "token-revoked")
    # Its holder hears it was rotated, not only revoked: the new token is the GM's to give.
    assert refused["detail"] == "This token was replaced by a rotation; ask the GM for the new token."
    new = rotated["token"]
    assert new != old
    assert api.post(api.c(f"/characters/{chid}/health/heal"), {"amount": 1},
                    token=new).status == 200
    assert api.delete(api.c("/tokens/toknope")).status == 404


def test_token_secrets_appear_in_no_log_event_row_url_or_export(
        make_api: MakeApi, store_config: Config, caplog: pytest.LogCaptureFixture,
        capfd: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    caplog.set_level(logging.DEBUG)
    api = make_api(rate_limit_per_minute=0)
    urls: list[str] = []

    def remember(response: Response) -> Response:
        urls.extend([request.url, response.headers.get("Location", "")])
        return response

    api.client.application.after_request(remember)
    seeded = seed(api)
    secrets = list(seeded.tokens.values())
    rotated = api.post(api.c(f"/tokens/{seeded.ids['token_id']}/rotate"))["token"]
    secrets.append(rotated)
    # A careless client puts a token in the query string; the logs must not keep it.
    api.get(f"/campaigns/{seeded.campaign}/audit?token={rotated}")
    events = api.get(api.c("/events?limit=1000")).body
    reads = b"".join(body for url, body in every_get(api, seeded.ids, seeded.tokens["gm"])
                     if not url.endswith("/tokens"))
    places = {"logs": caplog.text + "".join(capfd.readouterr()), "events": str(events),
              "rows": stored_rows(store_config).decode(errors="replace"),
              "urls": " ".join(u for u in urls if "token=" not in u), "reads": reads.decode(),
              "export": export_text(api, seeded.campaign, tmp_path)}
    assert seeded.campaign in places["logs"]  # the logs were captured: requests are logged
    assert {place: [s for s in secrets if s in text] for place, text in places.items()} == {
        place: [] for place in places}


def export_text(api: ApiClient, campaign: str, tmp_path: Any) -> str:
    import argparse

    from ledger.entry.tools.export import export

    out = tmp_path / "export.jsonl"
    led = api.client.application.extensions["ledger"]
    assert export(led, argparse.Namespace(campaign=campaign, output=str(out))) == 0
    return out.read_text()
