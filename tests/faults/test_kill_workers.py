"""kill -9 of gunicorn workers, and of the whole server then a restart, during the load."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from scripts.load import Load, prepare, run_load
from tests.faults.checks import check_log, record
from tests.faults.conftest import PATIENCE_SECONDS, FaultStore, answered, at_second
from tests.faults.server import Server

SECONDS = 26
# (seconds into the load, whole server?): a worker now and then, the whole server twice.
FAULTS = ((3, False), (6, False), (9, False), (12, True), (17, False), (20, True), (23, False))


def _faults(server: Server, done: list[str], restarts: list[float]) -> Callable[[Load], None]:
    def inject(load: Load) -> None:
        for at, whole in FAULTS:
            at_second(load, at)
            if whole:
                server.kill_all()
                answered(load, "connection", load.elapsed(), "a client to meet the closed port")
                server.start()
                restarts.append(load.elapsed())
                done.append(f"{at}s whole server killed, ready again at {restarts[-1]:.1f}s")
            else:
                done.append(f"{at}s worker {server.kill_worker()} killed")
        answered(load, "2", restarts[-1], "an acknowledged write after the last restart")

    return inject


@pytest.mark.slow
def test_kill_9_of_workers_and_of_the_whole_server_loses_and_doubles_nothing(
    fault_store: FaultStore,
) -> None:
    done: list[str] = []
    restarts: list[float] = []
    with fault_store.server("kill-workers", workers=3) as server:
        targets = prepare(server.base, 4)
        result = run_load(server.base, targets, clients=16, seconds=SECONDS,
                          during=_faults(server, done, restarts), timeout=PATIENCE_SECONDS)
    check = check_log(fault_store.config, result)
    late = sum(1 for a in result.attempts if a.at > restarts[-1] and a.status.startswith("2"))
    retried = sum(1 for c in result.acks() if c.attempts > 1)
    record("kill-workers", fault_store.kind, result, check, faults=done,
           acks_after_last_restart=late, acknowledged_after_a_retry=retried)
    assert len(done) == len(FAULTS)
    assert late > 0, "the restarted server must answer again"
    assert check.holds(), (check, fault_store.server_log())
    assert "500" not in result.errors, result.errors
    assert not result.bad_5xx, result.bad_5xx[:5]
    assert result.locked == 0
