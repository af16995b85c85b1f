"""NOTIFY after commit, coalesced, off the write path.

A NOTIFY inside the appending statement serializes every notifying commit on
PostgreSQL's notification queue lock, held through the WAL flush: measured at
16 writers, appends fell from about 3,600 to 1,300 events/s (see
docs/feed-and-webhooks.md). So the writer only records "campaign reached
position" in memory, and one thread per process sends the news in batches in its
own short transaction, on a connection of its own: borrowed from the store's pool, it
kept one more pooled connection open in every process, over which the pool spread the
writer's statements too (docs/performance.md, "Changes this round").
A crash can lose a notification, never an event: listeners also sweep on a timer.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

PAYLOAD_LIMIT = 7000  # PostgreSQL refuses payloads of 8000 bytes or more
# Each NOTIFY is a commit with its own WAL flush: at most one per process per window,
# whatever the write rate, and the first news after a quiet window goes at once. The
# hubs fan out at most every 0.25 s anyway (docs/feed-and-webhooks.md).
WINDOW_SECONDS = 0.1

log = logging.getLogger(__name__)


def encode_payloads(heads: dict[str, int]) -> list[str]:
    """`campaign:position` pairs joined by commas, split to fit NOTIFY's payload limit."""
    payloads: list[str] = []
    current = ""
    for campaign_id, position in heads.items():
        item = f"{campaign_id}:{position}"
        if current and len(current) + len(item) + 1 > PAYLOAD_LIMIT:
            payloads.append(current)
            current = ""
        current = f"{current},{item}" if current else item
    return [*payloads, current] if current else payloads


def decode_payload(payload: str) -> dict[str, int]:
    heads: dict[str, int] = {}
    for item in payload.split(","):
        campaign_id, _, position = item.rpartition(":")
        if campaign_id and position.isdigit():
            heads[campaign_id] = max(int(position), heads.get(campaign_id, 0))
    return heads


class Notifier:
    """Collects campaign heads and NOTIFYs them from a background thread."""

    def __init__(self, channel: str, connect: Callable[[], Any]) -> None:
        """`connect()` opens an autocommit connection; it is kept until it fails."""
        self.channel = channel
        self.connect = connect
        self._conn: Any = None
        self._pending: dict[str, int] = {}
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False

    def push(self, campaign_id: str, position: int) -> None:
        with self._wake:
            self._pending[campaign_id] = max(position, self._pending.get(campaign_id, 0))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="ledger-notify",
                                                daemon=True)
                self._thread.start()
            self._wake.notify()

    def _run(self) -> None:
        sent = -WINDOW_SECONDS
        while True:
            with self._wake:
                while not self._pending:
                    self._wake.wait()
            time.sleep(max(0.0, sent + WINDOW_SECONDS - time.monotonic()))
            with self._wake:
                heads, self._pending = self._pending, {}
            if self._closed:
                self._drop()
                return
            sent = time.monotonic()
            try:
                self._send(heads)
            except Exception:  # a lost wake-up is repaired by the listeners' sweep
                self._drop()
                if not self._closed:
                    log.warning("could not NOTIFY %d campaign(s)", len(heads), exc_info=True)

    def close(self) -> None:
        """The store is closing: what is still pending is dropped."""
        with self._wake:
            self._closed = True
            self._pending = {"": 0}  # wake the thread so that it ends
            self._wake.notify()

    def _send(self, heads: dict[str, int]) -> None:
        if self._conn is None:
            self._conn = self.connect()
        for payload in encode_payloads(heads):
            self._conn.execute("SELECT pg_notify(%s, %s)", (self.channel, payload))

    def _drop(self) -> None:
        """Close the connection (after a failure, the next batch opens a new one)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # already broken: nothing more to release
                log.debug("closing the NOTIFY connection failed", exc_info=True)
