"""Fixtures: every store-backed test runs on a real SQLite file and a real PostgreSQL.

LEDGER_TEST_STORES picks the stores ("sqlite,postgres" by default). PostgreSQL
tests get a database made for this run (dropped at the end) and a schema made
for each test, so runs and tests never see each other's data.
"""

from __future__ import annotations

import os
import secrets
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from api import create_app
from ledger.app import Ledger
from ledger.config import Config
from ledger.secrets_box import SecretBox
from ledger.store.base import EventStore
from ledger.store.postgres import PostgresStore
from ledger.store.sqlite import SQLiteStore
from tests.api_client import ApiClient

STORES = [s for s in os.environ.get("LEDGER_TEST_STORES", "sqlite,postgres").split(",") if s]
PG = {
    "host": os.environ.get("LEDGER_TEST_PG_HOST", "127.0.0.1"),
    "port": int(os.environ.get("LEDGER_TEST_PG_PORT", "5432")),
    "user": os.environ.get("LEDGER_TEST_PG_USER", "postgres"),
    "password": os.environ.get("LEDGER_TEST_PG_PASSWORD", ""),
}
SECRET_KEY = secrets.token_hex(32)


def _admin() -> psycopg.Connection[tuple[object, ...]]:
    return psycopg.connect(dbname="postgres", autocommit=True, **PG)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def pg_database() -> Iterator[str]:
    name = f"ledger_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with _admin() as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield name
    with _admin() as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=STORES)
def store_config(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Config]:
    """A Config for a fresh, empty store of each kind."""
    if request.param == "sqlite":
        yield Config(data_dir=str(tmp_path), store="sqlite", secret_key=SECRET_KEY, testing=True)
        return
    database = request.getfixturevalue("pg_database")
    schema = f"t_{uuid.uuid4().hex[:12]}"
    yield Config(data_dir=str(tmp_path), store="postgres", pg_dbname=database,
                 pg_host=PG["host"], pg_port=PG["port"], pg_user=PG["user"],
                 pg_password=PG["password"], pg_schema=schema, secret_key=SECRET_KEY,
                 testing=True)
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
