"""Hostile-input guards: body size and read time, JSON depth, a rate limit per token, and CORS.

All run as `before_request` hooks, so they refuse a request before any route parses it.
See docs/security.md for the defaults and how to change them.
"""

from __future__ import annotations

import math
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import ClientDisconnected

from api.auth import current_token
from api.errors import problem
from api.problem_worker import bounded_reads
from api.read_route import add_lag_header, check_min_position
from api.text_guard import guard_text
from ledger.service.config import Config

MAX_JSON_DEPTH = 32
# Probes and the preflight must answer even when a client is over its limit.
UNLIMITED_PATHS = frozenset({"/healthz", "/readyz"})
CORS_ALLOW_HEADERS = ("Authorization, Content-Type, Idempotency-Key, If-Match, "
                      "Ledger-Min-Position")
# Only headers the API sends (tests/security/test_cors.py checks each): ETag on writes,
# Location on creations, Retry-After on 429 and 503, Idempotent-Replayed on replays and
# X-Request-ID on every answer, Ledger-Replica-Lag on a replica's answer without a hint.
# The rest a browser may read already (CORS-safelisted).
CORS_EXPOSE_HEADERS = ("ETag, Location, Retry-After, Idempotent-Replayed, X-Request-ID, "
                       "Ledger-Replica-Lag")
CORS_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS"
_JSON_TOKENS = re.compile(rb'[\[\]{}"]')


