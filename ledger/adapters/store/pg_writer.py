"""The PostgreSQL store's writer connection: appends keep one pooled connection checked out.

Group commit has one leader at a time per process (group_commit.py), so its statements
can go out on one connection that never goes back to the pool between them: checking a
connection out and in costs about as much client CPU as building the statement, and with
sixteen writer processes on two cores the clients' CPU is half of what bounds throughput
(docs/performance.md, "Changes this round"). For the same reason its statements are
prepared once and run through libpq directly (pg_prepared.py). A thread that finds the
connection busy (group commit off, or a leader still holding it) uses the pool as before.

After any failure the connection goes back to the pool, which closes it if it is broken
or mid-statement, and the next append checks out another.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any

import psycopg
from eventsourcing.persistence import (
    DatabaseError,
    IntegrityError,
    InterfaceError,
    OperationalError,
    PersistenceError,
)
from psycopg_pool import ConnectionPool

from ledger.adapters.store.pg_prepared import PreparedStatements

# The same classes the library's own connection context raises, so callers see one shape.
_TRANSLATED: tuple[tuple[type[psycopg.Error], type[PersistenceError]], ...] = (
    (psycopg.IntegrityError, IntegrityError),
    (psycopg.OperationalError, OperationalError),
    (psycopg.InterfaceError, InterfaceError),
    (psycopg.DatabaseError, DatabaseError),
)


def _persistence_error(exc: psycopg.Error) -> PersistenceError:
    for raw, ours in _TRANSLATED:
        if isinstance(exc, raw):
            return ours(str(exc))
    return PersistenceError(str(exc))


class WriterConnection:
    def __init__(self, pool: ConnectionPool[Any], open_pool: Callable[[], object]) -> None:
        """`open_pool()` opens the pool if it is not yet open (its first use may be ours)."""
        self._pool, self._open_pool = pool, open_pool
        self._conn: psycopg.Connection[Any] | None = None
        # Each connection's statements for as long as it lives: one given back after a
        # failure (a lost race, a retried key) and checked out again keeps them.
        self._known: weakref.WeakKeyDictionary[psycopg.Connection[Any], PreparedStatements] = (
            weakref.WeakKeyDictionary())
        self._lock = threading.Lock()

    def try_execute(self, query: str, params: list[object]) -> bool:
        """Run one autocommit statement on the writer connection; False, having run
        nothing, when another thread is using it."""
        if not self._lock.acquire(blocking=False):
            return False
        try:
            self._execute(query, params)
        finally:
            self._lock.release()
        return True

    def _execute(self, query: str, params: list[object]) -> None:
        try:
            if self._conn is None:
                self._open_pool()
                self._conn = self._pool.getconn()
            prepared = self._known.get(self._conn)
            if prepared is None:
                prepared = self._known[self._conn] = PreparedStatements(self._conn)
            if not prepared.run(query, params):
                self._conn.execute(query, params)
        except BaseException as exc:
            self._give_back()
            if isinstance(exc, psycopg.Error):
                raise _persistence_error(exc) from exc
            raise

    def _give_back(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            self._pool.putconn(conn)

    def close(self) -> None:
        """Before the pool closes: the connection goes back so that the pool closes it."""
        with self._lock:
            self._give_back()
