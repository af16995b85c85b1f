"""gunicorn's gthread worker, with gunicorn's own error answers as problem+json, and
deadlines on reading a request from a slow client.

gunicorn answers what never reaches the app (a request line or headers too long, a
malformed request, an app that failed before answering) through `util.write_error`,
as an HTML page. This worker swaps that one renderer, so every error the service
sends is `application/problem+json` like the app's (api/errors.py).

gthread waits for a connection's first byte without a thread, then reads the request
line and headers on a pool thread, on a blocking socket: a client that sent one byte,
or trickled its headers, held that thread for ever, and a few such clients stopped the
worker answering anything. Here the head must arrive within LEDGER_HEADER_TIMEOUT of
its first read, else 408 and the connection is closed; `bounded_reads` bounds the
app's reads of a body the same way (api/limits.py).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from gunicorn import util
from gunicorn.http import parser
from gunicorn.http.unreader import SocketUnreader
from gunicorn.workers.gthread import ThreadWorker

from api.errors import http_title, problem_body
from ledger.service.config import Config

# gunicorn's statuses -> our rule names (api/errors.py names the app's).
RULES = {400: "malformed-request", 403: "forbidden", 408: "header-read-timeout",
         414: "request-line-too-long", 417: "expectation-failed",
         431: "header-fields-too-large", 500: "internal-error", 501: "not-implemented"}
MAX_DETAIL = 200  # gunicorn's message quotes the request; a problem need not echo all of it


def write_problem(sock: Any, status: int, reason: str, message: str) -> None:
    """`util.write_error`'s signature, writing problem+json and closing like gunicorn does."""
    detail = message[:MAX_DETAIL] or reason
    rule = RULES.get(status, "http-error")
    # Titled by the rule, as the app titles it ("Malformed request", not "Bad Request").
    body = problem_body(status, rule, http_title(rule, reason), detail)
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
            f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin-1") + body)


class HeadTimeout(Exception):
    """The request line and headers did not arrive in time (not an OSError, which
    gthread would log as a socket failure)."""


@dataclass
class _Bound:
    gap: float  # the longest one read may wait
    seconds: float  # the longest all reads may take, from the first
    error: type[Exception]
    deadline: float | None = None


_bound = threading.local()  # this pool thread's _Bound, while one applies


@contextmanager
def bounded_reads(gap: float, seconds: float,
                  error: type[Exception] = TimeoutError) -> Iterator[None]:
    """While inside, each read this thread makes from its client waits at most `gap`
    seconds, and all of them end `seconds` after the first; past either, `error`."""
    _bound.current = _Bound(gap, seconds, error)
    try:
        yield
    finally:
        _bound.current = None


class BoundedUnreader(SocketUnreader):  # type: ignore[misc]
    """gunicorn's reader of a client's socket, minding this thread's `bounded_reads`: a
    socket timeout alone bounds each read, not a client that sends a byte just in time."""

    def chunk(self, *args: Any) -> bytes:
        data: bytes
        bound: _Bound | None = getattr(_bound, "current", None)
        if bound is None:
            data = super().chunk(*args)
            return data
        now = time.monotonic()
        if bound.deadline is None:
            bound.deadline = now + bound.seconds
        left = bound.deadline - now
        if left <= 0:
            raise bound.error("read deadline passed")
        self.sock.settimeout(min(bound.gap, left))
        try:
            data = super().chunk(*args)
        except TimeoutError:
            raise bound.error("read deadline passed") from None
        return data


def honour_connection_close(app: Any) -> Any:
    """The app's `Connection: close` closes the connection. gunicorn drops the header (it
    is hop-by-hop) and answered `keep-alive` on a 408 whose connection it then closed (an
    outside attack); its own response object closes when told to."""
    def closing(environ: Any, start_response: Any) -> Any:
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            if any(k.lower() == "connection" and v.lower() == "close" for k, v in headers):
                close = getattr(getattr(start_response, "__self__", None), "force_close", None)
                if close is not None:
                    close()
            return start_response(status, headers, exc_info)
        return app(environ, start)
    return closing


class ProblemThreadWorker(ThreadWorker):  # type: ignore[misc]
    def init_process(self) -> None:
        util.write_error = write_problem  # the worker's only renderer of its own errors
        parser.SocketUnreader = BoundedUnreader  # each connection's parser reads through it
        self.header_timeout = Config.from_env().header_timeout_seconds
        super().init_process()

    def load_wsgi(self) -> None:
        super().load_wsgi()
        self.wsgi: Any = honour_connection_close(self.wsgi)

    def handle(self, conn: Any) -> Any:
        """On a pool thread: the head must arrive within the timeout of its first read."""
        with bounded_reads(self.header_timeout, self.header_timeout, HeadTimeout):
            return super().handle(conn)

    def handle_request(self, req: Any, conn: Any) -> Any:
        # The head is in. The app bounds its own reads of the body (api/limits.py); its
        # writes block, as gthread's do (a feed streams for hours).
        _bound.current = None
        conn.sock.settimeout(None)
        return super().handle_request(req, conn)

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        if not isinstance(exc, HeadTimeout):
            super().handle_error(req, client, addr, exc)
            return
        self.log.warning("Request head too slow from ip=%s: closed", addr[0] if addr else "")
        with suppress(OSError):
            write_problem(client, 408, "Request Timeout", "The request line and headers did "
                          f"not arrive within {self.header_timeout:g} s.")
        # Both ways: gthread's graceful close, on its main loop, would otherwise wait for
        # this client to hang up.
        with suppress(OSError):
            client.shutdown(socket.SHUT_RDWR)
