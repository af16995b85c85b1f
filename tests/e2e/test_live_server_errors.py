"""What the real server answers before the app sees a request, over raw sockets, on both stores:
gunicorn's own refusals are problem+json, and a body that stalls is given up on."""

from __future__ import annotations

import json
import socket
from urllib.parse import urlsplit

import msgspec

from ledger.service.config import Config
from tests.live_server import http, live_server

PROBLEM = "application/problem+json"
DEADLINE = 60.0  # seconds a raw exchange may take on a loaded machine; never a timing claim
HEAD = b"Host: ledger\r\n"


def exchange(base: str, raw: bytes) -> bytes:
    """Send `raw` on a fresh connection and read until the server closes it."""
    address = urlsplit(base)
    received = b""
    with socket.create_connection((address.hostname, address.port), timeout=DEADLINE) as sock:
        sock.sendall(raw)
        try:
            while chunk := sock.recv(65536):
                received += chunk
        except ConnectionResetError:
            pass  # closed with our unread bytes still queued: closed all the same
    return received


def parse(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip()
               for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, body


REFUSED_BY_THE_SERVER = [
    (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n" + HEAD + b"\r\n", 414),
    (b"GET /healthz HTTP/1.1\r\n" + HEAD + b"X-Big: " + b"a" * 9000 + b"\r\n\r\n", 431),
    (b"GET /healthz HTTP/1.1\r\n" + HEAD + b"".join(b"X-%d: 1\r\n" % i for i in range(200))
     + b"\r\n", 431),
    (b"NONSENSE\r\n\r\n", 400),
    (b"GET /healthz HTTP/1.1\r\n" + HEAD + b"Bad Header: x\r\n\r\n", 400),
    (b"GET /healthz HTTP/9.9\r\n" + HEAD + b"\r\n", 400),
]


def test_the_servers_own_refusals_are_problem_json(store_config: Config) -> None:
    with live_server(store_config, workers=1) as base:
        for raw, status in REFUSED_BY_THE_SERVER:
            answered, headers, body = parse(exchange(base, raw))
            assert (answered, headers["content-type"]) == (status, PROBLEM), body
            problem = json.loads(body)
            assert (problem["status"], problem["type"].endswith(problem["rule"])) == (status, True)
            assert problem["detail"]
        assert http("GET", f"{base}/healthz")[0] == 200


def test_a_body_shorter_than_its_length_is_given_up_on(store_config: Config) -> None:
    config = msgspec.structs.replace(store_config, body_read_timeout_seconds=1.0)
    with live_server(config, workers=1) as base:
        body = b'{"name": "Mana Noir"}'
        raw = (b"POST /v1/campaigns HTTP/1.1\r\n" + HEAD + b"Content-Type: application/json\r\n"
               b"Content-Length: %d\r\n\r\n" % (len(body) + 50) + body)
        # The server must answer and close on its own; the deadline only bounds the wait.
        answered, headers, problem = parse(exchange(base, raw))
        assert (answered, headers["content-type"]) == (408, PROBLEM)
        assert json.loads(problem)["rule"] == "body-read-timeout"
        # and says it closes, as it does (gunicorn dropped the app's header: an outside attack)
        assert headers["connection"] == "close"
        assert http("GET", f"{base}/healthz")[0] == 200
