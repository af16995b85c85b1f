"""A store made before tokens recorded their lineage and issuer gains those columns in
place on the next start; its old rows keep working (their lineage is themselves)."""

from __future__ import annotations

from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import ACCESS_COLUMNS_ADDED


def test_a_token_table_from_an_older_version_gains_the_new_columns(store: EventStore) -> None:
    with store.transaction(write=True) as c:
        for column in ACCESS_COLUMNS_ADDED:
            c.execute(f"ALTER TABLE ledger_tokens DROP COLUMN {column}")
        c.execute("DROP TABLE ledger_schema_shape")  # older versions stamped none
        c.execute(store.q("INSERT INTO ledger_tokens (id, campaign_id, role, character_id, label,"
                          " secret_hash, created_at) VALUES (?,?,?,?,?,?,?)"),
                  ("tokold", "cmp_old", "gm", None, "GM", "ab" * 32, "2024-01-01T00:00:00Z"))
    store.setup()
    store.setup()  # a second start finds nothing to add
    (old,) = store.tokens("cmp_old")
    assert (old.lineage, old.replaces, old.issuer_role, old.scope) == (None, None, None, "tokold")
