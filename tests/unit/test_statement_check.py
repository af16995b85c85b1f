"""The statement check refuses what would fan out on Citus and accepts the listed reasons."""

from __future__ import annotations

import pytest

from ledger.adapters.store.across import across
from tests.statement_check import problem


def test_a_read_filtered_by_campaign_passes() -> None:
    assert problem("SELECT position, state FROM ledger_checkpoints WHERE campaign_id=%s "
                   "AND position<=%s") is None


def test_an_insert_naming_the_campaign_column_passes() -> None:
    assert problem("WITH a AS (INSERT INTO ledger_idempotency (campaign_id, scope, key) "
                   "VALUES (%s,%s,%s)) INSERT INTO ledger_events (campaign_id, position) "
                   "VALUES (%s,%s)") is None


def test_a_read_of_a_keyed_table_without_its_campaign_fails() -> None:
    found = problem("SELECT id FROM ledger_webhooks WHERE id=%s")
    assert found is not None
    assert "ledger_webhooks" in found


def test_an_update_by_id_alone_fails() -> None:
    assert problem("UPDATE ledger_webhook_deliveries SET lease_until=%s WHERE id=%s") is not None


def test_an_insert_without_the_campaign_column_fails() -> None:
    found = problem("INSERT INTO ledger_webhook_attempts (delivery_id, attempt) VALUES (%s,%s)")
    assert found == "inserts into ledger_webhook_attempts without campaign_id"


def test_a_listed_reason_passes_and_an_unlisted_one_fails() -> None:
    assert problem(across("token-by-hash") + "SELECT id FROM ledger_tokens WHERE secret_hash=%s") is None
    assert problem("/* across campaigns: because */ SELECT id FROM ledger_tokens") is not None
    with pytest.raises(KeyError):
        across("because")


def test_schema_changes_and_other_tables_are_not_checked() -> None:
    assert problem("CREATE INDEX IF NOT EXISTS x ON ledger_events (tx, gid)") is None
    assert problem("SELECT name FROM ledger_runner_heartbeats") is None


def test_a_catalog_lookup_naming_a_table_as_a_string_is_not_a_read_of_it() -> None:
    assert problem("SELECT to_regclass('ledger_events')") is None
