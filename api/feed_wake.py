"""How a process's feed hub learns that campaigns have new events.

PostgreSQL: one LISTEN connection per process (appends NOTIFY after commit, see
ledger/adapters/store/pg_notifier.py), plus a sweep on a timer in case a notification was
lost. SQLite: one poller per process over the rowid order (writers are serialized,
so rowids commit in order and `gid > mark` never skips a commit): one indexed
query per poll, whatever the number of subscribers.

`wait(timeout)` answers the campaigns that changed, or None for "look at all".
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, Protocol

from ledger.adapters.store.base import EventStore
from ledger.adapters.store.pg_notifier import decode_payload

log = logging.getLogger(__name__)


class ChangeSource(Protocol):
    def wait(self, timeout: float) -> set[str] | None: ...
    def close(self) -> None: ...


class SQLitePoller:
    def __init__(self, store: EventStore, poll_seconds: float) -> None:
        self.store = store
        self.poll_seconds = poll_seconds
        self._wake = threading.Event()  # set only to end a wait early when closing
        self._mark = self._max_gid()

    def _max_gid(self) -> int:
        with self.store.transaction(write=False) as c:
            c.execute("SELECT COALESCE(MAX(gid), 0) FROM ledger_events")
            return int(c.fetchone()[0])

    def wait(self, timeout: float) -> set[str] | None:
        self._wake.wait(min(timeout, self.poll_seconds))
        with self.store.transaction(write=False) as c:
            c.execute("SELECT campaign_id, MAX(gid) FROM ledger_events WHERE gid>?"
                      " GROUP BY campaign_id", (self._mark,))
            rows = c.fetchall()
        if rows:
            self._mark = max(int(row[1]) for row in rows)
        return {row[0] for row in rows}

    def close(self) -> None:
        self._wake.set()


class PostgresListener:
    def __init__(self, store: Any, sweep_seconds: float) -> None:
        self.store = store
        self.sweep_seconds = sweep_seconds
        self._conn: Any = None
        self._next_sweep = time.monotonic() + sweep_seconds
        self._closed = False

    def _connection(self) -> Any:
        if self._conn is None or self._conn.closed:
            self._conn = self.store.listen()
            self._next_sweep = 0.0  # we may have missed notifications while disconnected
        return self._conn

    def wait(self, timeout: float) -> set[str] | None:
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + self.sweep_seconds
            return None
        timeout = min(timeout, self._next_sweep - now)
        try:
            conn = self._connection()
            changed: set[str] = set()
            for note in conn.notifies(timeout=timeout, stop_after=1):
                changed.update(decode_payload(note.payload))
            for note in conn.notifies(timeout=0.001):  # drain what queued meanwhile
                changed.update(decode_payload(note.payload))
            return changed
        except Exception:
            if self._closed:
                return set()
            log.warning("feed LISTEN connection failed; reconnecting", exc_info=True)
            self._drop()
            time.sleep(min(timeout, 1.0))
            return None

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:
                log.debug("closing the LISTEN connection failed", exc_info=True)

    def close(self) -> None:
        self._closed = True
        self._drop()


def change_source(store: EventStore, poll_seconds: float, sweep_seconds: float) -> ChangeSource:
    if store.kind == "postgres":
        return PostgresListener(store, sweep_seconds)
    return SQLitePoller(store, poll_seconds)
