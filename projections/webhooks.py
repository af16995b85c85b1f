"""Webhook delivery: a consumer of the global order, never on the write path.

Two halves in one runner process:
- The enqueuer follows the global order like a read model (projections/runner.py:
  batch and tracking record in one transaction, tracking by compare-and-set) and
  writes one pending delivery per (webhook, wanted event). A webhook seen for the
  first time is backfilled from its campaign's stream, so an event that committed
  while the registration was being written is not lost.
- The sender posts each webhook's oldest pending delivery (one in flight per
  webhook, so a receiver gets its events in order), signed with HMAC-SHA256 over
  the body, and retries failures with exponential backoff and jitter until
  LEDGER_WEBHOOK_MAX_ATTEMPTS, logging every attempt.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import http.client
import logging
import random
import socket
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import msgspec

from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.signing import HeadSigner
from ledger.adapters.store import webhooks as hooks
from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import GlobalCursor, GlobalPage
from ledger.service.audit.receipts import tree_head
from ledger.service.config import Config
from ledger.service.health import STAMP_FORMAT, utc_now
from ledger.service.webhook_targets import connect
from ledger.service.wire import event_json
from projections.base import Projection
from projections.runner import ProjectionRunner

log = logging.getLogger(__name__)
NAME = "webhooks"
USER_AGENT = "campaign-ledger-webhooks/1"
# Attempts under way at once in one runner, each bounded by LEDGER_WEBHOOK_TIMEOUT_SECONDS.
SENDERS = 16
_encoder = msgspec.json.Encoder()


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def later(seconds: float) -> str:
    return (datetime.now(UTC) + timedelta(seconds=seconds)).strftime(STAMP_FORMAT)


class _Tracking(Projection):
    """Only the tracking row: the deliveries table is created with the store."""

    name = NAME
    tables = ()
    handles = frozenset()

    def ddl(self, kind: str) -> list[str]:
        return []

    def apply(self, *args: Any) -> None:  # pragma: no cover - the enqueuer overrides _apply
        raise NotImplementedError


class Enqueuer(ProjectionRunner):
    def __init__(self, store: EventStore, batch_size: int = 2000) -> None:
        super().__init__(store, _Tracking(), batch_size)

    def follow(self, stop: threading.Event, poll_seconds: float = 0.5) -> None:
        """Like a read model's runner, but a store error pauses it instead of ending it."""
        while not stop.is_set():
            try:
                super().follow(stop, poll_seconds)
            except Exception:
                log.warning("webhook enqueuer failed; retrying", exc_info=True)
                stop.wait(poll_seconds)

    def _needs_write(self, page: GlobalPage) -> bool:
        return True  # which events a webhook wants is in its rows, not in `handles`

    def _apply(self, start: GlobalCursor, page: GlobalPage) -> None:
        now = utc_now()
        by_campaign: dict[str, list[hooks.Webhook]] = {}
        for hook in hooks.webhooks(self.store):
            by_campaign.setdefault(hook.campaign_id, []).append(hook)
        with self.store.transaction(write=True) as c:
            for hook in (h for group in by_campaign.values() for h in group):
                if hook.activated_at is None:
                    for record in self.store.read(hook.campaign_id, after=hook.after_position):
                        if hook.wants(record.type, record.position):
                            hooks.enqueue(c, self.store, hook, record.position, record.type, now)
                    hooks.activate(c, self.store, hook, now)
            for record in page.records:
                for hook in by_campaign.get(record.campaign_id, ()):
                    if hook.wants(record.type, record.position):
                        hooks.enqueue(c, self.store, hook, record.position, record.type, now)
            self._advance(c, start, page.end)


