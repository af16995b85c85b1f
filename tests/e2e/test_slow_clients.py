"""Slow clients cannot hold the real server's threads (an outside attack), on both stores.

gthread reads a request's line and headers on a pool thread: a client that sent one byte,
or trickled its headers, held that thread for ever, and a few of them (threads per worker)
stopped the worker answering even /healthz. A body trickled a byte at a time stayed under
the wait allowed for each read and was read for as long as it kept coming. Now the head
has LEDGER_HEADER_TIMEOUT and the body LEDGER_BODY_TIMEOUT in all. The deadlines below
only bound how long a test waits on a loaded machine; nothing here measures the server.
"""

from __future__ import annotations

import json
import select
import socket
import threading
from urllib.parse import urlsplit

import msgspec

from ledger.service.config import Config
from tests.e2e.test_live_server_errors import PROBLEM, parse
from tests.live_server import campaign_with_mara, http, live_server

DEADLINE = 60.0  # seconds a raw exchange may take on a loaded machine; never a timing claim
THREADS = ("--threads", "2", "--feed-streams", "0")  # one worker of two threads


def connect(base: str) -> socket.socket:
    address = urlsplit(base)
    return socket.create_connection((address.hostname, address.port), timeout=DEADLINE)


def read_to_end(sock: socket.socket) -> bytes:
    """What the server sends until it closes the connection (a reset counts as closed);
    a connection still open after DEADLINE fails the test with a timeout."""
    received = b""
    try:
        while chunk := sock.recv(65536):
            received += chunk
    except ConnectionResetError:
        pass
    return received


def assert_problem(answer: bytes, status: int, rule: str) -> None:
    answered, headers, body = parse(answer)
    assert (answered, headers["content-type"]) == (status, PROBLEM), answer
    assert json.loads(body)["rule"] == rule


def test_clients_stalled_in_their_headers_are_closed_and_the_server_answers(
        store_config: Config) -> None:
    config = msgspec.structs.replace(store_config, header_timeout_seconds=1.0)
    with live_server(config, *THREADS, workers=1) as base:
        # More stalled connections than threads: two that sent one byte, one that sends
        # a header a byte at a time until the server hangs up.
        one_byte = [connect(base) for _ in range(2)]
        for sock in one_byte:
            sock.sendall(b"G")
        trickled = connect(base)
        trickled.sendall(b"GET /healthz HTTP/1.1\r\nHost: ledger\r\nX-Slow: ")
        stop = threading.Event()

        def trickle() -> None:
            while not stop.wait(0.2):
                try:
                    trickled.sendall(b"a")
                except OSError:
                    return  # the server closed it

        trickler = threading.Thread(target=trickle, daemon=True)
        trickler.start()
        try:
            assert http("GET", f"{base}/healthz")[0] == 200
            for sock in one_byte:
                assert_problem(read_to_end(sock), 408, "header-read-timeout")
            ended = read_to_end(trickled)  # closed; the answer may be lost to a reset
            assert not ended or ended.startswith(b"HTTP/1.1 408 "), ended
            trickler.join(timeout=DEADLINE)
            assert not trickler.is_alive()
        finally:
            stop.set()
            for sock in [*one_byte, trickled]:
                sock.close()
        assert http("GET", f"{base}/healthz")[0] == 200


def test_a_body_trickled_past_its_deadline_is_refused_and_nothing_is_recorded(
        store_config: Config) -> None:
    config = msgspec.structs.replace(store_config, body_timeout_seconds=2.0)
    with live_server(config, workers=1) as base:
        cid, token, mara_id = campaign_with_mara(base)
        events = f"{base}/v1/campaigns/{cid}/events?limit=1000"
        before = http("GET", events, token=token)
        body = json.dumps({"amount": 1, "reason": "trickled " * 12}).encode()
        head = (f"POST /v1/campaigns/{cid}/characters/{mara_id}/mana/gain "
                f"HTTP/1.1\r\nHost: ledger\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n")
        with connect(base) as sock:
            sock.sendall(head.encode())
            # A byte every 0.5 s: each well within LEDGER_BODY_READ_TIMEOUT (15 s), the
            # whole far past LEDGER_BODY_TIMEOUT. Stop once the server answers.
            for byte in body:
                try:
                    sock.sendall(bytes([byte]))
                except OSError:
                    break
                if select.select([sock], [], [], 0.5)[0]:
                    break
            assert_problem(read_to_end(sock), 408, "body-read-timeout")
        assert http("GET", events, token=token) == before
