"""SQLite with several gunicorn workers writing at once: SQLite's lock never leaks out.

Every process writes to the one file; SQLite lets one writer in at a time and the others
wait in its busy handler (15 s). No answer, whatever its status, may mention "database is
locked", and contention alone (no fault) must not turn into 5xx answers.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from ledger.adapters.store.sqlite import LOCK_TIMEOUT_SECONDS
from scripts.load import Load, Target, prepare, run_load
from tests.faults.checks import check_log, record
from tests.faults.conftest import PATIENCE_SECONDS, FaultStore, answered, at_second
from tests.live_server import http
from tests.waiting import DEADLINE_SECONDS

WORKERS, CLIENTS, CAMPAIGNS, SECONDS = 4, 48, 12, 20
HOLD_SECONDS = LOCK_TIMEOUT_SECONDS + 2.0


@pytest.mark.slow
def test_many_sqlite_writers_never_surface_database_is_locked(sqlite_store: FaultStore) -> None:
    with sqlite_store.server("sqlite-many-writers", workers=WORKERS) as server:
        targets = prepare(server.base, CAMPAIGNS)
        result = run_load(server.base, targets, clients=CLIENTS, seconds=SECONDS)
    check = check_log(sqlite_store.config, result)
    record("sqlite-many-writers", "sqlite", result, check, workers=WORKERS, campaigns=CAMPAIGNS,
           slowest_request_ms=round(max(a.ms for a in result.attempts), 1))
    assert result.locked == 0, "a client saw 'database is locked'"
    # A worker's threads queue for its one write connection; on an overloaded machine a
    # wait can pass the pool's 5 s and answer a retryable 503 (seen once in 10,968
    # requests). That is allowed only as a proper 503, and no count is asserted: how many
    # depends on the machine's speed. The client retries with its key, and the log check
    # below proves every command was recorded exactly once.
    assert set(result.errors) <= {"503"}, result.errors
    assert not result.bad_5xx, result.bad_5xx[:3]
    assert check.holds(), (check, sqlite_store.server_log())


@pytest.mark.slow
def test_a_lock_held_past_the_busy_timeout_answers_503_never_database_is_locked(
    sqlite_store: FaultStore,
) -> None:
    """Another program (a backup, an sqlite3 shell) holds the write lock for 2 s past the
    busy timeout (15 s): SQLite then says "database is locked" to the waiting writer, and
    the client must get a 503 problem+json instead; reads go on meanwhile; writes resume
    once it lets go."""
    database = Path(sqlite_store.config.data_dir) / "ledger.sqlite3"
    held: list[float] = []
    reads: list[tuple[int, float]] = []  # (status, ms) of a read meanwhile

    def hold_lock(load: Load) -> None:
        at_second(load, 3.0)
        holder = sqlite3.connect(database, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        held.append(load.elapsed())
        at_second(load, 3.0 + HOLD_SECONDS / 2)
        reads.append(_timed_read(server.base, targets[0]))
        at_second(load, 3.0 + HOLD_SECONDS)
        # Held until a waiting writer has given up on it, however slow the machine.
        answered(load, "503", held[0], "a writer refused while the lock is held")
        holder.execute("ROLLBACK")
        holder.close()
        held.append(load.elapsed())
        answered(load, "2", held[1], "an acknowledged write after the lock is released")

    with sqlite_store.server("sqlite-lock-held", workers=2) as server:
        targets = prepare(server.base, 4)
        # The clients wait far longer than the busy timeout, to see what the server answers:
        # writers of one campaign in one worker queue on its lock, so the last of them may
        # wait out the busy timeout once per writer ahead of it.
        result = run_load(server.base, targets, clients=16, seconds=26, during=hold_lock,
                          timeout=PATIENCE_SECONDS)
    check = check_log(sqlite_store.config, result)
    during = [a.status for a in result.attempts
              if held[0] <= a.at and a.at + a.ms / 1000 < held[1]]
    after = [a for a in result.attempts if a.at > held[1] and a.status.startswith("2")]
    record("sqlite-lock-held", "sqlite", result, check, lock_held_s=held, read_while_held=reads,
           answers_while_held={s: during.count(s) for s in sorted(set(during))},
           slowest_request_ms=round(max(a.ms for a in result.attempts), 1))
    assert result.locked == 0, "a client saw 'database is locked'"
    assert during, "no request was answered while the lock was held"
    assert set(during) == {"503"}, {s: during.count(s) for s in set(during)}
    assert "store-unavailable" in result.samples["503"]
    assert not result.bad_5xx, result.bad_5xx[:3]
    assert set(result.errors) == {"503"}, result.errors
    assert after, "writes did not resume once the lock was released"
    # WAL lets reads go on while a writer waits: they must not queue behind it. The read
    # is made while the lock is held and the lock is let go only after it answers, so a
    # read that needed the lock could not answer 200 from the database; the one write a
    # read may attempt (a checkpoint repair) would wait out the busy timeout, and says so
    # in the log. No wall-clock bound: the machine's speed decides nothing here.
    assert [status for status, _ in reads] == [200], reads
    log = sqlite_store.log.read_text(errors="replace") if sqlite_store.log else ""
    assert "checkpoint not rewritten" not in log, sqlite_store.server_log()
    assert check.holds(), (check, sqlite_store.server_log())


def _timed_read(base: str, target: Target) -> tuple[int, float]:
    start = time.monotonic()
    url = f"{base}/v1/campaigns/{target.campaign_id}/state"
    status = http("GET", url, token=target.token, timeout=DEADLINE_SECONDS)[0]
    return status, round((time.monotonic() - start) * 1000, 1)
