"""Feed tickets over HTTP: a browser's read-only key to one campaign's feed, short-lived,
dead with its token, never logged, and good for nothing but opening the feed."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from api import create_app
from ledger.service.config import Config
from ledger.service.feed_tickets import KEY_PURPOSE, rfc3339, ticket_for, unix_seconds
from tests.api_client import Answer, ApiClient
from tests.security.routes import stored_rows
from tests.waiting import DEADLINE_SECONDS


@pytest.fixture
def ticket_app(store_config: Config) -> Iterator[Flask]:
    app = create_app(store_config)
    yield app
    if "feed_hub" in app.extensions:
        app.extensions["feed_hub"].close(wait=2.0)
    if "ledger" in app.extensions:
        app.extensions["ledger"].store.close()


@pytest.fixture
def api(ticket_app: Flask) -> ApiClient:
    return ApiClient(ticket_app.test_client())


def _ticket(api: ApiClient, token: str | None = None, **headers: str) -> Answer:
    return api.post(api.c("/feed-tickets"), {}, token=token, headers=headers)


def _open(api: ApiClient, path: str) -> Any:
    """The feed opened as a browser's EventSource does: no Authorization header."""
    return api.client.get(path, buffered=False)


def _ids_through(response: Any, position: int) -> list[int]:
    """The event ids the stream sends, read until `position` has come."""
    ids: list[int] = []
    buffer = b""
    deadline = time.monotonic() + DEADLINE_SECONDS
    chunks = iter(response.response)
    while position not in ids:
        assert time.monotonic() < deadline, f"the feed did not deliver {position}: {ids}"
        buffer += next(chunks)
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            if line.startswith(b"id: "):
                ids.append(int(line[4:]))
    response.close()
    return ids


def _refusal(answer: Answer | Any) -> tuple[int, str]:
    """(status, rule) of an `Answer` or of a raw test-client response (the feed's)."""
    if isinstance(answer, Answer):
        return answer.status, (answer.body or {}).get("rule", "")
    return answer.status_code, (answer.get_json(silent=True) or {}).get("rule", "")


