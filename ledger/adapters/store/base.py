"""The event store: per-campaign streams with positions, on SQLite or PostgreSQL.

Everything a command must make durable is written in one transaction by
`append`: its events (with envelope and hash), its idempotency answer and any
checkpoint. SQL shared by both stores lives here; each backend supplies its
DDL, its connections and its global order (docs/decisions/001-event-store.md).
"""

from __future__ import annotations

import abc
import functools
import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from eventsourcing.persistence import IntegrityError, PersistenceError

from ledger.adapters.store.across import across
from ledger.adapters.store.group_commit import DEFAULT_LIMIT, GroupCommit, Write
from ledger.adapters.store.migrations import shape_digest
from ledger.adapters.store.ops_tables import OPS_COLUMNS_ADDED
from ledger.adapters.store.records import (
    ACCESS_COLUMNS,
    ACCESS_COLUMNS_ADDED,
    EVENT_COLUMNS,
    CheckpointRow,
    GlobalCursor,
    GlobalPage,
    IdempotentAnswer,
    StoredCheckpoint,
    TokenRow,
    record_from_row,
    record_params,
    token_params,
)
from ledger.adapters.store.tree import INSERT_ROWS as TREE_INSERT_ROWS
from ledger.adapters.store.tree import TreeNodes
from ledger.domain.record import Record

CHECKPOINT_COLUMNS = "campaign_id, position, state, head_hash, mac"
EVENTS_INSERT = f"INSERT INTO ledger_events ({EVENT_COLUMNS}) VALUES "
# Bound values per multi-row INSERT: the limit of SQLite before 3.32 (newer ones allow
# 32,766), so a statement fits any SQLite a deployment may link: 71 event rows, 249 nodes.
VALUES_PER_STATEMENT = 999
CHECKPOINT_UPSERT = ("ON CONFLICT (campaign_id, position) DO UPDATE SET state=excluded.state, "
                     "head_hash=excluded.head_hash, mac=excluded.mac")
# A checkpoint beside the chain's hash at its position.
_STORED_CHECKPOINT = ("SELECT c.position, c.state, c.head_hash, c.mac, e.hash FROM ledger_checkpoints c"
                      " LEFT JOIN ledger_events e ON e.campaign_id=c.campaign_id"
                      " AND e.position=c.position WHERE c.campaign_id=?")


class Cursor(Protocol):
    def execute(self, sql: Any, params: Any = ...) -> Any: ...
    def fetchall(self) -> Any: ...
    def fetchone(self) -> Any: ...


class PositionTaken(Exception):
    """Another writer recorded at this position first: reload, decide again."""


class IdempotencyKeyTaken(Exception):
    """Another request with this key committed first: answer with its response."""


class StoreUnavailable(Exception):
    """The database cannot be reached or written (503)."""


