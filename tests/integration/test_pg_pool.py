"""The PostgreSQL store's connections: a thread that needs one at a time keeps reusing the
same one (the pool hands out its newest idle connection, ledger/adapters/store/postgres.py
`_NewestFirst`), and the NOTIFY thread has a connection of its own, outside the pool."""

from __future__ import annotations

import pytest

from ledger.adapters.store.base import EventStore
from ledger.adapters.store.postgres import PostgresStore


def _backend(store: PostgresStore) -> int:
    with store.datastore.get_connection() as conn:
        row = conn.execute("SELECT pg_backend_pid() AS pid").fetchone()
    assert row is not None
    return int(row["pid"])


def test_one_thread_reuses_the_connection_it_just_returned(store: EventStore) -> None:
    if not isinstance(store, PostgresStore):
        pytest.skip("SQLite has one connection per thread, no pool")
    store.ping()
    store.datastore.pool.wait(timeout=60)  # its minimum of idle connections is open
    idle = store.datastore.pool.get_stats()["pool_available"]
    assert idle >= 2
    # Handed out oldest first, as many calls would meet as many backends.
    assert {_backend(store) for _ in range(idle)} == {_backend(store)}


def test_notifications_go_out_on_their_own_connection(store: EventStore) -> None:
    if not isinstance(store, PostgresStore):
        pytest.skip("SQLite has no NOTIFY")
    assert store.notifier is not None
    listener = store.listen()
    try:
        store.notifier.push("cmp_pool", 7)
        note = next(listener.notifies(timeout=60, stop_after=1))
        assert note.payload == "cmp_pool:7"
        sender = store.notifier._conn
        assert sender is not None
        assert sender.info.backend_pid == note.pid
        assert getattr(sender, "_pool", None) is None  # a pooled connection names its pool
    finally:
        listener.close()
