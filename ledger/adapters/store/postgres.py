"""PostgreSQL store: campaigns write concurrently, no table-wide lock.

Each campaign's stream is ordered by its own positions (a primary key, so a
lost race is a clean conflict). The global order is (transaction id, sequence):
a reader only passes transactions older than every one still running
(`pg_snapshot_xmin`), so it never skips an event that commits late.
See docs/decisions/001-event-store.md.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from eventsourcing.persistence import (
    InterfaceError,
    OperationalError,
    PersistenceError,
)
from eventsourcing.postgres import PostgresDatastore
from psycopg import Connection, sql
from psycopg.rows import tuple_row

from ledger.adapters.store.across import across
from ledger.adapters.store.base import (
    CHECKPOINT_COLUMNS,
    CHECKPOINT_UPSERT,
    EVENTS_INSERT,
    Cursor,
    EventStore,
    StoreUnavailable,
)
from ledger.adapters.store.group_commit import Write
from ledger.adapters.store.migrations import migrate, stamp_shape
from ledger.adapters.store.ops_tables import OPS_COLUMNS_ADDED, ops_ddl
from ledger.adapters.store.pg_notifier import Notifier
from ledger.adapters.store.pg_writer import WriterConnection
from ledger.adapters.store.records import (
    ACCESS_COLUMNS,
    ACCESS_COLUMNS_ADDED,
    EVENT_COLUMNS,
    GlobalCursor,
    GlobalPage,
    global_page,
    record_params,
    token_params,
)
from ledger.adapters.store.statements import ObservedCursor
from ledger.adapters.store.tree import INSERT_ROWS as NODES_INSERT
from ledger.adapters.store.tree import TREE_DDL
from ledger.domain.record import Record

# The database refuses writes for now, which is no bug of ours: read-only (25006: a
# read-only default, a standby) or a revoked privilege (42501). Like an outage, a 503.
UNWRITABLE_STATES = ("25006", "42501")


def _raise_if_unavailable(exc: PersistenceError) -> None:
    """Raise StoreUnavailable when the store cannot be reached or written (a 503)."""
    if isinstance(exc, OperationalError | InterfaceError) or (
        getattr(exc.__cause__, "sqlstate", None) in UNWRITABLE_STATES
    ):
        raise StoreUnavailable(str(exc)) from exc


class _NewestFirst(deque[Any]):
    """The pool's idle connections, handed out newest first.

    psycopg_pool takes an idle connection from the left of its deque and returns it to the
    right, so a worker thread that needs one connection at a time walks every open one in
    turn and spreads its statements over as many server backends. Handed out from the
    right, the connection just returned goes out again and the others stay idle (above
    the pool's minimum, its shrink closes one after `max_idle`, from the left).
    Measured with the NOTIFY connection change, three alternating rounds: one writer
    0.61-0.74x the raw commits before, 0.75-0.82x after; 16 writer processes 0.32-0.39x
    before, 0.35-0.43x after (docs/performance.md). tests/integration/test_pg_pool.py
    fails if a pool release changes how the deque is used."""

    def popleft(self) -> Any:
        return self.pop()


class _SchemaDatastore(PostgresDatastore):
    """Sets the search path once per connection rather than once per transaction, makes
    its cursors report their statements to any observer (statements.py), and hands out
    the most recently used idle connection first (_NewestFirst)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pool._pool = _NewestFirst(self.pool._pool)

    def after_connect_func(self) -> Callable[[Connection[Any]], None]:
        parent = super().after_connect_func()
        schema = self.schema

        def after_connect(conn: Connection[Any]) -> None:
            parent(conn)
            conn.execute(f'SET search_path TO "{schema}"')
            conn.cursor_factory = ObservedCursor

        return after_connect


class PostgresStore(EventStore):
    kind = "postgres"
    ph = "%s"
    # Under READ COMMITTED two revocations could each count the other's token as live;
    # this lock makes the second wait, then count again.
    access_lock_sql = "SELECT pg_advisory_xact_lock(hashtext(?))"

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
        notify: bool = True,
        read_only: bool = False,
    ) -> None:
        # A hot standby (docs/scaling.md section 4): reads only, never a checkpoint repair.
        self.read_only = read_only
        self.schema = schema
        self.location = f"PostgreSQL database {host}:{port}/{dbname}, schema {schema}"
        # After each append this channel (per schema: channels are database-wide) hears
        # "campaign:position", so each process's feed hub needs one LISTEN, not polling.
        self.channel = f"ledger:{schema}"
        self._params = {"dbname": dbname, "host": host, "port": port, "user": user,
                        "password": password}
        self.datastore = _SchemaDatastore(
            dbname=dbname, host=host, port=port, user=user, password=password,
            pool_size=pool_size, max_overflow=max_overflow, schema=schema,
            # No waiting open: concurrent first uses would race inside the pool. No
            # pre-ping: it costs a round trip per command; a dead connection fails one
            # request with a 503 and is discarded by the pool.
            connect_timeout=5, pool_open_timeout=None, pre_ping=False,
            # A stuck transaction would hold back the global horizon (see read_global).
            idle_in_transaction_session_timeout=60,
            originator_id_type="text",
        )
        self.notifier = Notifier(self.channel, self._own_connection) if notify else None
        self.writer = WriterConnection(
            self.datastore.pool, lambda: self.datastore.pool.open(False, 30.0))

    @contextmanager
    def transaction(self, *, write: bool) -> Iterator[Cursor]:
        """Writes run pipelined (BEGIN, statements and COMMIT in one round trip where
        possible); reads are single autocommit statements."""
        try:
            with self.datastore.get_connection() as conn:
                if not write:
                    with conn.cursor(row_factory=tuple_row) as cur:
                        yield cur
                    return
                with conn.pipeline() as pipe, conn.transaction(), \
                        conn.cursor(row_factory=tuple_row) as cur:
                    yield _PipelinedCursor(cur, pipe)
        except PersistenceError as exc:
            _raise_if_unavailable(exc)
            raise

    def relax_commit(self, c: Cursor) -> None:
        c.execute("SET LOCAL synchronous_commit TO off")

    def commit_writes(self, writes: Sequence[Write]) -> None:
        """One statement, so one round trip, however many commands (group_commit.py), on
        the writer connection unless another thread is using it (pg_writer.py)."""
        query, params = _append_statement(writes)
        try:
            if self.writer.try_execute(query, params):
                return
            with self.datastore.get_connection() as conn:
                conn.execute(query, params)
        except PersistenceError as exc:
            _raise_if_unavailable(exc)
            raise

    def appended(self, records: Sequence[Record]) -> None:
        if self.notifier is not None and records:
            self.notifier.push(records[-1].campaign_id, records[-1].position)
        super().appended(records)

    def replica_lag(self) -> float:
        """Seconds this standby's replay trails the primary: 0 when it has replayed all it
        received (an idle primary sends nothing, so the last replay's age is no lag)."""
        row = self._one("SELECT CASE WHEN NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn()"
                        " = pg_last_wal_replay_lsn() THEN 0 ELSE COALESCE(EXTRACT(EPOCH FROM"
                        " now() - pg_last_xact_replay_timestamp()), 0) END", ())
        return max(0.0, float(row[0])) if row else 0.0

    def _own_connection(self) -> Connection[tuple[Any, ...]]:
        """An autocommit connection outside the pool (NOTIFY's and LISTEN's)."""
        return psycopg.connect(**self._params, autocommit=True, connect_timeout=5)  # type: ignore[arg-type]

    def listen(self) -> Connection[tuple[Any, ...]]:
        """A dedicated autocommit connection LISTENing to this store's appends."""
        conn = self._own_connection()
        conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
        return conn

    def has_ledger(self) -> bool:
        # A connection of its own: the pool's timeout would hide why none can be made.
        try:
            with psycopg.connect(**self._params, connect_timeout=5) as conn:  # type: ignore[arg-type]
                return conn.execute("SELECT 1 FROM pg_tables WHERE schemaname=%s AND "
                                    "tablename='ledger_events'", (self.schema,)).fetchone() is not None
        except psycopg.OperationalError as exc:
            raise StoreUnavailable(str(exc)) from exc

    table_exists_sql = "SELECT to_regclass(?) IS NOT NULL"

    def build_schema(self, digest: str) -> None:
        with self.transaction(write=True) as c:
            # Concurrent first starts must not race to create the same schema or tables
            # (two CREATE SCHEMA IF NOT EXISTS at once: one fails on a unique key).
            c.execute("SELECT pg_advisory_xact_lock(hashtext('ledger-setup'))")
            c.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
            if self.shape_stamped(c, digest):  # made while this start waited for the lock
                return
            c.execute(self.q(self.table_exists_sql), ("ledger_events",))
            existed = bool(c.fetchone()[0])
            for statement in self.ddl():
                c.execute(statement)
            # Stores made by an older version lack the newer token columns.
            c.execute("SELECT column_name FROM information_schema.columns WHERE"
                      " table_schema=current_schema() AND table_name='ledger_tokens'")
            present = {row[0] for row in c.fetchall()}
            for column in (name for name in ACCESS_COLUMNS_ADDED if name not in present):
                c.execute(f"ALTER TABLE ledger_tokens ADD COLUMN IF NOT EXISTS {column} text")
            # and older checkpoints have no seal: read as stale, rebuilt by the next read.
            c.execute("ALTER TABLE ledger_checkpoints ADD COLUMN IF NOT EXISTS head_hash text")
            c.execute("ALTER TABLE ledger_checkpoints ADD COLUMN IF NOT EXISTS mac bytea")
            for table, column, kind in OPS_COLUMNS_ADDED:
                c.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}")
            migrate(c, self.kind, self.q, existed=existed)
            stamp_shape(c, self.q, digest)

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
            "CREATE TABLE IF NOT EXISTS ledger_checkpoints ("
            " campaign_id text NOT NULL, position bigint NOT NULL, state bytea NOT NULL,"
            " head_hash text, mac bytea, PRIMARY KEY (campaign_id, position))",
            "CREATE TABLE IF NOT EXISTS ledger_seeds ("
            " campaign_id text NOT NULL, epoch int NOT NULL, sealed bytea NOT NULL,"
            " PRIMARY KEY (campaign_id, epoch))",
            TREE_DDL.format(blob="bytea"),
            *ops_ddl(self.kind),
        ]

    def read_global(self, after: GlobalCursor, limit: int) -> GlobalPage:
        with self.transaction(write=False) as c:
            c.execute(
                # The output column is renamed: an unnamed `tx::text::bigint` would be called
                # "tx", and ORDER BY tx would then sort by it without the (tx, gid) index.
                # The horizon filters the page, not the scan: as an index condition its
                # unknown value made the planner fetch and sort every row past the cursor
                # for each page (a rebuild went quadratic). Rows come in `tx` order, so those
                # below the horizon are a prefix: the same rows as filtering first.
                across("global-order") + f"SELECT tx_number, gid, {EVENT_COLUMNS} FROM ("
                f"SELECT e.tx, e.tx::text::bigint AS tx_number, e.gid, {EVENT_COLUMNS}"
                " FROM ledger_events e WHERE (e.tx, e.gid) > (%s::text::xid8, %s)"
                " ORDER BY e.tx, e.gid LIMIT %s) page"
                " WHERE page.tx < pg_snapshot_xmin(pg_current_snapshot())"
                " ORDER BY page.tx, page.gid",
                (str(after.tx), after.seq, limit),
            )
            rows = c.fetchall()
        return global_page(rows, after, tx_column=True)

    def global_lag(self, after: GlobalCursor, cap: int = 100_000) -> tuple[int, str | None]:
        with self.transaction(write=False) as c:
            c.execute(across("global-order") + "SELECT COUNT(*), MIN(recorded_at) FROM (SELECT"
                      " recorded_at FROM ledger_events WHERE (tx, gid) > (%s::text::xid8, %s)"
                      " ORDER BY tx, gid LIMIT %s) AS behind", (str(after.tx), after.seq, cap))
            row = c.fetchone()
        return int(row[0]), row[1]

    def close(self) -> None:
        if self.notifier is not None:
            self.notifier.close()
        self.writer.close()
        self.datastore.close()


