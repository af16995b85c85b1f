"""Fixtures for fault tests: a store of each selected kind that the test may break.

PostgreSQL runs in a private cluster made for the test (tests/faults/pgcluster.py), so
stopping it, making it read-only or filling its disk disturbs no other database.
LEDGER_TEST_STORES selects the stores as for the rest of the suite.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from ledger.service.config import Config
from scripts.load import Load
from tests.faults.checks import ARTIFACTS
from tests.faults.pgcluster import ClusterUnavailableError, PrivateCluster, running_cluster
from tests.faults.server import Server
from tests.needs import missing
from tests.waiting import wait_until

STORES = [s for s in os.environ.get("LEDGER_TEST_STORES", "sqlite,postgres").split(",") if s]


@dataclass
class FaultStore:
    kind: str
    config: Config
    tmp: Path
    cluster: PrivateCluster | None = None

    log: Path | None = None

    @contextmanager
    def server(self, test: str, workers: int = 3) -> Iterator[Server]:
        """The server's output goes to test-artifacts/faults-<test>-<store>.log."""
        ARTIFACTS.mkdir(exist_ok=True)
        self.log = ARTIFACTS / f"faults-{test}-{self.kind}.log"
        self.log.unlink(missing_ok=True)
        server = Server(self.config, self.log, workers=workers)
        try:
            yield server.start()
        finally:
            server.stop()

    def server_log(self, lines: int = 40) -> str:
        if self.log is None or not self.log.exists():
            return ""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def _config(tmp: Path, **more: object) -> Config:
    # No rate limit: the load is many commands per token. Checkpoints often, so the
    # check compares many of them with the fold.
    return Config(data_dir=str(tmp), secret_key=secrets.token_hex(32),
                  rate_limit_per_minute=10**9, checkpoint_every=20, **more)  # type: ignore[arg-type]


def _make(kind: str, tmp: Path) -> Iterator[FaultStore]:
    if kind == "sqlite":
        yield FaultStore(kind, _config(tmp, store="sqlite"), tmp)
        return
    try:
        with running_cluster() as cluster:
            cluster.sql("CREATE DATABASE ledger")
            config = _config(tmp, store="postgres", pg_dbname="ledger", pg_port=cluster.port,
                             pg_user="postgres")
            yield FaultStore(kind, config, tmp, cluster)
    except ClusterUnavailableError as exc:
        missing(f"no private PostgreSQL cluster here: {exc}")


@pytest.fixture(params=[s for s in ("sqlite", "postgres") if s in STORES])
def fault_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[FaultStore]:
    yield from _make(request.param, tmp_path)


@pytest.fixture
def pg_store(tmp_path: Path) -> Iterator[FaultStore]:
    if "postgres" not in STORES:
        pytest.skip("LEDGER_TEST_STORES does not select postgres")
    yield from _make("postgres", tmp_path)


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[FaultStore]:
    if "sqlite" not in STORES:
        pytest.skip("LEDGER_TEST_STORES does not select sqlite")
    yield from _make("sqlite", tmp_path)


def at_second(load: Load, at: float) -> None:
    """Sleep until `at` seconds into the load: the fault schedule. What must have happened
    by a step is waited for with `answered`, never assumed from the schedule."""
    time.sleep(max(0.0, at - load.elapsed()))


def answered(load: Load, status: str, since: float, what: str) -> None:
    """Wait until a request sent `since` seconds into the load or later was answered with
    `status` (a prefix: "2" is any success; "connection" a closed port)."""
    wait_until(lambda: load.answered(status, since), what)


# A request still unanswered after this long counts as hung (status "timeout"). Generous:
# on a loaded machine a reloading server may take many seconds to answer.
PATIENCE_SECONDS = 60.0