class EventStore(abc.ABC):
    ph = "?"
    kind = "abstract"
    read_only = False  # a replica store (PostgresStore(read_only=True)) writes nothing
    # Taken before a change that counts a campaign's tokens (SQLite serializes writers).
    access_lock_sql: str | None = None
    location: str  # for messages: the file, or the database and schema (never a password)

    # --- backend hooks -------------------------------------------------
    @abc.abstractmethod
    def transaction(self, *, write: bool) -> AbstractContextManager[Cursor]: ...

    @abc.abstractmethod
    def ddl(self) -> list[str]: ...

    @abc.abstractmethod
    def read_global(self, after: GlobalCursor, limit: int) -> GlobalPage:
        """Events of every campaign in one total order that never skips a committed event."""

    @abc.abstractmethod
    def global_lag(self, after: GlobalCursor, cap: int = 100_000) -> tuple[int, str | None]:
        """How many events of the global order follow `after` (counted up to `cap`), and
        when the oldest of them was recorded (for runners' lag)."""

    @abc.abstractmethod
    def close(self) -> None: ...

    @property
    def closed(self) -> bool:
        """Whether close() has begun: background threads (the feed hub) stop using it."""
        pool = getattr(getattr(self, "datastore", None), "pool", None)
        return bool(getattr(pool, "closed", False))

    @abc.abstractmethod
    def has_ledger(self) -> bool:
        """Whether setup() has made the tables here: commands that only read never run it."""

    # --- listeners: told after each committed append (metrics, the feed hub) --
    def add_append_listener(self, listener: Callable[[Sequence[Record]], None]) -> None:
        self.__dict__.setdefault("_append_listeners", []).append(listener)

    def appended(self, records: Sequence[Record]) -> None:
        for listener in self.__dict__.get("_append_listeners", ()):
            try:
                listener(records)
            except Exception:  # the events are committed: a listener must not fail the write
                logging.getLogger(__name__).exception("append listener failed")

    @functools.cached_property
    def tree(self) -> TreeNodes:
        """Each campaign's Merkle nodes (ledger/adapters/store/tree.py)."""
        return TreeNodes(self, lambda campaign_id, upto: iter_batches(self, campaign_id, upto))

    # Whether a table exists, one row of one boolean: the store's catalog query.
    table_exists_sql = ""

    def setup(self) -> None:
        """Make this code's tables, or bring an older store's up to them. A store already
        stamped with this code's shape is left alone, without a lock: `CREATE INDEX IF NOT
        EXISTS` and `ADD COLUMN IF NOT EXISTS` lock their table even when there is nothing
        to do, and a worker starting beside live traffic once deadlocked a running
        worker's append that way (a 503; docs/reliability.md)."""
        digest = self.shape_digest()
        with self.transaction(write=False) as c:
            if self.shape_stamped(c, digest):
                return
        self.build_schema(digest)

    def shape_digest(self) -> str:
        return shape_digest(self.ddl(), [*ACCESS_COLUMNS_ADDED, *OPS_COLUMNS_ADDED])

    def shape_stamped(self, c: Cursor, digest: str) -> bool:
        c.execute(self.q(self.table_exists_sql), ("ledger_schema_shape",))
        if not c.fetchone()[0]:
            return False
        c.execute(self.q("SELECT 1 FROM ledger_schema_shape WHERE digest = ?"), (digest,))
        return c.fetchone() is not None

    @abc.abstractmethod
    def build_schema(self, digest: str) -> None:
        """Create what is missing, run the versioned steps, and stamp `digest` last."""

    def create_tables(self) -> None:
        with self.transaction(write=True) as c:
            for statement in self.ddl():
                c.execute(statement)

    @abc.abstractmethod
    def relax_commit(self, c: Cursor) -> None:
        """Let this transaction commit without waiting for its WAL flush: only for derived
        rows that commit atomically with their own progress (a read model's batch and its
        tracking row), so that a crash loses whole batches, re-applied on restart."""

    def q(self, sql: str) -> str:
        return sql if self.ph == "?" else sql.replace("?", self.ph)

    # --- writes ---------------------------------------------------------
    # Most commands in one shared transaction (group_commit.py); 1: each alone.
    # LEDGER_GROUP_COMMIT overrides it.
    group_commit_limit = DEFAULT_LIMIT

    @functools.cached_property
    def committer(self) -> GroupCommit:
        """This process's appends, grouped into shared transactions (group_commit.py)."""
        return GroupCommit(self.commit_writes, self.group_commit_limit)

    def append(
        self,
        records: Sequence[Record],
        answer: IdempotentAnswer | None = None,
        checkpoints: Sequence[CheckpointRow] = (),
        seeds: Sequence[tuple[str, int, bytes]] = (),
        tokens: Sequence[TokenRow] = (),
    ) -> None:
        """Write a command's events, answer, checkpoints, sealed seeds and tokens atomically,
        and return once they are durable."""
        nodes, edges = self.tree.rows_for(records)
        try:
            self.committer.submit(Write(records, answer, checkpoints, seeds, tokens, nodes))
        except IntegrityError as exc:
            raise conflict(exc, answer) from exc
        self.tree.committed(edges)
        self.appended(records)

    def commit_writes(self, writes: Sequence[Write]) -> None:
        """Record the commands in one transaction, or none of them. Each command's answer
        and tokens go first (a taken Idempotency-Key fails before anything else); then the
        batch's events and tree nodes go in a few multi-row statements, since statements,
        not rows, are what a short write costs here."""
        with self.transaction(write=True) as c:
            for w in writes:
                if w.answer is not None:
                    self._insert_answer(c, w.answer)
                for t in w.tokens:
                    self._insert_token(c, t)
            self._insert_rows(c, EVENTS_INSERT, [record_params(r) for w in writes
                                                 for r in w.records])
            self._insert_rows(c, TREE_INSERT_ROWS, [node for w in writes for node in w.nodes])
            for w in writes:
                for row in w.checkpoints:
                    self._insert_checkpoint(c, row)
                for campaign_id, epoch, sealed in w.seeds:
                    c.execute(self.q("INSERT INTO ledger_seeds (campaign_id, epoch, sealed) "
                                     "VALUES (?,?,?)"), (campaign_id, epoch, sealed))

    def _insert_rows(self, c: Cursor, head: str, rows: Sequence[Sequence[Any]]) -> None:
        """`head` (an INSERT ending in VALUES) for these rows, as many a statement as fit."""
        if not rows:
            return
        width = len(rows[0])
        step = VALUES_PER_STATEMENT // width
        marks = "(" + ",".join("?" * width) + ")"
        for start in range(0, len(rows), step):
            chunk = rows[start:start + step]
            c.execute(self.q(head + ",".join([marks] * len(chunk))),
                      [value for row in chunk for value in row])

    def _insert_answer(self, c: Cursor, a: IdempotentAnswer) -> None:
        c.execute(
            self.q("INSERT INTO ledger_idempotency (campaign_id, scope, key, fingerprint, status,"
                   " body, position) VALUES (?,?,?,?,?,?,?)"),
            (a.campaign_id or "", a.scope, a.key, a.fingerprint, a.status, a.body, a.position),
        )

    def _insert_checkpoint(self, c: Cursor, row: CheckpointRow) -> None:
        # Replaces what is there: a checkpoint this code cannot read is rebuilt, never kept.
        c.execute(self.q(f"INSERT INTO ledger_checkpoints ({CHECKPOINT_COLUMNS}) VALUES "
                         f"(?,?,?,?,?) {CHECKPOINT_UPSERT}"),
                  (row.campaign_id, row.position, row.state, row.head_hash, row.mac))

    def put_checkpoint(self, campaign_id: str, position: int, blob: bytes | CheckpointRow) -> None:
        """Write one checkpoint; bare bytes are written unsealed (read back as stale)."""
        row = blob if isinstance(blob, CheckpointRow) else CheckpointRow(campaign_id, position, blob)
        with self.transaction(write=True) as c:
            self._insert_checkpoint(c, row)

    def repair_checkpoints(self, rows: Sequence[CheckpointRow]) -> bool:
        """A read's repair, in one transaction: when the store takes no writes (read-only,
        down), the read still answers and the checkpoints wait for a later read."""
        if self.read_only:  # a replica: the primary writes its own checkpoints
            return False
        try:
            with self.transaction(write=True) as c:
                for row in rows:
                    self._insert_checkpoint(c, row)
        except (StoreUnavailable, PersistenceError):
            logging.getLogger(__name__).warning("checkpoint not rewritten", exc_info=True)
            return False
        return True

    # --- reads ----------------------------------------------------------
    def read(
        self, campaign_id: str, after: int = 0, upto: int | None = None, limit: int | None = None
    ) -> list[Record]:
        return self.read_filtered(campaign_id, after=after, upto=upto, limit=limit)

    def read_filtered(
        self,
        campaign_id: str,
        *,
        after: int,
        limit: int | None,
        upto: int | None = None,
        character: str | None = None,
        types: Sequence[str] = (),
        session: int | None = None,
        scene: int | None = None,
    ) -> list[Record]:
        sql = f"SELECT {EVENT_COLUMNS} FROM ledger_events WHERE campaign_id=? AND position>?"
        params: list[Any] = [campaign_id, after]
        for column, value in (("position<=", upto), ("character_id=", character),
                              ("session=", session), ("scene=", scene)):
            if value is not None:
                sql += f" AND {column}?"
                params.append(value)
        if types:
            sql += f" AND type IN ({','.join('?' * len(types))})"
            params.extend(types)
        sql += " ORDER BY position"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        return [record_from_row(row) for row in self._all(sql, params)]

    def _one(self, sql: str, params: Sequence[Any]) -> Any:
        """The first row of a read (None when there is none)."""
        with self.transaction(write=False) as c:
            c.execute(self.q(sql), params)
            return c.fetchone()

    def _all(self, sql: str, params: Sequence[Any]) -> list[Any]:
        with self.transaction(write=False) as c:
            c.execute(self.q(sql), params)
            return list(c.fetchall())

    def head(self, campaign_id: str) -> int:
        row = self._one("SELECT MAX(position) FROM ledger_events WHERE campaign_id=?",
                        (campaign_id,))
        return int(row[0] or 0) if row else 0

    def position_at_time(self, campaign_id: str, recorded_at: str) -> int:
        """The last position recorded at or before an RFC 3339 UTC time (indexed)."""
        row = self._one("SELECT position FROM ledger_events WHERE campaign_id=? AND recorded_at<=? "
                        "ORDER BY recorded_at DESC, position DESC LIMIT 1", (campaign_id, recorded_at))
        return int(row[0]) if row else 0

    def checkpoint_at(self, campaign_id: str, position: int,
                      prefix: bytes = b"") -> tuple[int, bytes] | None:
        """The newest checkpoint at or below `position` (whose state starts with `prefix`)."""
        row = self._one("SELECT position, state FROM ledger_checkpoints WHERE campaign_id=? "
                        "AND position<=? AND substr(state, 1, ?)=? ORDER BY position DESC LIMIT 1",
                        (campaign_id, position, len(prefix), prefix))
        return (int(row[0]), bytes(row[1])) if row else None

    def stored_checkpoint(self, campaign_id: str, position: int,
                          prefix: bytes = b"") -> StoredCheckpoint | None:
        """Like `checkpoint_at`, with its seal and the chain's hash at its position."""
        row = self._one(f"{_STORED_CHECKPOINT} AND c.position<=? AND substr(c.state, 1, ?)=? "
                        "ORDER BY c.position DESC LIMIT 1",
                        (campaign_id, position, len(prefix), prefix))
        return _stored(row) if row else None

    def stored_checkpoints(self, campaign_id: str, after: int, upto: int) -> list[StoredCheckpoint]:
        """Every checkpoint in (after, upto], in position order, with seals and chain hashes."""
        rows = self._all(f"{_STORED_CHECKPOINT} AND c.position>? AND c.position<=? "
                         "ORDER BY c.position", (campaign_id, after, upto))
        return [_stored(row) for row in rows]

    def checkpoint_positions(self, campaign_id: str, after: int, upto: int) -> list[int]:
        rows = self._all("SELECT position FROM ledger_checkpoints WHERE campaign_id=? "
                         "AND position>? AND position<=? ORDER BY position",
                         (campaign_id, after, upto))
        return [int(row[0]) for row in rows]

    def answer(self, campaign_id: str, scope: str, key: str) -> IdempotentAnswer | None:
        """The answer stored under a key for a request on `campaign_id` (for a creation,
        the id the key derives: ledger/service/creation.py)."""
        return _answer_of(self._one(
            f"SELECT {ANSWER_COLUMNS} FROM ledger_idempotency WHERE campaign_id=? AND scope=?"
            " AND key=?", (campaign_id, scope, key)))

    def creation_answer_before_v1(self, scope: str, key: str) -> IdempotentAnswer | None:
        """A creation's answer stored before creation ids derived from the key (position 1
        is always a campaign's CampaignCreated, so only creations answer there)."""
        return _answer_of(self._one(
            across("creation-before-v1") + f"SELECT {ANSWER_COLUMNS} FROM ledger_idempotency"
            " WHERE scope=? AND key=? AND position=1", (scope, key)))

    def sealed_seed(self, campaign_id: str, epoch: int) -> bytes | None:
        row = self._one("SELECT sealed FROM ledger_seeds WHERE campaign_id=? AND epoch=?",
                        (campaign_id, epoch))
        return bytes(row[0]) if row else None

    def campaign_ids(self) -> list[str]:
        rows = self._all(across("campaign-list") + "SELECT campaign_id FROM ledger_events WHERE position=1 "
                         "ORDER BY campaign_id", ())
        return [row[0] for row in rows]

    def ping(self) -> None:
        self._one("SELECT 1", ())

    # --- tokens: outside the game stream, so a rewind never touches them --
    def _insert_token(self, c: Cursor, t: TokenRow) -> None:
        c.execute(self.q(f"INSERT INTO ledger_tokens ({ACCESS_COLUMNS}) VALUES ({','.join('?' * 12)})"),
                  token_params(t))

    def add_token(self, t: TokenRow, answer: IdempotentAnswer | None = None) -> None:
        try:
            with self.transaction(write=True) as c:
                if answer is not None:
                    self._insert_answer(c, answer)
                self._insert_token(c, t)
        except IntegrityError as exc:
            raise conflict(exc, answer) from exc

    def tokens(self, campaign_id: str) -> list[TokenRow]:
        return self._token_query("campaign_id=? ORDER BY created_at, id", (campaign_id,))

    def token(self, campaign_id: str, token_id: str) -> TokenRow | None:
        found = self._token_query("campaign_id=? AND id=?", (campaign_id, token_id))
        return found[0] if found else None

    def token_by_hash(self, secret_hash: str, campaign_id: str | None = None) -> TokenRow | None:
        """A token by its secret's hash: in the campaign the request names, or, where it
        names none (or the token is another campaign's), in any campaign."""
        if campaign_id is not None:
            found = self._token_query("campaign_id=? AND secret_hash=?", (campaign_id, secret_hash))
            if found:
                return found[0]
        found = self._token_query("secret_hash=?", (secret_hash,), across("token-by-hash"))
        return found[0] if found else None

    def _token_query(self, where: str, params: tuple[Any, ...], marker: str = "") -> list[TokenRow]:
        return [TokenRow(*tuple(row)) for row in self._all(
            f"{marker}SELECT {ACCESS_COLUMNS} FROM ledger_tokens WHERE {where}", params)]

    def revoke_token(self, campaign_id: str, token_id: str, when: str) -> bool:
        """Revoke a live token, unless it is the campaign's last live GM token: one statement
        that checks and changes (a compare-and-set). False when nothing changed."""
        with self.transaction(write=True) as c:
            if self.access_lock_sql:
                c.execute(self.q(self.access_lock_sql), (f"ledger-tokens:{campaign_id}",))
            c.execute(
                self.q("UPDATE ledger_tokens SET revoked_at=? WHERE campaign_id=? AND id=? "
                       "AND revoked_at IS NULL AND (role<>'gm' OR (SELECT COUNT(*) FROM "
                       "ledger_tokens WHERE campaign_id=? AND role='gm' AND revoked_at IS NULL)>1)"
                       " RETURNING id"),
                (when, campaign_id, token_id, campaign_id),
            )
            return c.fetchone() is not None

    def rotate_token(self, old: TokenRow, new: TokenRow, answer: IdempotentAnswer | None = None
                     ) -> bool:
        """Revoke `old` and add `new` in one transaction if `old` is still live (a
        compare-and-set: of concurrent rotations, one wins). False when it was not."""
        try:
            with self.transaction(write=True) as c:
                if answer is not None:
                    self._insert_answer(c, answer)
                c.execute(self.q("UPDATE ledger_tokens SET revoked_at=? WHERE campaign_id=? AND id=?"
                                 " AND revoked_at IS NULL RETURNING id"),
                          (new.created_at, old.campaign_id, old.id))
                if c.fetchone() is None:
                    raise _NotLive  # rolls back the answer too
                self._insert_token(c, new)
        except _NotLive:
            return False
        except IntegrityError as exc:
            raise conflict(exc, answer) from exc
        return True


