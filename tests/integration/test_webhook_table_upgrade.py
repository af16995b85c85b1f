"""A webhook table from before tree-head subscriptions gains the column in place on the next
start; its registrations keep working, without tree heads."""

from __future__ import annotations

from ledger.adapters.store import webhooks as hooks
from ledger.adapters.store.base import EventStore


def test_a_webhook_table_from_an_older_version_gains_the_tree_heads_column(
        store: EventStore) -> None:
    with store.transaction(write=True) as c:
        c.execute("ALTER TABLE ledger_webhooks DROP COLUMN tree_heads")
        c.execute("DROP TABLE ledger_schema_shape")  # older versions stamped none
        c.execute(store.q("INSERT INTO ledger_webhooks (id, campaign_id, url, types,"
                          " sealed_secret, after_position, created_at) VALUES (?,?,?,?,?,?,?)"),
                  ("whk_old", "cmp_old", "http://example.test", '["*"]', b"sealed", 0,
                   "2024-01-01T00:00:00Z"))
    store.setup()
    store.setup()  # a second start finds nothing to add
    (old,) = hooks.webhooks(store, "cmp_old")
    assert (old.id, old.tree_heads) == ("whk_old", False)
