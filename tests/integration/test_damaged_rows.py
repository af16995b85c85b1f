"""A stored row whose data is not canonical JSON (NaN, cut short, not UTF-8), written
straight into each store: verification and export report it, never crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from api import create_app
from ledger.adapters.store.base import EventStore
from ledger.domain.audit.verify import verify
from ledger.entry.cli import main
from ledger.service.audit.sources import from_store
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from ledger.service.tokens import issue_token
from tests.api_client import ApiClient
from tests.integration.audit_helpers import played, sql, use_store

DAMAGED = {
    "nan": b'{"character_id": null, "resource": "mana", "amount": NaN}',
    "truncated": b'{"character_id": null, "resource": "ma',
    "invalid-utf8": b'{"character_id": null, "reason": "\xff\xfe"}',
}


@pytest.fixture(params=sorted(DAMAGED))
def damaged(request: pytest.FixtureRequest, ledger: Ledger, store: EventStore) -> str:
    """A played campaign whose event 5 holds damaged data."""
    campaign_id, _ = played(ledger)
    sql(store, "UPDATE ledger_events SET data=? WHERE campaign_id=? AND position=5",
        DAMAGED[request.param], campaign_id)
    return campaign_id


def test_verification_reports_a_damaged_row_as_the_first_break(
        damaged: str, store: EventStore) -> None:
    report = verify(from_store(store, damaged).records)
    assert not report.ok
    assert (report.chain.first_break, report.chain.problem) == (5, "unreadable-data")
    assert report.chain.length == 8


def test_the_verify_endpoint_answers_200_with_a_damaged_row_as_the_break(
        damaged: str, ledger: Ledger, store_config: Config) -> None:
    _, token = issue_token(ledger.store, ledger.box, damaged, "gm", None, "GM")
    app = create_app(store_config)  # a fresh server: nothing of the campaign is cached
    try:
        answer = ApiClient(app.test_client()).get(f"/v1/campaigns/{damaged}/verify", token=token)
        assert answer.status == 200, answer
        assert answer["ok"] is False
        assert answer["chain"]["first_break"] == 5
        assert answer["chain"]["problem"] == "unreadable-data"
    finally:
        app.extensions["ledger"].store.close()


def test_the_verify_command_reports_a_damaged_row_and_fails_cleanly(
        damaged: str, store_config: Config, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    use_store(monkeypatch, store_config)
    assert main(["verify", damaged]) == 1
    out = capsys.readouterr().out
    assert "the hash chain breaks at position 5" in out
    assert "unreadable" in out


def test_exporting_a_campaign_with_a_damaged_row_fails_naming_its_position(
        damaged: str, store_config: Config, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    use_store(monkeypatch, store_config)
    target = tmp_path / "out.jsonl"
    assert main(["export", damaged, "-o", str(target)]) == 1
    assert "position 5" in capsys.readouterr().err
    assert not target.exists()  # no half-written file that looks like an export
