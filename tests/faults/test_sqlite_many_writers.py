"""SQLite with several gunicorn workers writing at once: SQLite's lock never leaks out.

Every process writes to the one file; SQLite lets one writer in at a time and the others
wait in its busy handler (15 s). No answer, whatever its status, may mention "database is
locked", and contention alone (no fault) must not turn into 5xx answers.
"""

from __future__ import annotations

import pytest

from scripts.load import prepare, run_load
from tests.faults.checks import check_log, record
from tests.faults.conftest import FaultStore

WORKERS, CLIENTS, CAMPAIGNS, SECONDS = 4, 48, 12, 20


@pytest.mark.slow
def test_many_sqlite_writers_never_surface_database_is_locked(sqlite_store: FaultStore) -> None:
    with sqlite_store.server("sqlite-many-writers", workers=WORKERS) as server:
        targets = prepare(server.base, CAMPAIGNS)
        result = run_load(server.base, targets, clients=CLIENTS, seconds=SECONDS)
    check = check_log(sqlite_store.config, result)
    record("sqlite-many-writers", "sqlite", result, check, workers=WORKERS, campaigns=CAMPAIGNS,
           slowest_request_ms=round(max(a.ms for a in result.attempts), 1))
    assert result.locked == 0, "a client saw 'database is locked'"
    assert result.server_errors == 0, result.errors
    assert not result.errors, result.errors
    assert check.holds(), (check, sqlite_store.server_log())