def too_deep(data: bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether a JSON text nests arrays and objects deeper than `limit`, told without
    parsing it: one linear scan that stops at the first level past the limit."""
    if data.count(b"[") + data.count(b"{") <= limit:
        return False  # cannot be deeper than its openers: the usual, free case
    depth = 0
    in_string = False
    for match in _JSON_TOKENS.finditer(data):
        char = match.group()
        if char == b'"':
            if not (in_string and _escaped(data, match.start())):
                in_string = not in_string
        elif in_string:
            continue
        elif char in (b"[", b"{"):
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def _escaped(data: bytes, index: int) -> bool:
    """Whether the quote at `index` is escaped: an odd run of backslashes before it."""
    run = 0
    while index - run > 0 and data[index - run - 1] == 0x5C:
        run += 1
    return run % 2 == 1


class RateLimiter:
    """A token bucket per client: `per_minute` requests a minute, bursts up to the same.

    It lives in one process, so each gunicorn worker counts on its own (docs/security.md
    says why that is the trade we chose). `per_minute <= 0` turns it off.
    """

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic,
                 max_clients: int = 10_000) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.clock = clock
        self.max_clients = max_clients
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, when)
        self._lock = threading.Lock()

    def take(self, client: str) -> float:
        """0.0 when the request may go on, else the seconds until the client may retry."""
        if self.rate <= 0:
            return 0.0
        now = self.clock()
        with self._lock:
            tokens, when = self._buckets.get(client, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - when) * self.rate)
            allowed = tokens >= 1.0
            self._buckets[client] = (tokens - 1.0 if allowed else tokens, now)
            if len(self._buckets) > self.max_clients:
                self._forget_idle(now)
            return 0.0 if allowed else (1.0 - tokens) / self.rate

    def _forget_idle(self, now: float) -> None:
        # A full bucket holds no information: dropping it changes nothing for its client.
        self._buckets = {client: (tokens, when) for client, (tokens, when) in self._buckets.items()
                         if tokens + (now - when) * self.rate < self.capacity}


def _config() -> Config:
    config: Config = current_app.config["LEDGER"]
    return config


def _is_preflight() -> bool:
    return request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers


def _allowed_origin() -> str | None:
    """The value for Access-Control-Allow-Origin, or None when this origin is not allowed."""
    origin = request.headers.get("Origin")
    allowed = _config().cors_origins
    if origin is None or not allowed:
        return None
    if "*" in allowed:
        return "*"  # any origin, and so never with credentials
    return origin if origin in allowed else None


def answer_preflight() -> Response | None:
    if not _is_preflight():
        return None
    response = Response(status=204)
    if _allowed_origin() is not None:
        response.headers["Access-Control-Allow-Methods"] = CORS_METHODS
        response.headers["Access-Control-Allow-Headers"] = CORS_ALLOW_HEADERS
        response.headers["Access-Control-Max-Age"] = "600"
    return response


def add_cors_headers(response: Response) -> Response:
    origin = _allowed_origin()
    if origin is not None:
        response.headers["Access-Control-Allow-Origin"] = origin
        response.headers["Access-Control-Expose-Headers"] = CORS_EXPOSE_HEADERS
    if _config().cors_origins:
        response.vary.add("Origin")  # caches must not serve one origin's answer to another
    return response


def guard_body() -> Response | None:
    """413 above LEDGER_MAX_BODY_BYTES; 408 when the body stalls past LEDGER_BODY_READ_TIMEOUT
    or takes longer than LEDGER_BODY_TIMEOUT in all; 400 for JSON nested deeper than
    MAX_JSON_DEPTH. The body is read here, once, for all."""
    config = _config()
    limit = config.max_body_bytes
    length = request.content_length
    chunked = length is None and "Transfer-Encoding" in request.headers
    if length is not None and length > limit:
        return _too_large(limit)
    try:
        with reading_within(config.body_read_timeout_seconds, config.body_timeout_seconds):
            data = request.get_data(cache=True) if length or chunked else b""
    except (TimeoutError, ClientDisconnected) as exc:
        if not _stalled(exc):
            raise
        _stop_reading()
        response = problem(408, "body-read-timeout", "Request body too slow",
                           f"The body must arrive within {config.body_timeout_seconds:g} s, "
                           f"without a pause of {config.body_read_timeout_seconds:g} s.")
        response.headers["Connection"] = "close"  # the rest of the body may still come
        return response
    # Without a Content-Length (chunked), the stream stops one byte past the limit (the
    # app's MAX_CONTENT_LENGTH): reading that byte is too much; the limit itself is not.
    if chunked and len(data) > limit:
        return _too_large(limit)
    if request.is_json and too_deep(data):
        return problem(400, "json-too-deep", "JSON nested too deeply",
                       f"JSON may nest at most {MAX_JSON_DEPTH} arrays or objects deep.")
    return None


def _too_large(limit: int) -> Response:
    return problem(413, "body-too-large", "Request body too large",
                   f"The body is more than {limit} bytes, the limit.")


@contextmanager
def reading_within(gap: float, seconds: float) -> Iterator[None]:
    """Each read from the client's socket waits at most `gap` seconds, and all of them end
    `seconds` after the first (under gunicorn, which hands the app its socket; elsewhere
    nothing changes). A timeout on the socket alone bounds only the wait for each read:
    a byte every few seconds kept a body coming for ever."""
    sock = request.environ.get("gunicorn.socket")
    if sock is None:
        yield
        return
    sock.settimeout(gap)  # the gap alone, should the worker not be ours
    try:
        with bounded_reads(gap, seconds):
            yield
    finally:
        sock.settimeout(None)  # gunicorn's worker threads use blocking sockets


def _stop_reading() -> None:
    """Refuse the rest of a body that came too slowly. gunicorn closes the connection on its
    worker's main loop, waiting for the client to stop sending: a trickling client held
    that loop, and so every new connection, for seconds each."""
    sock = request.environ.get("gunicorn.socket")
    if sock is not None:
        with suppress(OSError):
            sock.shutdown(socket.SHUT_RD)


def _stalled(exc: BaseException) -> bool:
    """Whether a failed read was the timeout: werkzeug reports it as a disconnect."""
    return isinstance(exc, TimeoutError) or isinstance(exc.__context__, TimeoutError)


def limit_rate() -> Response | None:
    """429 with Retry-After once a token (or, without one, an address) is over its limit."""
    if request.path in UNLIMITED_PATHS or _is_preflight():
        return None
    limiter: RateLimiter = current_app.extensions["rate_limiter"]
    token = current_token() if request.headers.get("Authorization") else None
    client = f"token:{token.id}" if token else f"addr:{request.remote_addr}"
    wait = limiter.take(client)
    if wait <= 0:
        return None
    response = problem(429, "rate-limited", "Too many requests",
                       f"At most {_config().rate_limit_per_minute} requests a minute; "
                       "retry after the time in Retry-After.")
    response.headers["Retry-After"] = str(max(1, math.ceil(wait)))
    return response


def install(app: Flask) -> None:
    """Order matters: the preflight is answered first, then size, text, then the rate."""
    config: Config = app.config["LEDGER"]
    app.extensions["rate_limiter"] = RateLimiter(config.rate_limit_per_minute)
    app.before_request(answer_preflight)
    app.before_request(guard_body)
    app.before_request(guard_text)
    app.before_request(limit_rate)
    app.before_request(check_min_position)
    app.after_request(add_cors_headers)
    app.after_request(add_lag_header)
