"""Versioned schema steps, run by `setup()` inside its transaction.

`CREATE … IF NOT EXISTS` makes a fresh store in today's shape but leaves an older
store's tables as they were. `ledger_schema_version` records which steps a store has
had: a store made fresh is stamped with the newest version; a store with events but no
version row predates the steps (version 0) and gets every step, in order, in the same
transaction as the rest of `setup()` (PostgreSQL takes its setup lock first; SQLite
serializes writers). A step never deletes a row; it only reshapes keys.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from ledger.adapters.store.across import across
from ledger.adapters.store.keyed_tables import KEYED_INDEXES, keyed_tables

VERSION_DDL = ("CREATE TABLE IF NOT EXISTS ledger_schema_version ("
               " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)")
# What setup() has made, as a digest of its statements: a store stamped with this code's
# digest needs no setup at all (EventStore.setup).
SHAPE_DDL = ("CREATE TABLE IF NOT EXISTS ledger_schema_shape ("
             " digest TEXT PRIMARY KEY, stamped_at TEXT NOT NULL)")
# Bump when setup() changes in a way its digested statements do not show (a new ALTER
# written out in a store's setup, say): stores stamped before then run setup once more.
SETUP_REVISION = 1


class Cursor(Protocol):
    def execute(self, sql: Any, params: Any = ...) -> Any: ...
    def fetchone(self) -> Any: ...
    def fetchall(self) -> Any: ...


# How each table's rows move into its version-1 shape: target columns, then the source
# expression of each (attempts take their campaign from their delivery).
_V1_COPIES: dict[str, tuple[str, str]] = {
    "ledger_idempotency": (
        "campaign_id, scope, key, fingerprint, status, body, position",
        "COALESCE(campaign_id, ''), scope, key, fingerprint, status, body, position"
        " FROM ledger_idempotency"),
    "ledger_tokens": (
        "id, campaign_id, role, character_id, label, secret_hash, created_at, revoked_at,"
        " lineage, replaces, issuer_role, issuer_token",
        "id, campaign_id, role, character_id, label, secret_hash, created_at, revoked_at,"
        " lineage, replaces, issuer_role, issuer_token FROM ledger_tokens"),
    "ledger_webhooks": (
        "id, campaign_id, url, types, sealed_secret, after_position, created_at, deleted_at,"
        " activated_at, tree_heads",
        "id, campaign_id, url, types, sealed_secret, after_position, created_at, deleted_at,"
        " activated_at, tree_heads FROM ledger_webhooks"),
    "ledger_webhook_deliveries": (
        "id, webhook_id, campaign_id, position, event_type, status, attempts, next_attempt_at,"
        " lease_until, last_status, last_error, created_at, delivered_at",
        "id, webhook_id, campaign_id, position, event_type, status, attempts, next_attempt_at,"
        " lease_until, last_status, last_error, created_at, delivered_at"
        " FROM ledger_webhook_deliveries"),
    "ledger_webhook_attempts": (
        "campaign_id, delivery_id, attempt, webhook_id, at, http_status, error, duration_ms",
        "COALESCE((SELECT d.campaign_id FROM ledger_webhook_deliveries d"
        " WHERE d.id=a.delivery_id), ''), a.delivery_id, a.attempt, a.webhook_id, a.at,"
        " a.http_status, a.error, a.duration_ms FROM ledger_webhook_attempts a"),
}


def _campaign_keys(c: Cursor, kind: str) -> None:
    """Version 1: every key of a growing table starts with the campaign id (Citus-ready).
    Each table is built anew under a scratch name, filled, and put in the old one's place:
    one way for both stores (SQLite cannot alter a primary key)."""
    tables = keyed_tables(kind)
    # Attempts read their campaign from the deliveries, so they move first.
    for name in ("ledger_webhook_attempts", *(t for t in tables if t != "ledger_webhook_attempts")):
        scratch = f"{name}_v1"
        columns, source = _V1_COPIES[name]
        c.execute(f"DROP TABLE IF EXISTS {scratch}")
        c.execute(tables[name].format(name=scratch))
        c.execute(across("schema-migration") + f"INSERT INTO {scratch} ({columns}) SELECT {source}")
        c.execute(f"DROP TABLE {name}")
        c.execute(f"ALTER TABLE {scratch} RENAME TO {name}")
        if kind == "postgres":
            _rename_constraints(c, scratch, name)
    for statement in KEYED_INDEXES:
        c.execute(statement)


def _rename_constraints(c: Cursor, scratch: str, name: str) -> None:
    """Give the rebuilt table's keys the names a fresh store's have (PostgreSQL names
    them after the table they were made on)."""
    c.execute("SELECT conname FROM pg_constraint WHERE conrelid = to_regclass(%s)", (name,))
    for (old,) in c.fetchall():
        if old.startswith(scratch):
            c.execute(f'ALTER TABLE {name} RENAME CONSTRAINT "{old}" TO "{name}{old[len(scratch):]}"')


@dataclass(frozen=True)
class Step:
    version: int
    name: str
    run: Callable[[Cursor, str], None]


STEPS = (Step(1, "campaign id in every key of a growing table", _campaign_keys),)
LATEST = STEPS[-1].version


def migrate(c: Cursor, kind: str, q: Callable[[str], str], *, existed: bool) -> list[int]:
    """Bring the store to LATEST; `existed`: it had events before this setup. Returns the
    versions applied (none for a fresh or current store)."""
    c.execute(VERSION_DDL)
    c.execute("SELECT MAX(version) FROM ledger_schema_version")
    row = c.fetchone()
    current = row[0]  # MAX() always answers one row
    if current is None and not existed:
        _stamp(c, q, STEPS[-1])
        return []
    applied = []
    for step in STEPS:
        if step.version > (current or 0):
            step.run(c, kind)
            _stamp(c, q, step)
            applied.append(step.version)
    return applied


def _stamp(c: Cursor, q: Callable[[str], str], step: Step) -> None:
    c.execute(q("INSERT INTO ledger_schema_version (version, name, applied_at) VALUES (?,?,?)"),
              (step.version, step.name, datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")))


def shape_digest(statements: Sequence[str], added_columns: Sequence[object]) -> str:
    """The shape setup() makes: its CREATE statements, the columns it adds to older
    stores, the newest versioned step and SETUP_REVISION."""
    text = "\n".join([f"setup revision {SETUP_REVISION}", f"steps {LATEST}", *statements,
                      *(repr(column) for column in added_columns)])
    return hashlib.sha256(text.encode()).hexdigest()


def stamp_shape(c: Cursor, q: Callable[[str], str], digest: str) -> None:
    """Record that setup() has made this shape (in its last transaction)."""
    c.execute(SHAPE_DDL)
    c.execute(q("INSERT INTO ledger_schema_shape (digest, stamped_at) VALUES (?,?)"
                " ON CONFLICT (digest) DO NOTHING"),
              (digest, datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")))
