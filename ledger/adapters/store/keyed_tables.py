"""The tables whose keys carry the campaign id since schema version 1 (docs/scaling.md).

Citus distributes a table by one column and needs that column in every primary and
unique key; here it is `campaign_id` everywhere, so a campaign's rows of every table
live on one shard. Fresh stores are made with these statements; older stores get them
through the versioned step in ledger/adapters/store/migrations.py, which rebuilds or
alters the tables into the same shape. `{name}` lets that step build a table under a
scratch name first (SQLite cannot change a primary key in place).
"""

from __future__ import annotations


def keyed_tables(kind: str) -> dict[str, str]:
    """Table name -> its CREATE statement (with `{name}` for the table's name)."""
    blob, big = ("BYTEA", "BIGINT") if kind == "postgres" else ("BLOB", "INTEGER")
    return {
        "ledger_idempotency": (
            "CREATE TABLE IF NOT EXISTS {name} ("
            " campaign_id TEXT NOT NULL, scope TEXT NOT NULL, key TEXT NOT NULL,"
            f" fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body {blob} NOT NULL,"
            f" position {big}, PRIMARY KEY (campaign_id, scope, key))"),
        "ledger_tokens": (
            "CREATE TABLE IF NOT EXISTS {name} ("
            " id TEXT NOT NULL, campaign_id TEXT NOT NULL, role TEXT NOT NULL,"
            " character_id TEXT, label TEXT NOT NULL, secret_hash TEXT NOT NULL,"
            " created_at TEXT NOT NULL, revoked_at TEXT, lineage TEXT, replaces TEXT,"
            " issuer_role TEXT, issuer_token TEXT,"
            " PRIMARY KEY (campaign_id, id), UNIQUE (campaign_id, secret_hash))"),
        "ledger_webhooks": (
            "CREATE TABLE IF NOT EXISTS {name} ("
            " id TEXT NOT NULL, campaign_id TEXT NOT NULL, url TEXT NOT NULL,"
            f" types TEXT NOT NULL, sealed_secret {blob} NOT NULL, after_position {big} NOT NULL,"
            " created_at TEXT NOT NULL, deleted_at TEXT, activated_at TEXT,"
            " tree_heads INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (campaign_id, id))"),
        # One row per (webhook, event): the unique triple makes enqueueing exactly-once.
        "ledger_webhook_deliveries": (
            "CREATE TABLE IF NOT EXISTS {name} ("
            " id TEXT NOT NULL, webhook_id TEXT NOT NULL, campaign_id TEXT NOT NULL,"
            f" position {big} NOT NULL, event_type TEXT NOT NULL, status TEXT NOT NULL,"
            " attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT NOT NULL,"
            " lease_until TEXT, last_status INTEGER, last_error TEXT,"
            " created_at TEXT NOT NULL, delivered_at TEXT,"
            " PRIMARY KEY (campaign_id, id), UNIQUE (campaign_id, webhook_id, position))"),
        "ledger_webhook_attempts": (
            "CREATE TABLE IF NOT EXISTS {name} ("
            " campaign_id TEXT NOT NULL, delivery_id TEXT NOT NULL, attempt INTEGER NOT NULL,"
            " webhook_id TEXT NOT NULL, at TEXT NOT NULL, http_status INTEGER, error TEXT,"
            " duration_ms INTEGER NOT NULL, PRIMARY KEY (campaign_id, delivery_id, attempt))"),
    }


# Their indexes (dropped with a rebuilt table, so the step makes them again).
KEYED_INDEXES = (
    "CREATE INDEX IF NOT EXISTS ledger_webhooks_campaign ON ledger_webhooks (campaign_id)",
    "CREATE INDEX IF NOT EXISTS ledger_webhook_deliveries_due"
    " ON ledger_webhook_deliveries (status, webhook_id, position)",
    # A bearer token names no campaign: its lookup by hash is the one read of this table
    # across campaigns (docs/scaling.md, "Statements across campaigns").
    "CREATE INDEX IF NOT EXISTS ledger_tokens_hash ON ledger_tokens (secret_hash)",
)


def keyed_ddl(kind: str) -> list[str]:
    return [create.format(name=name) for name, create in keyed_tables(kind).items()] + list(
        KEYED_INDEXES)