VALUES_NODES = 64  # beyond this many node rows, arrays keep the parameter count fixed


def _append_statement(writes: Sequence[Write]) -> tuple[str, list[object]]:
    """The commands' rows as one statement: the events are its INSERT, every other row
    rides in a data-modifying CTE. A single autocommit statement is atomic."""
    ctes: list[str] = []
    params: list[object] = []
    answers = [w.answer for w in writes if w.answer is not None]
    if answers:
        ctes.append("a AS (INSERT INTO ledger_idempotency (campaign_id, scope, key, fingerprint,"
                    " status, body, position) VALUES "
                    + ",".join(["(%s,%s,%s,%s,%s,%s,%s)"] * len(answers)) + ")")
        for answer in answers:
            params += [answer.campaign_id or "", answer.scope, answer.key, answer.fingerprint,
                       answer.status, answer.body, answer.position]
    for i, cp in enumerate(cp for w in writes for cp in w.checkpoints):
        ctes.append(f"c{i} AS (INSERT INTO ledger_checkpoints ({CHECKPOINT_COLUMNS})"
                    f" VALUES (%s,%s,%s,%s,%s) {CHECKPOINT_UPSERT})")
        params += [cp.campaign_id, cp.position, cp.state, cp.head_hash, cp.mac]
    for i, (campaign_id, epoch, sealed) in enumerate(seed for w in writes for seed in w.seeds):
        ctes.append(f"s{i} AS (INSERT INTO ledger_seeds (campaign_id, epoch, sealed)"
                    " VALUES (%s,%s,%s))")
        params += [campaign_id, epoch, sealed]
    for i, t in enumerate(t for w in writes for t in w.tokens):
        ctes.append(f"t{i} AS (INSERT INTO ledger_tokens ({ACCESS_COLUMNS})"
                    f" VALUES ({','.join(['%s'] * 12)}))")
        params += token_params(t)
    nodes = [node for w in writes for node in w.nodes]
    records = [r for w in writes for r in w.records]
    if nodes and len(nodes) <= VALUES_NODES:
        # A command's usual one or two nodes as plain rows: psycopg dumps four arrays
        # (typing each element) at several times the cost of eight scalars.
        ctes.append("n AS (" + NODES_INSERT + ",".join(["(%s,%s,%s,%s)"] * len(nodes)) + ")")
        for node in nodes:
            params += node
    elif nodes:  # as arrays: four parameters however many nodes (a statement takes 65,535)
        ctes.append("n AS (INSERT INTO ledger_tree_nodes (campaign_id, level, idx, hash) "
                    "SELECT * FROM unnest(%s::text[], %s::int[], %s::bigint[], %s::bytea[]))")
        params += [list(column) for column in zip(*nodes, strict=True)]
    row = "(" + ",".join(["%s"] * 14) + ")"
    main = EVENTS_INSERT + ",".join([row] * len(records))
    for r in records:
        params += record_params(r)
    if not records:  # nothing but side rows: still one statement
        main = "SELECT 1"
    return ("WITH " + ", ".join(ctes) + " " if ctes else "") + main, params


class _PipelinedCursor:
    """A write transaction's cursor. In pipeline mode an earlier statement's result may
    reach the cursor after a later statement was sent, and a fetch would then read that
    result (seen as a 500 when workers started together: "the last operation didn't
    produce records (command status: CREATE TABLE)"). A fetch first syncs the pipeline, so
    every result has arrived in order and the cursor holds its last statement's."""

    def __init__(self, cursor: psycopg.Cursor[Any], pipeline: psycopg.Pipeline) -> None:
        self._cursor, self._pipeline = cursor, pipeline

    def execute(self, query: Any, params: Any = None) -> Any:
        return self._cursor.execute(query, params)

    def fetchone(self) -> Any:
        self._pipeline.sync()
        return self._cursor.fetchone()

    def fetchall(self) -> Any:
        self._pipeline.sync()
        return self._cursor.fetchall()