def _stored(row: Any) -> StoredCheckpoint:
    v = tuple(row)
    return StoredCheckpoint(int(v[0]), bytes(v[1]), v[2], bytes(v[3]) if v[3] is not None else None,
                            v[4])


class _NotLive(Exception):
    pass


ANSWER_COLUMNS = "scope, key, fingerprint, status, body, campaign_id, position"


def _answer_of(row: Any) -> IdempotentAnswer | None:
    if not row:
        return None
    v = tuple(row)
    return IdempotentAnswer(v[0], v[1], v[2], int(v[3]), bytes(v[4]), v[5] or None, v[6])


def conflict(exc: IntegrityError, answer: IdempotentAnswer | None) -> Exception:
    """What a unique-key violation on append means: a retried request, or a lost race."""
    if answer is not None and _on_idempotency_table(exc):
        return IdempotencyKeyTaken(answer.key)
    return PositionTaken(str(exc))


def _on_idempotency_table(exc: IntegrityError) -> bool:
    """Whether the violated key is the idempotency table's: PostgreSQL names the table in
    the error's fields (its message also quotes the key's values, a campaign id among
    them); SQLite's message names only tables and columns."""
    diag = getattr(exc.__cause__, "diag", None)
    table = getattr(diag, "table_name", None)
    if table:
        return bool(table == "ledger_idempotency")
    return "ledger_idempotency" in str(exc)


def iter_batches(store: EventStore, campaign_id: str, upto: int, size: int = 5000) -> Iterator[list[Record]]:
    """Read a stream in batches: rebuilds and replays never hold it all in memory."""
    after = 0
    while after < upto:
        batch = store.read(campaign_id, after=after, upto=upto, limit=size)
        if not batch:
            return
        yield batch
        after = batch[-1].position


__all__ = [
    "EventStore",
    "IdempotencyKeyTaken",
    "PersistenceError",
    "PositionTaken",
    "StoreUnavailable",
    "iter_batches",
]
