"""PostgreSQL stopped (a crash: `pg_ctl stop -m immediate`) and restarted during the load."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from scripts.load import Load, LoadResult, prepare, run_load
from tests.faults.checks import check_log, record
from tests.faults.conftest import PATIENCE_SECONDS, FaultStore, answered, at_second
from tests.faults.server import Server
from tests.waiting import wait_until

DOWN_AT, UP_AT, SECONDS = 5.0, 12.0, 24


def _outage(fault_store: FaultStore, server: Server,
            seen: dict[str, object]) -> Callable[[Load], None]:
    cluster = fault_store.cluster
    assert cluster is not None

    def inject(load: Load) -> None:
        seen["pids_before"] = [server.master_pid(), *server.worker_pids()]
        at_second(load, DOWN_AT)
        cluster.stop("immediate")
        seen["down"] = down = load.elapsed()
        # A worker that starts while the store is down must answer 503 too, not 500.
        at_second(load, DOWN_AT + 1)
        seen["killed"] = server.kill_worker()
        answered(load, "503", down + 0.5, "a 503 while the store is down")
        at_second(load, UP_AT)
        # The server accepts connections before `pg_ctl start -w` returns, so the outage
        # ends when the restart begins, not when the command comes back.
        seen["restarting"] = load.elapsed()
        cluster.start()
        seen["up"] = up = load.elapsed()
        answered(load, "2", up, "an acknowledged write after the restart")
        # The killed worker's replacement must be up before the processes are compared.
        wait_until(lambda: len(server.worker_pids()) == server.workers, "every worker back")
        at_second(load, SECONDS - 1)
        seen["pids_after"] = [server.master_pid(), *server.worker_pids()]

    return inject


def _during(result: LoadResult, start: float, end: float) -> list[str]:
    """Statuses of requests sent and answered inside [start, end)."""
    return [a.status for a in result.attempts if start <= a.at and a.at + a.ms / 1000 < end]


def _replaced(seen: dict[str, object]) -> list[object]:
    """Processes of the server gone between the start and the end of the load."""
    before, after = seen["pids_before"], seen["pids_after"]
    assert isinstance(before, list)
    assert isinstance(after, list)
    return [pid for pid in before if pid not in after]


@pytest.mark.slow
def test_postgres_down_answers_503_with_retry_after_then_recovers_losing_nothing(
    pg_store: FaultStore,
) -> None:
    seen: dict[str, object] = {}
    with pg_store.server("pg-restart", workers=3) as server:
        targets = prepare(server.base, 4)
        result = run_load(server.base, targets, clients=16, seconds=SECONDS,
                          during=_outage(pg_store, server, seen), timeout=PATIENCE_SECONDS)
    check = check_log(pg_store.config, result)
    down, up = float(seen["down"]), float(seen["up"])  # type: ignore[arg-type]
    restarting = float(seen["restarting"])  # type: ignore[arg-type]
    outage = _during(result, down + 0.5, restarting)  # crash settled, restart not yet begun
    unavailable = [a.ms for a in result.attempts if a.status == "503"]
    recovered = [a.at for a in result.attempts if a.at >= up and a.status.startswith("2")]
    summary = record(
        "pg-restart", "postgres", result, check, down_at_s=down, up_at_s=up,
        outage_statuses={s: outage.count(s) for s in sorted(set(outage))},
        slowest_503_ms=round(max(unavailable, default=0.0), 1),
        first_2xx_after_restart_s=round(recovered[0] - up, 2) if recovered else None,
        replaced=_replaced(seen))
    answers = [s for s in outage if s.isdigit()]  # the killed worker's requests got resets
    assert answers, "no request was answered during the outage"
    assert set(answers) == {"503"}, summary["outage_statuses"]
    assert not result.bad_5xx, result.bad_5xx[:5]  # every 503 was problem+json with Retry-After
    # No 500, and no request hung (a "timeout"): how long 503s and the recovery took is
    # recorded above, not asserted, as it depends on how loaded the machine is.
    assert set(result.errors) <= {"503", "connection"}, result.errors
    assert recovered, "writes did not resume after the restart"
    assert _replaced(seen) == [seen["killed"]], "the service restarted more than the killed worker"
    assert check.holds(), (check, pg_store.server_log())
