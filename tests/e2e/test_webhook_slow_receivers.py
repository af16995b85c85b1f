"""A slow receiver holds only its own webhook (an outside attack): each attempt is bounded
as a whole by LEDGER_WEBHOOK_TIMEOUT_SECONDS, not per read, and the runner starts every
other webhook's due delivery without waiting for it. Before, a receiver that sent one
byte every few seconds held its attempt open for ever, and the runner's round, which
waited for all its attempts, held every campaign's deliveries with it."""

from __future__ import annotations

import logging
import socketserver
import threading
from collections.abc import Iterator
from concurrent.futures import Future

import msgspec
import pytest

from ledger.service.config import Config
from projections.webhook_tools import run_until
from projections.webhooks import _log_failure, post
from tests.api_client import ApiClient
from tests.e2e.test_webhooks import Receiver
from tests.waiting import wait_until


class Trickler:
    """Answers every request with a status line, then a header one byte at a time, a
    byte every 0.2 s, until stopped or `most` bytes are sent (then the answer ends):
    each read is quick, the answer takes as long as it likes."""

    def __init__(self, most: int | None = None) -> None:
        self.stop = threading.Event()
        self.connections = 0
        trickler = self

        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                trickler.connections += 1
                self.request.recv(65536)
                try:
                    self.request.sendall(b"HTTP/1.1 200 OK\r\nX-Slow: ")
                    sent = 0
                    while not trickler.stop.wait(0.2) and (most is None or sent < most):
                        self.request.sendall(b"a")
                        sent += 1
                    self.request.sendall(b"\r\nContent-Length: 0\r\n\r\n")
                except OSError:
                    pass  # the sender hung up: its deadline passed

        socketserver.ThreadingTCPServer.daemon_threads = True
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/slow"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.stop.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def trickler() -> Iterator[Trickler]:
    found = Trickler()
    yield found
    found.close()


def test_an_attempt_is_bounded_as_a_whole_not_per_read() -> None:
    # Each byte comes well within the timeout, so only a bound on the whole attempt ends
    # it; the answer would end whole (a 200) after 50 bytes, about 10 s.
    trickler = Trickler(most=50)
    try:
        status, error = post(trickler.url, b"{}", {"Content-Type": "application/json"}, 1.0,
                             allow_private=True)
    finally:
        trickler.close()
    assert status is None
    assert error == "TimeoutError: the attempt took longer than 1 s"
    assert trickler.connections == 1


def test_a_slow_receiver_holds_only_its_own_webhook(
        api: ApiClient, store_config: Config, trickler: Trickler) -> None:
    fast = Receiver(lambda n, body: False)
    api.new_campaign()
    slow_char = api.new_character()
    assert api.post(api.c("/webhooks"), {"url": trickler.url, "types": ["*"]}).status == 201
    assert api.post(api.c(f"/characters/{slow_char}/mana/gain"), {"amount": 1}).status == 200
    api.new_campaign()
    mara = api.new_character()
    assert api.post(api.c("/webhooks"), {"url": fast.url, "types": ["ResourceGained"]}).status == 201
    # An attempt may last ten minutes here: the slow one is still under way when the
    # other campaign's delivery must arrive.
    config = msgspec.structs.replace(store_config, webhook_timeout_seconds=600.0,
                                     webhook_poll_seconds=0.05)
    stop = threading.Event()
    thread = threading.Thread(target=run_until, args=(stop, config), daemon=True)
    thread.start()
    try:
        wait_until(lambda: trickler.connections >= 1, "the slow receiver's attempt under way")
        assert api.post(api.c(f"/characters/{mara}/mana/gain"), {"amount": 1}).status == 200
        wait_until(lambda: len(fast.accepted()) == 1, "the other campaign's delivery")
    finally:
        trickler.stop.set()  # ends the slow answer, so the runner can stop
        stop.set()
        thread.join(timeout=30)
        fast.server.shutdown()
    assert fast.accepted()[0]["event"]["type"] == "ResourceGained"


def test_an_attempt_that_fails_on_our_side_is_logged_not_lost(
        caplog: pytest.LogCaptureFixture) -> None:
    """Attempts run on their own now; one that raised (the store briefly away) used to
    reach the runner's loop, which logged it. Its future logs it instead."""
    failed: Future[bool] = Future()
    failed.set_exception(RuntimeError("the store is away"))
    with caplog.at_level(logging.WARNING, logger="projections.webhooks"):
        _log_failure(failed)
    assert "webhook attempt failed; retrying" in caplog.text
    assert "the store is away" in caplog.text
