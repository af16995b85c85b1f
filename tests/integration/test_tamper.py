"""Tampering with stored rows directly, on SQLite and PostgreSQL: each kind is detected."""

from __future__ import annotations

import json

import msgspec
import pytest

from ledger.adapters.signing import HeadSigner, signature_ok
from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import EVENT_COLUMNS, record_params
from ledger.domain.audit.reports import Report
from ledger.domain.audit.verify import verify
from ledger.domain.chain import chain_hash
from ledger.domain.record import Record
from ledger.entry.cli import main
from ledger.service.audit.sources import from_store
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from tests.integration.audit_helpers import played, sql, use_store
from tests.unit.audit_helpers import Edit, rehash


def check(store: EventStore, campaign_id: str, expect_head: str | None = None) -> Report:
    return verify(from_store(store, campaign_id).records, expect_head)


def records(store: EventStore, campaign_id: str) -> list[Record]:
    return store.read(campaign_id)


def rewrite_all(store: EventStore, campaign_id: str, position: int, change: Edit) -> None:
    """A forger with database access: edit one event and recompute every later hash."""
    for record in rehash(records(store, campaign_id), position, change):
        sql(store, "UPDATE ledger_events SET data=?, hash=? WHERE campaign_id=? AND position=?",
            record.data, record.hash, campaign_id, record.position)


def test_an_untouched_history_verifies(ledger: Ledger, store: EventStore) -> None:
    campaign_id, _ = played(ledger)
    report = check(store, campaign_id)
    assert report.ok
    assert report.chain.length == 8


def test_editing_an_events_data_breaks_the_chain_at_that_position(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id, _ = played(ledger)
    data = json.loads(records(store, campaign_id)[4].data) | {"after": 11}
    sql(store, "UPDATE ledger_events SET data=? WHERE campaign_id=? AND position=5",
        json.dumps(data).encode(), campaign_id)
    report = check(store, campaign_id)
    assert not report.ok
    assert report.chain.first_break == 5


def test_editing_an_envelope_field_breaks_the_chain(ledger: Ledger, store: EventStore) -> None:
    campaign_id, _ = played(ledger)
    sql(store, "UPDATE ledger_events SET actor_role='player' WHERE campaign_id=? AND position=6",
        campaign_id)
    assert check(store, campaign_id).chain.first_break == 6


def test_deleting_a_row_breaks_the_chain_at_the_missing_position(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id, _ = played(ledger)
    sql(store, "DELETE FROM ledger_events WHERE campaign_id=? AND position=5", campaign_id)
    report = check(store, campaign_id)
    assert report.chain.first_break == 5
    assert report.chain.length == 7


def test_inserting_a_row_breaks_the_chain(ledger: Ledger, store: EventStore) -> None:
    campaign_id, _ = played(ledger)
    sql(store, "UPDATE ledger_events SET position=-position WHERE campaign_id=? AND position>=5",
        campaign_id)
    sql(store, "UPDATE ledger_events SET position=1-position WHERE campaign_id=? AND position<0",
        campaign_id)
    fourth = records(store, campaign_id)[3]
    forged = msgspec.structs.replace(records(store, campaign_id)[4], position=5,
                                     correlation_id="cor_forged")
    forged = msgspec.structs.replace(forged, hash=chain_hash(fourth.hash, forged))  # looks right
    marks = ",".join("?" * 14)
    sql(store, f"INSERT INTO ledger_events ({EVENT_COLUMNS}) VALUES ({marks})",
        *record_params(forged))
    report = check(store, campaign_id)
    assert report.chain.first_break == 6  # the event after it no longer chains
    assert report.chain.length == 9


def test_appending_a_row_without_its_hash_breaks_the_chain(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id, _ = played(ledger)
    last = records(store, campaign_id)[-1]
    forged = msgspec.structs.replace(last, position=9, hash="f" * 64)
    marks = ",".join("?" * 14)
    sql(store, f"INSERT INTO ledger_events ({EVENT_COLUMNS}) VALUES ({marks})",
        *record_params(forged))
    assert check(store, campaign_id).chain.first_break == 9


def test_truncating_the_history_is_caught_by_a_head_saved_earlier(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id, _ = played(ledger)
    saved = records(store, campaign_id)[-1].hash
    sql(store, "DELETE FROM ledger_events WHERE campaign_id=? AND position>=7", campaign_id)
    report = check(store, campaign_id, expect_head=saved)
    assert report.chain.ok  # a shorter chain is still a chain
    assert not report.ok
    assert report.expected_head is not None
    assert report.expected_head.found_at is None


def test_rewriting_and_rehashing_everything_is_caught_by_a_saved_signed_head(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id, _ = played(ledger)
    head = records(store, campaign_id)[-1]
    signed = HeadSigner(ledger.box).sign(campaign_id, head.position, head.hash)
    rewrite_all(store, campaign_id, 4, lambda d: d.update(after=d["before"]))
    report = check(store, campaign_id, expect_head=signed.head_hash)
    assert report.chain.ok
    assert not report.ok
    assert signature_ok(signed)  # the saved head is genuine, and the history no longer has it
    assert records(store, campaign_id)[-1].hash != signed.head_hash


def test_changing_a_die_and_rehashing_is_caught_by_the_dice(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id, _ = played(ledger)
    value = json.loads(records(store, campaign_id)[6].data)["dice"][0]["value"]
    rewrite_all(store, campaign_id, 7, lambda d: d["dice"][0].update(value=value % 6 + 1))
    report = check(store, campaign_id)
    assert report.chain.ok
    assert [(m.position, m.problem) for m in report.dice.mismatches] == [(7, "value")]


def test_the_verify_command_reports_the_first_break_and_fails(
        ledger: Ledger, store: EventStore, store_config: Config,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    campaign_id, _ = played(ledger)
    use_store(monkeypatch, store_config)
    assert main(["verify", campaign_id]) == 0
    sql(store, "DELETE FROM ledger_events WHERE campaign_id=? AND position=3", campaign_id)
    assert main(["verify", campaign_id]) == 1
    assert "the hash chain breaks at position 3" in capsys.readouterr().out
