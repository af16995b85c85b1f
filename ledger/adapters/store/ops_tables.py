"""Tables of the operational side: webhooks, their delivery log, runner heartbeats.

They live beside the event store (never in a game stream, so a rewind never touches
them) and are created by each backend's `ddl()` with the rest.
"""

from __future__ import annotations

# Each read model's (and the webhook enqueuer's) cursor in the global order.
TRACKING_DDL = (
    "CREATE TABLE IF NOT EXISTS ledger_projection_tracking ("
    " name TEXT PRIMARY KEY, tx BIGINT NOT NULL, seq BIGINT NOT NULL, updated_at TEXT)"
)


# Columns added after the tables' first release: (table, column, type); each backend's
# setup() adds them to older stores.
OPS_COLUMNS_ADDED = (("ledger_webhooks", "tree_heads", "INTEGER NOT NULL DEFAULT 0"),)


def ops_ddl(kind: str) -> list[str]:
    """CREATE statements for `kind` ("sqlite" or "postgres")."""
    blob = "BYTEA" if kind == "postgres" else "BLOB"
    return [
        "CREATE TABLE IF NOT EXISTS ledger_webhooks ("
        " id TEXT PRIMARY KEY, campaign_id TEXT NOT NULL, url TEXT NOT NULL,"
        f" types TEXT NOT NULL, sealed_secret {blob} NOT NULL, after_position BIGINT NOT NULL,"
        " created_at TEXT NOT NULL, deleted_at TEXT, activated_at TEXT,"
        " tree_heads INTEGER NOT NULL DEFAULT 0)",
        "CREATE INDEX IF NOT EXISTS ledger_webhooks_campaign ON ledger_webhooks (campaign_id)",
        # One row per (webhook, event): the unique pair makes enqueueing exactly-once.
        "CREATE TABLE IF NOT EXISTS ledger_webhook_deliveries ("
        " id TEXT PRIMARY KEY, webhook_id TEXT NOT NULL, campaign_id TEXT NOT NULL,"
        " position BIGINT NOT NULL, event_type TEXT NOT NULL, status TEXT NOT NULL,"
        " attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT NOT NULL,"
        " lease_until TEXT, last_status INTEGER, last_error TEXT,"
        " created_at TEXT NOT NULL, delivered_at TEXT, UNIQUE (webhook_id, position))",
        "CREATE INDEX IF NOT EXISTS ledger_webhook_deliveries_due"
        " ON ledger_webhook_deliveries (status, webhook_id, position)",
        "CREATE TABLE IF NOT EXISTS ledger_webhook_attempts ("
        " delivery_id TEXT NOT NULL, attempt INTEGER NOT NULL, webhook_id TEXT NOT NULL,"
        " at TEXT NOT NULL, http_status INTEGER, error TEXT, duration_ms INTEGER NOT NULL,"
        " PRIMARY KEY (delivery_id, attempt))",
        "CREATE TABLE IF NOT EXISTS ledger_runner_heartbeats ("
        " name TEXT PRIMARY KEY, pid INTEGER NOT NULL, host TEXT NOT NULL,"
        " started_at TEXT NOT NULL, beat_at TEXT NOT NULL)",
        # The read models' tracking table (also created by their runner), so that health
        # checks can read every runner's cursor before any runner has started.
        TRACKING_DDL,
    ]
