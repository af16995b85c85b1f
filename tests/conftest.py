"""Fixtures: every store-backed test runs on a real SQLite file and a real PostgreSQL.

LEDGER_TEST_STORES picks the stores ("sqlite,postgres" by default). PostgreSQL
tests get a database made for this run (dropped at the end) and a schema made
for each test, so runs and tests never see each other's data.

The PostgreSQL is the one LEDGER_TEST_PG_* names (127.0.0.1:5432 by default) if it
answers; otherwise a private throwaway cluster started for the run from the local
PostgreSQL binaries (tests/faults/pgcluster.py), stopped and removed at the end. With
neither, the PostgreSQL tests skip, saying why (and fail under CI=true).
"""

from __future__ import annotations

import os
import secrets
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from api import create_app
from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store.base import EventStore
from ledger.adapters.store.postgres import PostgresStore
from ledger.adapters.store.sqlite import SQLiteStore
from ledger.adapters.store.statements import OBSERVERS
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from tests.api_client import ApiClient
from tests.faults.pgcluster import ClusterUnavailableError, running_cluster
from tests.needs import missing
from tests.statement_check import Seen

STORES = [s for s in os.environ.get("LEDGER_TEST_STORES", "sqlite,postgres").split(",") if s]
PG = {
    "host": os.environ.get("LEDGER_TEST_PG_HOST", "127.0.0.1"),
    "port": int(os.environ.get("LEDGER_TEST_PG_PORT", "5432")),
    "user": os.environ.get("LEDGER_TEST_PG_USER", "postgres"),
    "password": os.environ.get("LEDGER_TEST_PG_PASSWORD", ""),
}
SECRET_KEY = secrets.token_hex(32)


USED: list[str] = []  # which PostgreSQL this run used, for the closing summary


def _admin() -> psycopg.Connection[tuple[object, ...]]:
    return psycopg.connect(dbname="postgres", autocommit=True, **PG)  # type: ignore[arg-type]


def _listening() -> bool:
    """Something accepts connections at the configured address (if it then refuses us,
    the tests say so rather than quietly using another server)."""
    try:
        socket.create_connection((str(PG["host"]), int(PG["port"])), timeout=10).close()
    except OSError:
        return False
    return True


@pytest.fixture(scope="session")
def pg_server() -> Iterator[dict[str, Any]]:
    """The configured server if it listens, else a private cluster for this run (PG is
    pointed at it, so every user of PG follows)."""
    configured = f"{PG['host']}:{PG['port']}"
    if _listening():
        USED.append(f"the server at {configured}")
        yield PG
        return
    try:
        with running_cluster() as cluster:
            PG.update(host="127.0.0.1", port=cluster.port, user="postgres", password="")
            USED.append(f"a private PostgreSQL cluster in {cluster.root} on port "
                        f"{cluster.port} (nothing listened at {configured})")
            yield PG
    except ClusterUnavailableError as exc:
        missing(f"nothing listens at {configured} and no PostgreSQL can be started here: {exc}")
    USED.append(f"that cluster was stopped and removed ({cluster.root} "
                f"{'still exists' if cluster.root.exists() else 'is gone'})")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for line in USED:
        terminalreporter.write_line(f"PostgreSQL for these tests: {line}")


@pytest.fixture(scope="session")
def pg_database(pg_server: dict[str, Any]) -> Iterator[str]:
    name = f"ledger_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with _admin() as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    # Every statement the store sends in this run is checked for its campaign id at the end
    # (tests/statement_check.py): the tables are ready to be distributed by campaign.
    seen = Seen()
    OBSERVERS.append(seen)
    yield name
    OBSERVERS.remove(seen)
    with _admin() as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    if problems := seen.problems():
        pytest.fail("statements on tables keyed by campaign that name no campaign "
                    "(docs/scaling.md):\n" + "\n".join(problems), pytrace=False)


@pytest.fixture(params=STORES)
def store_config(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Config]:
    """A Config for a fresh, empty store of each kind. Webhooks may be delivered to
    loopback: the tests' receivers listen there."""
    if request.param == "sqlite":
        yield Config(data_dir=str(tmp_path), store="sqlite", secret_key=SECRET_KEY, testing=True,
                     webhook_allow_private=True)
        return
    database = request.getfixturevalue("pg_database")
    schema = f"t_{uuid.uuid4().hex[:12]}"
    yield Config(data_dir=str(tmp_path), store="postgres", pg_dbname=database,
                 pg_host=PG["host"], pg_port=PG["port"], pg_user=PG["user"],
                 pg_password=PG["password"], pg_schema=schema, secret_key=SECRET_KEY,
                 testing=True, webhook_allow_private=True)
    with psycopg.connect(dbname=database, autocommit=True, **PG) as conn:  # type: ignore[arg-type]
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


def make_store(config: Config) -> EventStore:
    if config.store == "postgres":
        return PostgresStore(dbname=config.pg_dbname, host=config.pg_host, port=config.pg_port,
                             user=config.pg_user, password=config.pg_password,
                             schema=config.pg_schema)
    return SQLiteStore(Path(config.data_dir) / "ledger.sqlite3")


@pytest.fixture
def store(store_config: Config) -> Iterator[EventStore]:
    built = make_store(store_config)
    built.setup()
    yield built
    built.close()


@pytest.fixture
def ledger(store: EventStore, store_config: Config) -> Ledger:
    return Ledger(store, SecretBox(bytes.fromhex(SECRET_KEY)), checkpoint_every=10)


@pytest.fixture
def app(store_config: Config):  # type: ignore[no-untyped-def]
    application = create_app(store_config)
    yield application
    built = application.extensions.get("ledger")
    if built is not None:
        built.store.close()


@pytest.fixture
def api(app) -> ApiClient:  # type: ignore[no-untyped-def]
    return ApiClient(app.test_client())
