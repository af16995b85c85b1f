"""A store that refuses writes (read-only, privilege revoked) or whose disk is full.

What is simulated, exactly (docs/reliability.md):
- PostgreSQL read-only: `ALTER DATABASE ledger SET default_transaction_read_only = on`,
  then the app's sessions are terminated so its pool reconnects into read-only sessions.
- PostgreSQL revoked privilege: the app connects as a non-superuser owner and INSERT on
  every table is revoked from it (checked on every statement, no reconnect needed).
- PostgreSQL disk full: the database lives in a tablespace on a 64 MB tmpfs, and a filler
  file takes every free byte; relation extension then fails with ENOSPC (53100).
- SQLite read-only: `chattr +i` on the database file, then gunicorn reloads its workers
  (SIGHUP) so their new connections open it; SQLite falls back to read-only.
- SQLite disk full: the database file, its -wal and -shm are on a 64 MB tmpfs, and a filler
  file takes every free byte.
Each fault lasts a few seconds under load and is then undone. Meanwhile every answer
must be a 503 problem+json with Retry-After (never a 500, never "database is locked"),
and afterwards the log must hold every acknowledged command once, with its answer, and
nothing half-written; writes resume without restarting the service.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import msgspec
import pytest

from scripts.load import Load, LoadResult, Target, prepare, run_load
from tests.faults.checks import check_log, record
from tests.faults.conftest import PATIENCE_SECONDS, FaultStore, answered, at_second
from tests.faults.filesystem import fill, immutable, small_tmpfs
from tests.faults.server import Server
from tests.live_server import http
from tests.waiting import wait_until

Step = tuple[float, Callable[[], object]]


def _steps(steps: Sequence[Step], windows: list[tuple[int, int]], read: Callable[[], int],
           done: list[float], reads: list[int]) -> Callable[[Load], None]:
    """Each step at its time (when it began and when it was done go in `done`). After a
    fault step, wait until a request sent a second after it was in place has been refused
    (a 503), then read (the read's status goes in `reads`); after an undo step, wait until
    a write sent a second after it is acknowledged. The load goes on until then, so a
    slow machine stretches the schedule instead of missing what it must see."""
    faults, undos = {start for start, _ in windows}, {end for _, end in windows}

    def inject(load: Load) -> None:
        for i, (at, action) in enumerate(steps):
            at_second(load, at)
            done.append(round(load.elapsed(), 2))
            action()
            done.append(round(load.elapsed(), 2))
            if i in faults:
                answered(load, "503", done[-1] + 1.0, f"a 503 after step {i}")
                reads.append(read())
            if i in undos:
                answered(load, "2", done[-1] + 1.0, f"an acknowledged write after step {i}")

    return inject


def _answers(result: LoadResult, start: float, end: float) -> list[str]:
    return [a.status for a in result.attempts
            if start <= a.at and a.at + a.ms / 1000 < end and a.status.isdigit()]


def _exercise(store: FaultStore, test: str, server: Server, steps: Sequence[Step],
              windows: list[tuple[int, int]], seconds: float, allowed: set[str]) -> None:
    """Run the load through the steps. Answers inside each (fault step, undo step) window,
    from a second after the fault is in place until the undo begins, must be 503s (or
    in `allowed`), and some must be 503s; then check the log."""
    targets = prepare(server.base, 4)
    times: list[float] = []
    reads: list[int] = []
    inject = _steps(steps, windows, lambda: _read(server, targets[0]), times, reads)
    result = run_load(server.base, targets, clients=16, seconds=seconds, during=inject,
                      timeout=PATIENCE_SECONDS)
    during = [_answers(result, times[2 * s + 1] + 1.0, times[2 * e]) for s, e in windows]
    after = [a for a in result.attempts if a.at > times[-1] + 1 and a.status.startswith("2")]
    check = check_log(store.config, result)
    record(test, store.kind, result, check, steps_at_s=times, reads_during_fault=reads,
           answers_during_fault=[{s: w.count(s) for s in sorted(set(w))} for w in during])
    for window in during:
        assert "503" in window, "no request was refused during the fault"
        assert set(window) <= {"503", *allowed}, {s: window.count(s) for s in set(window)}
    assert "store-unavailable" in result.samples.get("503", ""), result.samples
    assert not result.bad_5xx, result.bad_5xx[:3]
    assert set(result.errors) <= {"503"}, result.errors
    assert result.locked == 0
    assert after, "writes did not resume once the fault was undone"
    assert check.holds(), (check, store.server_log())


def _read(server: Server, target: Target) -> int:
    """A read of the head state: reads need no write, so they may still answer 200."""
    url = f"{server.base}/v1/campaigns/{target.campaign_id}/state"
    try:
        return http("GET", url, token=target.token, timeout=PATIENCE_SECONDS)[0]
    except OSError:
        return -1  # no answer at all


@pytest.mark.slow
def test_postgres_read_only_or_revoked_insert_answers_503_and_half_writes_nothing(
    pg_store: FaultStore,
) -> None:
    cluster = pg_store.cluster
    assert cluster is not None
    cluster.sql("CREATE ROLE ledger_app LOGIN")
    cluster.sql("ALTER DATABASE ledger OWNER TO ledger_app")
    pg_store.config = msgspec.structs.replace(pg_store.config, pg_user="ledger_app")

    def read_only(setting: str) -> Callable[[], object]:
        # New sessions take the database's default: end the app's pooled ones, and wait
        # until they are gone (pg_terminate_backend only signals), so the fault is in place
        # when the step is done rather than some time after.
        def change() -> None:
            cluster.sql(f"ALTER DATABASE ledger {setting}")
            ((since,),) = cluster.sql("SELECT now()")
            cluster.sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE usename = 'ledger_app'")
            wait_until(lambda: not cluster.sql(
                "SELECT 1 FROM pg_stat_activity WHERE usename = 'ledger_app' "
                f"AND backend_start < '{since}'::timestamptz"), "the app's old sessions to end")
        return change

    def insert(verb: str) -> Callable[[], object]:
        return lambda: cluster.sql(f"{verb} INSERT ON ALL TABLES IN SCHEMA public "
                                   f"{'TO' if verb == 'GRANT' else 'FROM'} ledger_app", "ledger")

    steps = [(3.0, read_only("SET default_transaction_read_only = on")),
             (8.0, read_only("RESET default_transaction_read_only")),
             (11.0, insert("REVOKE")), (16.0, insert("GRANT"))]
    with pg_store.server("store-readonly", workers=2) as server:
        _exercise(pg_store, "store-readonly", server, steps, [(0, 1), (2, 3)], seconds=20,
                  allowed=set())


@pytest.mark.slow
def test_postgres_disk_full_answers_503_then_recovers(pg_store: FaultStore) -> None:
    cluster = pg_store.cluster
    assert cluster is not None
    with small_tmpfs(cluster.owned_dir("small"), 64, owner=cluster.user) as small:
        cluster.sql(f"CREATE TABLESPACE small LOCATION '{small}'")
        cluster.sql("ALTER DATABASE ledger SET TABLESPACE small")
        filler = small / "filler"
        steps: list[Step] = [(3.0, lambda: fill(small, 0)), (9.0, filler.unlink)]
        with pg_store.server("disk-full", workers=2) as server:
            # Writes that fit in pages PostgreSQL already has may still succeed.
            _exercise(pg_store, "disk-full", server, steps, [(0, 1)], seconds=14,
                      allowed={"200"})
        cluster.stop("immediate")  # before the tmpfs under its tablespace goes


@pytest.mark.slow
def test_sqlite_read_only_file_answers_503_and_half_writes_nothing(
    sqlite_store: FaultStore,
) -> None:
    database = Path(sqlite_store.config.data_dir) / "ledger.sqlite3"
    assert sqlite_store.config.sqlite_path is None
    with sqlite_store.server("store-readonly", workers=2) as server, _frozen(database) as freeze:
        steps: list[Step] = [(3.0, lambda: freeze(True, server)),
                             (8.0, lambda: freeze(False, server))]
        _exercise(sqlite_store, "store-readonly", server, steps, [(0, 1)], seconds=13,
                  allowed=set())


@contextmanager
def _frozen(database: Path) -> Iterator[Callable[[bool, Server], None]]:
    """freeze(True) makes the file immutable; workers reload to reopen it either way."""
    stack: list[object] = []

    def freeze(on: bool, server: Server) -> None:
        if on:
            holder = immutable(database)
            holder.__enter__()
            stack.append(holder)
        else:
            stack.pop().__exit__(None, None, None)  # type: ignore[attr-defined]
        server.reload_workers()

    try:
        yield freeze
    finally:
        while stack:
            stack.pop().__exit__(None, None, None)  # type: ignore[attr-defined]


@pytest.mark.slow
def test_sqlite_disk_full_answers_503_then_recovers(sqlite_store: FaultStore) -> None:
    with small_tmpfs(sqlite_store.tmp / "small", 64) as small:
        # The whole data directory on the small file system: metric files live elsewhere,
        # so a full disk gives 503s, never a worker killed by SIGBUS.
        sqlite_store.config = msgspec.structs.replace(
            sqlite_store.config, data_dir=str(small), sqlite_path=None)
        filler = small / "filler"
        steps: list[Step] = [(3.0, lambda: fill(small, 0)), (9.0, filler.unlink)]
        with sqlite_store.server("disk-full", workers=2) as server:
            # Commits that fit in the write-ahead log's existing frames may still succeed.
            _exercise(sqlite_store, "disk-full", server, steps, [(0, 1)], seconds=14,
                      allowed={"200"})
