"""Runner health, read from the database so every process sees the same answer.

Each background runner (read models, webhook delivery) beats a row in
`ledger_runner_heartbeats` every few seconds; each consumer of the global order
keeps its cursor in `ledger_projection_tracking`. From these, `report` answers
which runners are alive and how far each consumer is behind the head of the
global order, in events and in seconds. Used by `campaign-ledger health`, the
`/healthz/runners` endpoint and the metrics.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from datetime import UTC, datetime
from typing import Any

import msgspec

from ledger.adapters.store.across import across
from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import GlobalCursor

log = logging.getLogger(__name__)


# The stores' time stamps: RFC 3339, UTC, fixed width, so they sort as text.
STAMP_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def utc_now() -> str:
    return datetime.now(UTC).strftime(STAMP_FORMAT)


def age_seconds(stamp: str | None, now: datetime | None = None) -> float:
    if not stamp:
        return 0.0
    then = datetime.strptime(stamp, STAMP_FORMAT).replace(tzinfo=UTC)
    return max(0.0, ((now or datetime.now(UTC)) - then).total_seconds())


class RunnerBeat(msgspec.Struct):
    name: str
    pid: int
    host: str
    started_at: str
    beat_at: str
    age_seconds: float
    healthy: bool


class ConsumerLag(msgspec.Struct):
    name: str
    cursor: str
    lag_events: int
    lag_seconds: float


class Report(msgspec.Struct):
    healthy: bool
    runners: list[RunnerBeat]
    consumers: list[ConsumerLag]


def beat(store: EventStore, name: str, started_at: str) -> None:
    with store.transaction(write=True) as c:
        c.execute(store.q(
            "INSERT INTO ledger_runner_heartbeats (name, pid, host, started_at, beat_at)"
            " VALUES (?,?,?,?,?) ON CONFLICT (name) DO UPDATE SET pid=excluded.pid,"
            " host=excluded.host, started_at=excluded.started_at, beat_at=excluded.beat_at"),
            (name, os.getpid(), socket.gethostname(), started_at, utc_now()))


def keep_beating(store: EventStore, name: str, every: float, stop: threading.Event) -> None:
    """Beat now and then every `every` seconds in a daemon thread until `stop` is set."""
    started_at = utc_now()
    beat(store, name, started_at)

    def run() -> None:
        while not stop.wait(every):
            try:
                beat(store, name, started_at)
            except Exception:  # a missed beat shows as age; the next one may work
                log.warning("heartbeat of %s failed", name, exc_info=True)

    threading.Thread(target=run, name=f"heartbeat-{name}", daemon=True).start()


def runners(store: EventStore, stale_after: float) -> list[RunnerBeat]:
    with store.transaction(write=False) as c:
        c.execute("SELECT name, pid, host, started_at, beat_at FROM ledger_runner_heartbeats"
                  " ORDER BY name")
        rows = c.fetchall()
    out = []
    for name, pid, host, started_at, beat_at in rows:
        age = age_seconds(beat_at)
        out.append(RunnerBeat(name, int(pid), host, started_at, beat_at, round(age, 3),
                              age <= stale_after))
    return out


def consumers(store: EventStore) -> list[ConsumerLag]:
    with store.transaction(write=False) as c:
        c.execute("SELECT name, tx, seq FROM ledger_projection_tracking ORDER BY name")
        rows = c.fetchall()
    out = []
    for name, tx, seq in rows:
        cursor = GlobalCursor(int(tx), int(seq))
        behind, oldest = store.global_lag(cursor)
        out.append(ConsumerLag(name, cursor.encode(), behind, round(age_seconds(oldest), 3)))
    return out


def report(store: EventStore, stale_after: float, require: tuple[str, ...] = ()) -> Report:
    beats = runners(store, stale_after)
    alive = {b.name for b in beats if b.healthy}
    healthy = all(b.healthy for b in beats) and all(name in alive for name in require)
    return Report(healthy, beats, consumers(store))


def webhook_counts(store: EventStore) -> dict[str, Any]:
    """Failed delivery attempts, and deliveries by status (for the metrics)."""
    with store.transaction(write=False) as c:
        c.execute(across("operator-counts") + "SELECT COUNT(*) FROM ledger_webhook_attempts"
                  " WHERE http_status IS NULL OR http_status < 200 OR http_status >= 300")
        failures = int(c.fetchone()[0])
        c.execute(across("operator-counts") + "SELECT status, COUNT(*) FROM"
                  " ledger_webhook_deliveries GROUP BY status")
        by_status = {row[0]: int(row[1]) for row in c.fetchall()}
    return {"failed_attempts": failures, "deliveries": by_status}
