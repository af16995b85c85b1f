"""The statements that read a campaign-keyed table without naming one campaign.

Every other statement on a table keyed by campaign (ledger/adapters/store/keyed_tables.py,
the events, checkpoints, seeds and tree nodes, and the read models) filters or inserts by
`campaign_id`, so on Citus it routes to the one shard holding that campaign. These few
cannot, by their nature; each carries its name in a leading SQL comment
(`across("name")`), and the PostgreSQL suite's statement check (tests/statement_check.py)
refuses any other. docs/scaling.md repeats the list for operators.
"""

from __future__ import annotations

ACROSS: dict[str, str] = {
    "global-order": "the runners' global order (read_global, global_lag) spans campaigns by "
                    "design; on Citus each worker's shards are read in (tx, gid) order and "
                    "merged, or the runners move to logical decoding (docs/scaling.md)",
    "token-by-hash": "a bearer token names no campaign: on a campaign's path it is looked up "
                     "in that campaign; only a path without one (/v1/me, creation by an "
                     "admin token) or a token of another campaign (a 404) looks in all of "
                     "them; on Citus a multi-shard lookup on an index (one row), or a "
                     "reference table of (hash -> campaign) written with the token",
    "creation-before-v1": "a campaign created before schema version 1 stored its "
                          "Idempotency-Key answer under its own random id; a retry of such a "
                          "creation finds it by (scope, key). Rare (only retries of old "
                          "creations), and empty on any store made at version 1 or later",
    "campaign-list": "listing every campaign (operators' tools: backup, verify --all); a "
                     "multi-shard scan of position 1 rows, never on a request's path",
    "webhook-runner": "the delivery runner scans every campaign's live webhooks and due "
                      "deliveries; on Citus a multi-shard query per poll, or one runner per "
                      "worker node reading its own shards",
    "schema-migration": "a versioned step (migrations.py) copies whole tables once, in setup, "
                        "before the store takes requests; on Citus a step is run as DDL "
                        "and distributed INSERT … SELECT, shard by shard",
    "operator-counts": "health and metrics counts over whole tables (webhook failures, "
                       "delivery states, event totals): multi-shard aggregates, run per scrape",
}


def across(name: str) -> str:
    """The marker that names a statement's reason to span campaigns (KeyError if unlisted)."""
    if name not in ACROSS:  # fails at the statement's author, not in a later check
        raise KeyError(f"{name!r} is not a listed reason to span campaigns")
    return f"/* across campaigns: {name} */ "