class Sender:
    def __init__(self, store: EventStore, box: SecretBox, config: Config) -> None:
        self.store = store
        self.box = box
        self.config = config
        self.signer = HeadSigner(box)
        self.pool = ThreadPoolExecutor(max_workers=SENDERS, thread_name_prefix="webhook-send")
        # Webhook id -> its attempt under way: one at a time per webhook keeps a receiver's
        # events in order, and no webhook waits for another's (a slow receiver held every
        # campaign's deliveries while a round waited for all of its attempts).
        self.in_flight: dict[str, Future[bool]] = {}

    def run_once(self) -> int:
        """Send every webhook's due delivery and wait for them; answers how many were
        attempted (`deliver-webhooks --once`)."""
        return sum(1 for job in self.start_due() if job.result())

    def start_due(self) -> list[Future[bool]]:
        """Start an attempt for each due delivery whose webhook has none under way."""
        self.in_flight = {k: job for k, job in self.in_flight.items() if not job.done()}
        due = [d for d in hooks.next_due(self.store, utc_now())
               if d.webhook_id not in self.in_flight]
        if not due:
            return []
        live = {h.id: h for h in hooks.webhooks(self.store)}
        started = []
        for delivery in (d for d in due if d.webhook_id in live):
            job = self.pool.submit(self.send, delivery, live[delivery.webhook_id])
            job.add_done_callback(_log_failure)
            self.in_flight[delivery.webhook_id] = job
            started.append(job)
        return started

    def send(self, delivery: hooks.Delivery, hook: hooks.Webhook) -> bool:
        lease = self.config.webhook_timeout_seconds * 2 + 5
        if not hooks.claim(self.store, delivery, utc_now(), later(lease)):
            return False  # another runner has it
        found = self.store.read(hook.campaign_id, after=delivery.position - 1,
                                upto=delivery.position)
        payload = {"webhook_id": hook.id, "delivery_id": delivery.id,
                   "campaign_id": hook.campaign_id, "attempt": delivery.attempts + 1,
                   "event": event_json(found[0])}
        if hook.tree_heads:  # the signed tree head at the event: a third party keeps them
            payload["tree_head"] = tree_head(self.store, self.signer, hook.campaign_id,
                                             delivery.position)
        body = _encoder.encode(payload)
        secret = self.box.open(hook.sealed_secret, hook.seal_context(hook.id)).decode()
        started = time.perf_counter()
        status, error = post(hook.url, body, {
            "Content-Type": "application/json", "User-Agent": USER_AGENT,
            "X-Ledger-Signature": signature(secret, body), "X-Ledger-Delivery": delivery.id,
            "X-Ledger-Event-Position": str(delivery.position),
            "X-Ledger-Event-Type": delivery.event_type,
            "X-Ledger-Attempt": str(delivery.attempts + 1),
        }, self.config.webhook_timeout_seconds, self.config.webhook_allow_private)
        outcome = self._outcome(delivery, status, error, started)
        hooks.record_attempt(self.store, delivery, outcome)
        log.info("webhook attempt", extra={
            "webhook_id": hook.id, "delivery_id": delivery.id, "campaign_id": hook.campaign_id,
            "position": delivery.position, "http_status": status, "error": error,
            "attempt": delivery.attempts + 1, "outcome": outcome["status"]})
        return True

    def _outcome(self, delivery: hooks.Delivery, status: int | None, error: str | None,
                 started: float) -> dict[str, Any]:
        now = utc_now()
        ok = status is not None and 200 <= status < 300
        attempts = delivery.attempts + 1
        gave_up = not ok and attempts >= self.config.webhook_max_attempts
        return {"at": now, "http_status": status, "error": error,
                "duration_ms": int((time.perf_counter() - started) * 1000),
                "status": "delivered" if ok else "failed" if gave_up else "pending",
                "next_attempt_at": now if ok or gave_up else later(self.backoff(attempts)),
                "delivered_at": now if ok else None}

    def backoff(self, attempts: int) -> float:
        """Exponential, capped, with jitter so that retries of many hooks spread out."""
        ceiling = min(self.config.webhook_backoff_max_seconds,
                      self.config.webhook_backoff_seconds * 2 ** (attempts - 1))
        return float(ceiling * random.uniform(0.5, 1.0))

    def follow(self, stop: threading.Event) -> None:
        while not stop.is_set():
            try:
                if not self.start_due():
                    stop.wait(self.config.webhook_poll_seconds)
            except Exception:  # the store may be briefly away: try again shortly
                log.warning("webhook sender failed; retrying", exc_info=True)
                stop.wait(self.config.webhook_poll_seconds)


class _Guarded(http.client.HTTPConnection):
    """Connects only where ledger/service/webhook_targets.py allows."""

    allow_private = False
    # Set when the attempt's deadline passes (post); a connection made after it is dropped.
    cut: threading.Event | None = None

    def connect(self) -> None:
        self.sock = connect(self.host, self.port, self.timeout, self.allow_private)
        if self.cut is not None and self.cut.is_set():
            self.sock.close()
            raise TimeoutError("the attempt's deadline passed while connecting")


class _GuardedTLS(http.client.HTTPSConnection, _Guarded):
    """TLS over `_Guarded`'s connection (HTTPSConnection.connect wraps what it opens)."""


def post(url: str, body: bytes, headers: dict[str, str], timeout: float,
         allow_private: bool = False) -> tuple[int | None, str | None]:
    """POST without following redirects, to a public address unless `allow_private`;
    answers (status, error). `timeout` bounds the whole attempt, not each read: a
    receiver that sent a byte every few seconds held its attempt open for ever."""
    parts = urlsplit(url)
    kind = _GuardedTLS if parts.scheme == "https" else _Guarded
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    # The port given, so that an IPv6 host is never split at its last colon.
    port = parts.port or (443 if parts.scheme == "https" else 80)
    conn = kind(parts.hostname or "", port, timeout=timeout)
    conn.allow_private = allow_private
    cut = conn.cut = threading.Event()
    deadline = threading.Timer(timeout, _cut, args=(conn, cut))
    deadline.start()
    try:
        conn.request("POST", path, body, headers)
        response = conn.getresponse()
        response.read(64 * 1024)
        status = response.status
    except (OSError, http.client.HTTPException) as exc:
        if cut.is_set():
            return None, f"TimeoutError: the attempt took longer than {timeout:g} s"
        return None, f"{type(exc).__name__}: {exc}"[:500]
    finally:
        deadline.cancel()
        conn.close()
    if cut.is_set():  # the shut socket read as the end of the answer: it never arrived whole
        return None, f"TimeoutError: the attempt took longer than {timeout:g} s"
    return status, None if 200 <= status < 300 else f"HTTP {status}"


def _log_failure(job: Future[bool]) -> None:
    """An attempt that failed on our side (the store briefly away): logged, and its
    delivery is due again once its lease ends."""
    failure = None if job.cancelled() else job.exception()
    if failure is not None:
        log.warning("webhook attempt failed; retrying", exc_info=failure)


def _cut(conn: http.client.HTTPConnection, cut: threading.Event) -> None:
    """The attempt's deadline: shut its socket, which ends a read in progress."""
    cut.set()
    sock = conn.sock
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
