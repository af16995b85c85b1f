"""Tables of the operational side: tokens, idempotency answers, webhooks and their
delivery log (keyed by campaign: ledger/adapters/store/keyed_tables.py), runner
heartbeats and cursors.

They live beside the event store (never in a game stream, so a rewind never touches
them) and are created by each backend's `ddl()` with the rest.
"""

from __future__ import annotations

from ledger.adapters.store.keyed_tables import keyed_ddl

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
    return [
        *keyed_ddl(kind),
        "CREATE TABLE IF NOT EXISTS ledger_runner_heartbeats ("
        " name TEXT PRIMARY KEY, pid INTEGER NOT NULL, host TEXT NOT NULL,"
        " started_at TEXT NOT NULL, beat_at TEXT NOT NULL)",
        # The read models' tracking table (also created by their runner), so that health
        # checks can read every runner's cursor before any runner has started.
        TRACKING_DDL,
    ]
