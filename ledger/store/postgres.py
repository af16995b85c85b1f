"""PostgreSQL store: campaigns write concurrently, no table-wide lock.

Each campaign's stream is ordered by its own positions (a primary key, so a
lost race is a clean conflict). The global order is (transaction id, sequence):
a reader only passes transactions older than every one still running
(`pg_snapshot_xmin`), so it never skips an event that commits late.
See docs/decisions/001-event-store.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from eventsourcing.persistence import InterfaceError, OperationalError
from eventsourcing.postgres import PostgresDatastore
from psycopg.rows import tuple_row

from ledger.store.base import Cursor, EventStore, StoreUnavailable
from ledger.store.records import EVENT_COLUMNS, GlobalCursor, Record, record_from_row


class PostgresStore(EventStore):
    kind = "postgres"
    ph = "%s"

    def __init__(
        self,
        *,
        dbname: str,
        host: str = "127.0.0.1",
        port: int = 5432,
        user: str = "postgres",
        password: str = "",
        schema: str = "public",
        pool_size: int = 4,
        max_overflow: int = 16,
    ) -> None:
        self.schema = schema
        self.datastore = PostgresDatastore(
            dbname=dbname, host=host, port=port, user=user, password=password,
            pool_size=pool_size, max_overflow=max_overflow, schema=schema,
            # No waiting open: concurrent first uses would race inside the pool.
            connect_timeout=5, pool_open_timeout=None, pre_ping=True,
            originator_id_type="text",
        )

    @contextmanager
    def transaction(self, *, write: bool) -> Iterator[Cursor]:
        try:
            with self.datastore.get_connection() as conn:
                with conn.transaction(force_rollback=not write):
                    with conn.cursor(row_factory=tuple_row) as cur:
                        cur.execute(f'SET LOCAL search_path TO "{self.schema}"')
                        yield cur
        except (OperationalError, InterfaceError) as exc:
            raise StoreUnavailable(str(exc)) from exc

    def setup(self) -> None:
        with self.datastore.get_connection() as conn:
            conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
        super().setup()

    def ddl(self) -> list[str]:
        return [
            "CREATE TABLE IF NOT EXISTS ledger_events ("
            " campaign_id text NOT NULL, position bigint NOT NULL, type text NOT NULL,"
            " version int NOT NULL, data bytea NOT NULL, recorded_at text NOT NULL,"
            " actor_role text NOT NULL, actor_token text, actor_character text,"
            " correlation_id text NOT NULL, character_id text, session int NOT NULL,"
            " scene int NOT NULL, hash text NOT NULL,"
            " gid bigserial NOT NULL, tx xid8 NOT NULL DEFAULT pg_current_xact_id(),"
            " PRIMARY KEY (campaign_id, position))",
            "CREATE INDEX IF NOT EXISTS ledger_events_time ON ledger_events (campaign_id, recorded_at)",
            "CREATE INDEX IF NOT EXISTS ledger_events_character"
            " ON ledger_events (campaign_id, character_id, position)",
            "CREATE INDEX IF NOT EXISTS ledger_events_global ON ledger_events (tx, gid)",
            "CREATE TABLE IF NOT EXISTS ledger_idempotency ("
            " scope text NOT NULL, key text NOT NULL, fingerprint text NOT NULL,"
            " status int NOT NULL, body bytea NOT NULL, campaign_id text, position bigint,"
            " PRIMARY KEY (scope, key))",
            "CREATE TABLE IF NOT EXISTS ledger_checkpoints ("
            " campaign_id text NOT NULL, position bigint NOT NULL, state bytea NOT NULL,"
            " PRIMARY KEY (campaign_id, position))",
            "CREATE TABLE IF NOT EXISTS ledger_seeds ("
            " campaign_id text NOT NULL, epoch int NOT NULL, sealed bytea NOT NULL,"
            " PRIMARY KEY (campaign_id, epoch))",
            "CREATE TABLE IF NOT EXISTS ledger_tokens ("
            " id text PRIMARY KEY, campaign_id text NOT NULL, role text NOT NULL,"
            " character_id text, label text NOT NULL, secret_hash text NOT NULL UNIQUE,"
            " created_at text NOT NULL, revoked_at text)",
        ]

    def read_global(self, after: GlobalCursor, limit: int) -> list[tuple[GlobalCursor, Record]]:
        with self.transaction(write=False) as c:
            c.execute(
                f"SELECT tx::text::bigint, gid, {EVENT_COLUMNS} FROM ledger_events"
                " WHERE (tx, gid) > (%s::text::xid8, %s)"
                " AND tx < pg_snapshot_xmin(pg_current_snapshot())"
                " ORDER BY tx, gid LIMIT %s",
                (str(after.tx), after.seq, limit),
            )
            rows = c.fetchall()
        return [(GlobalCursor(int(r[0]), int(r[1])), record_from_row(r[2:])) for r in rows]

    def close(self) -> None:
        self.datastore.close()
