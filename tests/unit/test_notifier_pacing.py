"""The PostgreSQL store's NOTIFY sender (ledger/adapters/store/pg_notifier.py): news after
a quiet spell goes out at once; under a steady stream of appends one NOTIFY carries the
newest head of every campaign written since the last one, at most one per window."""

from __future__ import annotations

import threading
import time
from typing import Any

from ledger.adapters.store import pg_notifier
from ledger.adapters.store.pg_notifier import Notifier, decode_payload
from tests.waiting import wait_until


class RecordingConnection:
    """Stands in for the autocommit connection: keeps each payload it is asked to send."""

    def __init__(self) -> None:
        self.sent: list[dict[str, int]] = []
        self.lock = threading.Lock()

    def execute(self, _sql: str, params: tuple[str, str]) -> Any:
        with self.lock:
            self.sent.append(decode_payload(params[1]))

    def close(self) -> None:
        pass


def newest(conn: RecordingConnection) -> dict[str, int]:
    with conn.lock:
        heads: dict[str, int] = {}
        for payload in conn.sent:
            for campaign, position in payload.items():
                heads[campaign] = max(position, heads.get(campaign, 0))
        return heads


def test_the_first_news_goes_out_and_a_burst_is_gathered_into_few_notifications() -> None:
    conn = RecordingConnection()
    notifier = Notifier("ledger:test", lambda: conn)
    try:
        notifier.push("c1", 1)
        wait_until(lambda: newest(conn) == {"c1": 1}, "the first NOTIFY")

        start = time.monotonic()
        for position in range(2, 402):
            notifier.push(f"c{position % 4}", position)
        elapsed = time.monotonic() - start
        wait_until(lambda: newest(conn) == {"c0": 400, "c1": 401, "c2": 398, "c3": 399},
                   "the burst's newest heads")
        gathered = len(conn.sent) - 1
        # One per window that the burst (and the send after it) spanned, not one per push.
        assert gathered <= elapsed / pg_notifier.WINDOW_SECONDS + 2
        assert gathered < 400
    finally:
        notifier.close()
