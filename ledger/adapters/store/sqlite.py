"""SQLite store: one file, WAL, writers serialized by SQLite itself.

Connections come from eventsourcing's SQLite datastore (pooling, error
translation). Several gunicorn workers may write at once: each write waits on
SQLite's busy handler (15 s); a lock held longer than that (another program's
transaction) answers a 503 with Retry-After, so "database is locked" never
reaches a client (docs/reliability.md).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from eventsourcing.persistence import OperationalError
from eventsourcing.sqlite import SQLiteConnection, SQLiteConnectionPool, SQLiteDatastore

from ledger.adapters.store.base import Cursor, EventStore, StoreUnavailable
from ledger.adapters.store.migrations import VERSION_DDL, migrate, stamp_shape
from ledger.adapters.store.ops_tables import OPS_COLUMNS_ADDED, ops_ddl
from ledger.adapters.store.records import (
    ACCESS_COLUMNS_ADDED,
    EVENT_COLUMNS,
    GlobalCursor,
    GlobalPage,
    global_page,
)
from ledger.adapters.store.tree import TREE_DDL

LOCK_TIMEOUT_SECONDS = 15


def describe_file(path: str | Path) -> str:
    return f"SQLite file {Path(path).resolve()}"


class _DurablePool(SQLiteConnectionPool):
    """Every connection syncs each commit (synchronous=FULL): an acknowledged event survives."""

    def _create_connection(self) -> SQLiteConnection:
        conn = super()._create_connection()
        raw = conn._sqlite_conn
        raw.execute("PRAGMA synchronous=FULL")
        raw.execute(f"PRAGMA busy_timeout={LOCK_TIMEOUT_SECONDS * 1000}")
        return conn


class SQLiteStore(EventStore):
    kind = "sqlite"

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.location = describe_file(path)
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.datastore = self._datastore()
        # Reads have their own pool: eventsourcing's pool keeps its queue while a writer
        # waits for the process's one write connection, so a writer stuck on another
        # process's lock would stall every read too, when WAL lets reads go on.
        self.readers = self._datastore()
        # Closing a sqlite3 connection while another thread runs a statement on it can
        # crash the process (seen: a feed hub's poll during a test's teardown). close()
        # refuses new transactions, then waits for those in flight.
        self._use = threading.Condition()
        self._in_flight = 0
        self._closing = False

    def _datastore(self) -> SQLiteDatastore:
        datastore = SQLiteDatastore(self.path, lock_timeout=LOCK_TIMEOUT_SECONDS)
        datastore.pool = _DurablePool(db_name=self.path, lock_timeout=LOCK_TIMEOUT_SECONDS)
        return datastore

    @contextmanager
    def transaction(self, *, write: bool) -> Iterator[Cursor]:
        with self._use:
            if self._closing:
                raise StoreUnavailable(f"{self.location} is closed")
            self._in_flight += 1
        try:
            with (self.datastore if write else self.readers).transaction(commit=write) as cursor:
                yield cursor
        except OperationalError as exc:
            raise StoreUnavailable(str(exc)) from exc
        except sqlite3.OperationalError as exc:  # raised inside the block, before translation
            raise StoreUnavailable(str(exc)) from exc
        finally:
            with self._use:
                self._in_flight -= 1
                if self._closing:
                    self._use.notify_all()

    def relax_commit(self, c: Cursor) -> None:
        """Nothing: SQLite's synchronous setting is the connection's, not a transaction's."""

    table_exists_sql = "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type='table' AND name=?)"

    def build_schema(self, digest: str) -> None:
        existed = self.has_ledger()
        self.create_tables()
        # Stores made by an older version lack the newer columns (SQLite has no ADD COLUMN
        # IF NOT EXISTS). Workers starting together may race: the loser's duplicate column
        # error is the outcome it wanted.
        added = [("ledger_tokens", name, "TEXT") for name in ACCESS_COLUMNS_ADDED]
        added += [("ledger_checkpoints", "head_hash", "TEXT"), ("ledger_checkpoints", "mac", "BLOB"),
                  *OPS_COLUMNS_ADDED]
        for table, column, kind in added:
            with self.transaction(write=False) as c:
                c.execute(f"SELECT name FROM pragma_table_info('{table}')")
                present = {row[0] for row in c.fetchall()}
            if column in present:
                continue
            try:
                with self.transaction(write=True) as c:
                    c.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
            except StoreUnavailable as exc:
                if "duplicate column" not in str(exc):
                    raise
        with self.transaction(write=True) as c:
            # A write first, so this transaction holds the write lock before it reads the
            # version: a worker starting beside it then waits and finds the steps done.
            c.execute("UPDATE ledger_schema_version SET version=version WHERE 0")
            migrate(c, self.kind, self.q, existed=existed)
            stamp_shape(c, self.q, digest)

    def ddl(self) -> list[str]:
        return [
            "CREATE TABLE IF NOT EXISTS ledger_events ("
            " gid INTEGER PRIMARY KEY AUTOINCREMENT,"
            " campaign_id TEXT NOT NULL, position INTEGER NOT NULL, type TEXT NOT NULL,"
            " version INTEGER NOT NULL, data BLOB NOT NULL, recorded_at TEXT NOT NULL,"
            " actor_role TEXT NOT NULL, actor_token TEXT, actor_character TEXT,"
            " correlation_id TEXT NOT NULL, character_id TEXT, session INTEGER NOT NULL,"
            " scene INTEGER NOT NULL, hash TEXT NOT NULL,"
            " UNIQUE (campaign_id, position))",
            "CREATE INDEX IF NOT EXISTS ledger_events_time ON ledger_events (campaign_id, recorded_at)",
            "CREATE INDEX IF NOT EXISTS ledger_events_character"
            " ON ledger_events (campaign_id, character_id, position)",
            "CREATE TABLE IF NOT EXISTS ledger_checkpoints ("
            " campaign_id TEXT NOT NULL, position INTEGER NOT NULL, state BLOB NOT NULL,"
            " head_hash TEXT, mac BLOB, PRIMARY KEY (campaign_id, position))",
            "CREATE TABLE IF NOT EXISTS ledger_seeds ("
            " campaign_id TEXT NOT NULL, epoch INTEGER NOT NULL, sealed BLOB NOT NULL,"
            " PRIMARY KEY (campaign_id, epoch))",
            TREE_DDL.format(blob="BLOB"),
            *ops_ddl(self.kind),
            VERSION_DDL,
        ]

    def read_global(self, after: GlobalCursor, limit: int) -> GlobalPage:
        # SQLite has one writer at a time, so AUTOINCREMENT ids are committed in order.
        with self.transaction(write=False) as c:
            # Plain tuples: a rebuild reads every row, and sqlite3.Row objects (then copied
            # to tuples) cost about as much as the read itself.
            raw: Any = getattr(c, "sqlite_cursor", c)
            raw.row_factory = None
            c.execute(
                f"SELECT gid, {EVENT_COLUMNS} FROM ledger_events WHERE gid>? ORDER BY gid LIMIT ?",
                (after.seq, limit),
            )
            rows = c.fetchall()
        return global_page(rows, after, tx_column=False)

    def global_lag(self, after: GlobalCursor, cap: int = 100_000) -> tuple[int, str | None]:
        with self.transaction(write=False) as c:
            c.execute("SELECT COUNT(*), MIN(recorded_at) FROM (SELECT recorded_at FROM"
                      " ledger_events WHERE gid>? ORDER BY gid LIMIT ?)", (after.seq, cap))
            row = c.fetchone()
        return int(row[0]), row[1]

    def has_ledger(self) -> bool:
        row = self._one(self.table_exists_sql, ("ledger_events",))
        return bool(row and row[0])

    @property
    def closed(self) -> bool:
        return self._closing

    def close(self, wait_seconds: float = 10.0) -> None:
        with self._use:
            self._closing = True
            self._use.wait_for(lambda: self._in_flight == 0, timeout=wait_seconds)
        self.datastore.close()
        self.readers.close()