def test_a_ticket_opens_the_feed_without_an_authorization_header(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character()
    for token in (api.token, api.new_token("observer"), api.new_token("player", mara)):
        issued = _ticket(api, token)
        assert issued.status == 201, issued
        assert set(issued.body) == {"ticket", "expires_at", "token_id"}
        assert issued["token_id"] == (token or "").split("_")[1]
        response = _open(api, api.c(f"/feed?after=0&ticket={issued['ticket']}"))
        assert response.status_code == 200
        assert response.mimetype == "text/event-stream"
        assert _ids_through(response, 2) == [1, 2]


def test_a_ticket_expires_after_the_configured_time(store_config: Config) -> None:
    import msgspec

    app = create_app(msgspec.structs.replace(store_config, feed_ticket_ttl_seconds=90))
    try:
        api = ApiClient(app.test_client())
        api.new_campaign()
        before = time.time()
        expires = unix_seconds(_ticket(api)["expires_at"])
        assert int(before) + 89 <= expires <= time.time() + 90
    finally:
        app.extensions["ledger"].store.close()


def test_an_expired_ticket_is_refused(api: ApiClient, ticket_app: Flask) -> None:
    api.new_campaign()
    token_id = _ticket(api)["token_id"]
    key = ticket_app.extensions["ledger"].box.derive(KEY_PURPOSE)
    expired = ticket_for(key, api.campaign, token_id, rfc3339(int(time.time()) - 1)).ticket
    assert _refusal(_open(api, api.c(f"/feed?ticket={expired}"))) == (401, "feed-ticket-expired")


def test_the_ticket_of_a_revoked_token_is_refused(api: ApiClient) -> None:
    api.new_campaign()
    observer = api.new_token("observer")
    ticket = _ticket(api, observer)["ticket"]
    assert api.delete(api.c(f"/tokens/{observer.split('_')[1]}")).status == 204
    assert _refusal(_open(api, api.c(f"/feed?ticket={ticket}"))) == (401, "token-revoked")


def test_a_stream_opened_with_a_ticket_ends_when_its_token_is_revoked(
        store_config: Config) -> None:
    import msgspec

    app = create_app(msgspec.structs.replace(store_config, feed_auth_recheck_seconds=0.2,
                                             feed_heartbeat_seconds=0.2))
    try:
        api = ApiClient(app.test_client())
        api.new_campaign()
        observer = api.new_token("observer")
        response = _open(api, api.c(f"/feed?ticket={_ticket(api, observer)['ticket']}"))
        assert response.status_code == 200
        assert api.delete(api.c(f"/tokens/{observer.split('_')[1]}")).status == 204
        received, deadline = b"", time.monotonic() + DEADLINE_SECONDS
        for chunk in response.response:  # heartbeats every 0.2 s until the re-check ends it
            received += chunk
            assert time.monotonic() < deadline, "the stream outlived its revoked token"
        assert received.endswith(b'event: token-revoked\ndata: {"rule":"token-revoked"}\n\n')
    finally:
        if "feed_hub" in app.extensions:
            app.extensions["feed_hub"].close(wait=2.0)
        app.extensions["ledger"].store.close()


def test_a_ticket_opens_only_its_own_campaigns_feed(api: ApiClient) -> None:
    elsewhere = ApiClient(api.client)
    elsewhere.new_campaign("Elsewhere")
    api.new_campaign()
    ticket = _ticket(api)["ticket"]
    answer = _open(api, elsewhere.c(f"/feed?ticket={ticket}"))
    assert _refusal(answer) == (401, "feed-ticket-invalid")


def test_a_tampered_ticket_is_refused(api: ApiClient) -> None:
    api.new_campaign()
    prefix, token_id, expires, mac = _ticket(api)["ticket"].split("_")
    observer_id = api.new_token("observer").split("_")[1]
    for forged in (f"{prefix}_{token_id}_{int(expires) + 3600}_{mac}",
                   f"{prefix}_{observer_id}_{expires}_{mac}",
                   f"{prefix}_{token_id}_{expires}_{'0' * len(mac)}", ""):
        answer = _open(api, api.c(f"/feed?ticket={forged}"))
        assert _refusal(answer) == (401, "feed-ticket-invalid"), forged


def test_a_ticket_authorizes_no_write_and_no_other_read(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character()
    ticket = _ticket(api)["ticket"]
    stray = (401, "feed-ticket-only-opens-the-feed")
    for method, path in (("GET", "/state"), ("GET", "/events"), ("GET", ""),
                         ("POST", f"/characters/{mara}/health/heal"), ("POST", "/feed-tickets"),
                         ("GET", "/tokens")):
        answer = api.call(method, api.c(f"{path}?ticket={ticket}"), json={"amount": 1}, token="")
        assert _refusal(answer) == stray, (method, path)
    assert _refusal(api.get(f"/v1/me?ticket={ticket}", token="")) == stray
    # Nor does it pass as a bearer token, on the feed or elsewhere.
    for method, path in (("GET", "/state"), ("GET", "/feed"), ("POST", "/feed-tickets")):
        answer = api.call(method, api.c(path), json={} if method == "POST" else None,
                          token=ticket)
        assert _refusal(answer) == (401, "token-required"), path
    assert api.post(api.c(f"/characters/{mara}/health/heal"), {"amount": 1},
                    token=ticket).status == 401


def test_a_ticket_never_reaches_the_logs_or_the_metrics(
        api: ApiClient, capsys: pytest.CaptureFixture[str]) -> None:
    api.new_campaign()
    capsys.readouterr()
    ticket = _ticket(api)["ticket"]
    url = api.c(f"/feed?after=0&ticket={ticket}")
    assert _ids_through(_open(api, url), 1) == [1]
    assert _open(api, url + "x").status_code == 401
    careless = logging.getLogger("ledger.careless")
    careless.warning("opened %s", url)  # as an access log or a proxy would write it
    careless.warning("issued %s", ticket)
    out = capsys.readouterr().out
    assert "ticket=[REDACTED]" in out
    assert ticket.rsplit("_", 1)[1] not in out
    assert ticket.rsplit("_", 1)[1] not in api.client.get("/metrics").get_data(as_text=True)


def test_a_retried_request_answers_the_same_ticket_and_stores_none(
        api: ApiClient, store_config: Config) -> None:
    api.new_campaign()
    first, again = (_ticket(api, **{"Idempotency-Key": "ticket-1"}) for _ in range(2))
    assert (first.status, again.status, again.headers["Idempotent-Replayed"]) == (201, 201, "true")
    assert again.body == first.body
    assert first["ticket"] not in stored_rows(store_config).decode(errors="replace")


def test_me_names_the_callers_token_role_campaign_and_character(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character()
    player = api.post(api.c("/tokens"), {"role": "player", "character_id": mara,
                                         "label": "Mara's phone"})["token"]
    assert api.get("/v1/me", token=player).body == {
        "token_id": player.split("_")[1], "role": "player", "campaign_id": api.campaign,
        "character_id": mara, "label": "Mara's phone"}
    gm = api.get("/v1/me").body
    assert (gm["role"], gm["campaign_id"], gm["character_id"]) == ("gm", api.campaign, None)


def test_me_refuses_a_missing_wrong_or_revoked_token(api: ApiClient) -> None:
    api.new_campaign()
    observer = api.new_token("observer")
    assert api.get("/v1/me", token=observer).status == 200
    assert api.delete(api.c(f"/tokens/{observer.split('_')[1]}")).status == 204
    assert _refusal(api.get("/v1/me", token="")) == (401, "token-required")
    # A newcomer's trial: a token sent without `Bearer ` heard what an unknown one hears.
    bare = api.get("/v1/me", token="", headers={"Authorization": api.token or ""})
    assert _refusal(bare) == (401, "token-required")
    assert "`Bearer <token>`: the word Bearer, a space, the token" in bare["detail"]
    assert bare["errors"] == {"Authorization": ["no valid bearer token"]}
    unknown = api.get("/v1/me", token=(api.token or "") + "x")  # well formed: no hint
    assert unknown["detail"] == "A valid bearer token is required."
    assert _refusal(api.get("/v1/me", token=(api.token or "") + "x")) == (401, "token-required")
    assert _refusal(api.get("/v1/me", token=observer)) == (401, "token-revoked")
