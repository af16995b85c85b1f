"""Webhooks: registration rules, and signed, ordered, retried deliveries to a real receiver
on loopback, made by the delivery runner (never by the write path)."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import msgspec
import pytest

from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store import webhooks as hooks
from ledger.service.config import Config
from projections.webhook_tools import run_until
from tests.api_client import ApiClient
from tests.conftest import SECRET_KEY, make_store
from tests.waiting import wait_until


class Receiver:
    """An HTTP receiver on loopback that fails while `failing(n)` says so (n = request count)."""

    def __init__(self, failing: Callable[[int, dict[str, Any]], bool]) -> None:
        self.failing = failing
        self.requests: list[tuple[int, dict[str, str], bytes]] = []  # (status, headers, body)
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                n = len(receiver.requests)
                status = 500 if receiver.failing(n, json.loads(body)) else 204
                receiver.requests.append((status, dict(self.headers), body))
                self.send_response(status)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook?src=ledger"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def accepted(self) -> list[dict[str, Any]]:
        return [json.loads(body) for status, _, body in self.requests if status == 204]


@pytest.fixture
def runner(store_config: Config) -> Iterator[Callable[[], None]]:
    """Starts the delivery runner (enqueuer, sender, heartbeat) with quick retries."""
    config = msgspec.structs.replace(store_config, webhook_poll_seconds=0.05,
                                     webhook_backoff_seconds=0.05,
                                     webhook_backoff_max_seconds=0.2, webhook_max_attempts=5)
    stop = threading.Event()
    threads: list[threading.Thread] = []

    def start() -> None:
        thread = threading.Thread(target=run_until, args=(stop, config), daemon=True)
        thread.start()
        threads.append(thread)

    yield start
    stop.set()
    for thread in threads:
        thread.join(timeout=15)


def _settled_log(api: ApiClient, webhook_id: str, count: int) -> list[dict[str, Any]]:
    """The delivery log once it holds `count` deliveries and none is still pending: the
    receiver has an event before the sender records how the attempt ended."""
    def settled() -> list[dict[str, Any]] | None:
        log = api.get(api.c(f"/webhooks/{webhook_id}/deliveries"))["deliveries"]
        done = len(log) == count and all(d["status"] != "pending" for d in log)
        return log if done else None

    return wait_until(settled, f"{count} settled deliveries of {webhook_id}")


def _gains(api: ApiClient, character: str, times: int) -> None:
    for _ in range(times):
        assert api.post(api.c(f"/characters/{character}/mana/gain"), {"amount": 1}).status == 200


def test_registering_shows_the_secret_once_then_lists_and_deletes(api: ApiClient) -> None:
    api.new_campaign()
    made = api.post(api.c("/webhooks"), {"url": "https://example.test/in", "types": ["*"]})
    assert made.status == 201
    assert made["secret"].startswith("whsec_")
    listed = api.get(api.c("/webhooks"))["webhooks"]
    assert listed == [{k: v for k, v in made.body.items() if k != "secret"}]
    assert api.delete(api.c(f"/webhooks/{made['id']}")).status == 204
    assert api.get(api.c("/webhooks"))["webhooks"] == []
    assert api.delete(api.c(f"/webhooks/{made['id']}")).status == 404


@pytest.mark.parametrize("url", ["ftp://example.test/x", "file:///etc/passwd",
                                 "javascript:alert(1)", "http://", "example.test/in",
                                 "https://user:pw@example.test/"])
def test_only_http_and_https_urls_with_a_host_are_accepted(api: ApiClient, url: str) -> None:
    api.new_campaign()
    answer = api.post(api.c("/webhooks"), {"url": url, "types": ["*"]})
    assert answer.status == 422
    assert "url" in answer["errors"]


def test_unknown_event_types_are_refused(api: ApiClient) -> None:
    api.new_campaign()
    answer = api.post(api.c("/webhooks"), {"url": "http://example.test", "types": ["Nope"]})
    assert answer.status == 422
    assert answer["rule"] == "unknown-event-type"


def test_only_the_gm_manages_webhooks(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character()
    for token in (api.new_token("observer"), api.new_token("player", mara)):
        body = {"url": "http://example.test", "types": ["*"]}
        assert api.post(api.c("/webhooks"), body, token=token).status == 403
        assert api.get(api.c("/webhooks"), token=token).status == 403


def test_the_secret_is_stored_sealed_never_in_plaintext(
        api: ApiClient, store_config: Config) -> None:
    api.new_campaign()
    made = api.post(api.c("/webhooks"), {"url": "http://example.test", "types": ["*"]})
    store = make_store(store_config)
    [hook] = hooks.webhooks(store, api.campaign)
    store.close()
    assert made["secret"].encode() not in hook.sealed_secret
    assert bytes.fromhex(made["secret"][6:]) not in hook.sealed_secret
    box = SecretBox(bytes.fromhex(SECRET_KEY))
    assert box.open(hook.sealed_secret, hook.seal_context(hook.id)).decode() == made["secret"]


def test_deliveries_are_signed_ordered_retried_until_the_receiver_recovers_and_never_repeated(
        api: ApiClient, runner: Callable[[], None]) -> None:
    receiver = Receiver(lambda n, body: n < 3)  # down for the first three requests
    api.new_campaign()
    mara = api.new_character(mana={"current": 0, "max": 50})
    _gains(api, mara, 1)  # before the webhook: never delivered
    made = api.post(api.c("/webhooks"), {"url": receiver.url, "types": ["ResourceGained"]})
    runner()
    api.post(api.c("/clock/start-session"))  # a type it did not ask for
    _gains(api, mara, 4)
    wait_until(lambda: len(receiver.accepted()) == 4, "four accepted deliveries")
    # Deliveries go in order, so once a later gain (the sentinel) arrives, anything sent
    # twice or out of turn before it is in the receiver's list.
    _gains(api, mara, 1)
    wait_until(lambda: len(receiver.accepted()) >= 5, "the sentinel's delivery")
    accepted = receiver.accepted()
    assert [b["event"]["position"] for b in accepted] == [5, 6, 7, 8, 9]
    assert {b["event"]["type"] for b in accepted} == {"ResourceGained"}
    assert len(receiver.requests) == 8  # three refused, five accepted: nothing sent twice
    assert len({b["delivery_id"] for b in accepted}) == 5
    for _, headers, body in receiver.requests:
        expected = hmac.new(made["secret"].encode(), body, hashlib.sha256).hexdigest()
        assert headers["X-Ledger-Signature"] == f"sha256={expected}"
    log = _settled_log(api, made["id"], 5)
    assert [(d["position"], d["status"], d["attempts"]) for d in log] == [
        (5, "delivered", 4), (6, "delivered", 1), (7, "delivered", 1), (8, "delivered", 1),
        (9, "delivered", 1)]
    assert [a["http_status"] for a in log[0]["attempt_log"]] == [500, 500, 500, 204]
    # A webhook carries the event as recorded: `voided_by` is a read-time view of /events
    # and the feed that a delivery made once cannot follow (docs/changes.md).
    events = api.get(api.c("/events?after=4"))["events"]
    assert [b["event"] for b in accepted] == [
        {k: v for k, v in e.items() if k != "voided_by"} for e in events
        if e["type"] == "ResourceGained"]


def test_a_delivery_that_keeps_failing_is_given_up_and_the_next_event_goes(
        api: ApiClient, runner: Callable[[], None]) -> None:
    receiver = Receiver(lambda n, body: body["event"]["position"] == 3)  # refuses one event
    api.new_campaign()
    mara = api.new_character(mana={"current": 0, "max": 50})
    made = api.post(api.c("/webhooks"), {"url": receiver.url, "types": ["ResourceGained"]})
    runner()
    _gains(api, mara, 3)
    wait_until(lambda: len(receiver.accepted()) == 2, "two accepted deliveries")
    log = _settled_log(api, made["id"], 3)
    assert [(d["position"], d["status"], d["attempts"]) for d in log] == [
        (3, "failed", 5), (4, "delivered", 1), (5, "delivered", 1)]
    assert [b["event"]["position"] for b in receiver.accepted()] == [4, 5]


def test_a_deleted_webhook_receives_nothing_more(
        api: ApiClient, runner: Callable[[], None], store_config: Config) -> None:
    receiver, sentinel = Receiver(lambda n, body: False), Receiver(lambda n, body: False)
    api.new_campaign()
    mara = api.new_character(mana={"current": 0, "max": 50})
    made = api.post(api.c("/webhooks"), {"url": receiver.url, "types": ["*"]})
    runner()
    _gains(api, mara, 1)
    wait_until(lambda: len(receiver.accepted()) == 1, "the first delivery")
    assert api.delete(api.c(f"/webhooks/{made['id']}")).status == 204
    api.post(api.c("/webhooks"), {"url": sentinel.url, "types": ["*"]})
    _gains(api, mara, 2)
    # Every webhook's deliveries of an event are queued together: once the live webhook
    # has both gains, the deleted one would have had its own queued by now.
    wait_until(lambda: len(sentinel.accepted()) == 2, "the live webhook's deliveries")
    store = make_store(store_config)
    queued = [d.position for d in hooks.deliveries(store, api.campaign, made["id"], 0, 100)]
    store.close()
    assert queued == [3]
    assert [b["event"]["position"] for b in receiver.accepted()] == [3]
