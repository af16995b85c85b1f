"""setup() on a store already stamped with this code's shape takes no lock
(ledger/adapters/store/base.py `setup`, migrations.py `shape_digest`): a worker or node
that starts while other workers write must neither wait for their transactions nor
deadlock with them. A new statement in the schema still reaches stamped stores."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest

from ledger.adapters.store.base import EventStore
from ledger.adapters.store.postgres import PostgresStore
from ledger.adapters.store.sqlite import SQLiteStore
from tests.waiting import wait_until


@contextmanager
def _tables_held(store: EventStore) -> Iterator[None]:
    """Another session's open transaction holding what setup() would have to lock:
    PostgreSQL's tables in ACCESS EXCLUSIVE mode, SQLite's write lock."""
    if isinstance(store, PostgresStore):
        with psycopg.connect(**store._params) as conn:  # type: ignore[arg-type]
            conn.execute(f'SET search_path TO "{store.schema}"')
            conn.execute("LOCK TABLE ledger_events, ledger_tokens, ledger_checkpoints,"
                         " ledger_tree_nodes IN ACCESS EXCLUSIVE MODE")
            yield
            conn.rollback()
        return
    assert isinstance(store, SQLiteStore)
    conn = sqlite3.connect(store.path, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        yield
        conn.execute("ROLLBACK")
    finally:
        conn.close()


def test_a_stamped_store_sets_up_beside_a_writer_without_waiting(store: EventStore) -> None:
    outcome: list[BaseException | None] = []

    def start() -> None:
        try:
            store.setup()
            outcome.append(None)
        except BaseException as exc:  # asserted in the test's thread
            outcome.append(exc)

    with _tables_held(store):
        starting = threading.Thread(target=start)
        starting.start()
        # Before the stamp, setup() waited here for the lock (PostgreSQL: a deadlock with
        # a running append; SQLite: "database is locked" once its busy timeout ran out).
        wait_until(lambda: outcome, "setup() to finish while the tables are held")
    starting.join()
    assert outcome == [None]


def test_a_statement_added_to_the_schema_reaches_a_stamped_store(
        store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    before = store.shape_digest()
    made = type(store).ddl
    monkeypatch.setattr(store, "ddl", lambda: [*made(store),
                                               "CREATE TABLE IF NOT EXISTS ledger_probe (x INTEGER)"])
    assert store.shape_digest() != before
    store.setup()
    with store.transaction(write=False) as c:
        assert store.shape_stamped(c, store.shape_digest())
        c.execute(store.q(store.table_exists_sql), ("ledger_probe",))
        assert c.fetchone()[0]
