"""HTTP over urllib: JSON in and out, problem+json to exceptions, bounded polite retries.

A call is retried only when repeating it cannot record anything twice: reads, and
writes that carry an Idempotency-Key (the server answers a repeat with the first
answer). Such calls are retried after a broken connection, a 503 and a 429, waiting
as long as Retry-After asks (capped) or a growing backoff.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from campaign_ledger_client.errors import ProblemError, TransportError, problem_error
from campaign_ledger_client.witness import Witness

RETRIED_STATUSES = (429, 503)
MAX_WAIT_SECONDS = 10.0


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: Any


@dataclass(frozen=True)
class Transport:
    base_url: str
    token: str | None = None
    timeout: float = 30.0
    retries: int = 3
    user_agent: str = "campaign-ledger-client/0.1"
    extra_headers: dict[str, str] = field(default_factory=dict)
    # Checks every signed tree head this transport sees (witness.py); None: no checks.
    witness: Witness | None = None

    def __post_init__(self) -> None:
        # urllib also opens file:// and ftp:// URLs; only HTTP(S) is ever meant here.
        if urllib.parse.urlsplit(self.base_url).scheme not in ("http", "https"):
            raise ValueError(f"base_url must be http(s)://…, not {self.base_url!r}")

    def url(self, path: str, query: dict[str, Any] | None = None) -> str:
        pairs = [(k, _query_value(v)) for k, v in (query or {}).items() if v is not None]
        suffix = "?" + urllib.parse.urlencode(pairs) if pairs else ""
        return self.base_url.rstrip("/") + path + suffix

    def headers(self, more: dict[str, str] | None = None) -> dict[str, str]:
        sent = {"Accept": "application/json", "User-Agent": self.user_agent,
                **self.extra_headers}
        if self.token:
            sent["Authorization"] = f"Bearer {self.token}"
        return {**sent, **(more or {})}

    def call(self, method: str, path: str, *, query: dict[str, Any] | None = None,
             body: Any = None, headers: dict[str, str] | None = None,
             retry_safe: bool = False) -> Answer:
        """One request; retried (same headers, same key) only when `retry_safe`."""
        attempt = 0
        while True:
            try:
                answer = self._once(method, self.url(path, query), body, headers)
                self.witness_answer(answer.body)
                return answer
            except (TransportError, ProblemError) as exc:
                wait = self._retry_wait(exc, attempt, retry_safe)
                if wait is None:
                    raise
                attempt += 1
                time.sleep(wait)

    def witness_answer(self, body: Any) -> None:
        """Show the witness any tree head in an answer: a write's receipt, or `head()`."""
        if self.witness is None or not isinstance(body, dict):
            return
        receipt = body.get("receipt")
        head = receipt.get("tree_head") if isinstance(receipt, dict) else body.get("tree_head")
        if isinstance(head, dict):
            self.witness.observe(head, self.consistency_proof)

    def consistency_proof(self, campaign_id: str, from_: int, to: int) -> list[str]:
        path = f"/v1/campaigns/{urllib.parse.quote(campaign_id, safe='')}/proofs/consistency"
        answer = self._once("GET", self.url(path, {"from": from_, "to": to}), None, None)
        proof: list[str] = answer.body["path"]
        return proof

    def _retry_wait(self, exc: Exception, attempt: int, retry_safe: bool) -> float | None:
        if attempt >= self.retries:
            return None
        backoff = min(MAX_WAIT_SECONDS, 0.25 * 2 ** attempt)
        if isinstance(exc, ProblemError):
            # A 429 is refused before anything happens, so any call may repeat it.
            if exc.status not in RETRIED_STATUSES or (exc.status == 503 and not retry_safe):
                return None
            return min(MAX_WAIT_SECONDS, exc.retry_after or backoff)
        return backoff if retry_safe else None

    def _once(self, method: str, url: str, body: Any, headers: dict[str, str] | None) -> Answer:
        data = None if body is None else json.dumps(body).encode()
        more = dict(headers or {})
        if data is not None:
            more["Content-Type"] = "application/json"
        # The scheme is checked in __post_init__: only http(s) URLs reach urlopen.
        request = urllib.request.Request(url, data=data, method=method,  # noqa: S310
                                         headers=self.headers(more))
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310
                return _answer(response.status, dict(response.headers.items()), response.read())
        except urllib.error.HTTPError as exc:
            raw = exc.read()
            raise problem_error(exc.code, raw, _lower(dict(exc.headers.items()))) from None
        except (urllib.error.URLError, http.client.HTTPException, OSError) as exc:
            raise TransportError(f"{method} {url}: {exc}") from exc

    def open_stream(self, path: str, query: dict[str, Any],
                    headers: dict[str, str], timeout: float) -> Stream:
        """An open streaming answer (the SSE feed). http.client rather than urllib, so
        that `Stream.close()` can shut the socket from another thread."""
        parts = urllib.parse.urlsplit(self.url(path, query))
        cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        conn = cls(parts.netloc, timeout=timeout)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        try:
            conn.request("GET", target, headers=self.headers(headers))
            sock = conn.sock  # getresponse() drops it when the answer ends with the connection
            response = conn.getresponse()
        except (http.client.HTTPException, OSError) as exc:
            conn.close()
            raise TransportError(f"GET {path}: {exc}") from exc
        if response.status >= 400:
            raw = response.read()
            conn.close()
            raise problem_error(response.status, raw, _lower(dict(response.getheaders())))
        return Stream(conn, sock, response)


class Stream:
    """A streaming answer; `readline` blocks, `close` may be called from any thread."""

    def __init__(self, conn: http.client.HTTPConnection, sock: socket.socket | None,
                 response: http.client.HTTPResponse) -> None:
        self._conn = conn
        self._sock = sock
        self.response = response

    def readline(self) -> bytes:
        return self.response.readline()

    def close(self) -> None:
        if self._sock is not None:
            with contextlib.suppress(OSError):  # already closed
                self._sock.shutdown(socket.SHUT_RDWR)  # unblocks a reader in another thread
        self._conn.close()


def _answer(status: int, headers: dict[str, str], raw: bytes) -> Answer:
    lowered = _lower(headers)
    kind = lowered.get("content-type", "")
    # JSON and problem+json are parsed; JSON Lines (an export, x-ndjson) stay bytes.
    is_json = "json" in kind and "ndjson" not in kind
    return Answer(status, lowered, json.loads(raw) if raw and is_json else raw or None)


def _lower(headers: dict[str, str]) -> dict[str, str]:
    return {k.lower(): v for k, v in headers.items()}


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        if value.tzinfo is None:
            raise ValueError("times must be timezone-aware (RFC 3339 needs an offset)")
        return value.isoformat()
    return str(value)
