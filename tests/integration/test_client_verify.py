"""The client's offline verifier against the server's own, on exports tampered with in
every way the threat model lists (docs/history.md), on both stores.

The two were written separately (the client from the documents only), so agreeing on
each case checks both against the specification.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from campaign_ledger_client._derive import GENESIS, chain_hash
from campaign_ledger_client.verify import verify_export

from ledger.adapters.export_format import read_history
from ledger.adapters.store.base import EventStore
from ledger.domain import clock, rolls
from ledger.domain.campaign import create_campaign
from ledger.entry.cli import main
from ledger.service.audit.offline import verify_history
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from tests.integration.audit_helpers import GM, append_v1_session_end, played, use_store

Rows = list[dict[str, Any]]


def _events(rows: Rows) -> Rows:
    return [r for r in rows if r["kind"] == "event"]


def _rehash(rows: Rows) -> Rows:
    """Recompute every event hash, as a forger without the server key would."""
    previous, campaign_id = GENESIS, rows[0]["campaign_id"]
    for row in _events(rows):
        row["hash"] = chain_hash(previous, campaign_id, row)
        previous = row["hash"]
    return rows


def _server_roll(rows: Rows) -> dict[str, Any]:
    """The first server roll of an epoch the file reveals (epoch 1: position 7)."""
    revealed = {r["data"].get("revealed_epoch") for r in _events(rows)}
    return next(r for r in _events(rows) if r["data"].get("source") == "server"
                and r["data"].get("epoch") in revealed)


def _edit_data(rows: Rows) -> Rows:
    _events(rows)[4]["data"]["amount"] = 1
    return rows


def _rewrite_early(rows: Rows) -> Rows:
    """Edit an event before the session's end and recompute every hash after it."""
    return _rehash(_edit_data(rows))


def _drop_event(rows: Rows) -> Rows:
    return [r for r in rows if r.get("position") != 4 or r["kind"] != "event"]


def _change_die(rows: Rows) -> Rows:
    die = _server_roll(rows)["data"]["dice"][0]
    die["value"] = die["value"] % die["sides"] + 1
    return _rehash(rows)


def _change_seed(rows: Rows) -> Rows:
    epoch = _server_roll(rows)["data"]["epoch"]
    ended = next(r for r in _events(rows) if r["data"].get("revealed_epoch") == epoch)
    ended["data"]["revealed_seed"] = "00" * 32
    return _rehash(rows)


def _seed_line(rows: Rows) -> Rows:
    next(r for r in rows if r["kind"] == "seed")["seed"] = "11" * 32
    return rows


def _signature(rows: Rows) -> Rows:
    head = rows[-1]
    head["signature"] = ("0" if head["signature"][0] != "0" else "1") + head["signature"][1:]
    return rows


def _truncate(rows: Rows) -> Rows:
    last_event = max(i for i, r in enumerate(rows) if r["kind"] == "event")
    return rows[:last_event] + rows[last_event + 1:]


TAMPERING: dict[str, Callable[[Rows], Rows]] = {
    "nothing": lambda rows: rows, "edited data": _edit_data, "deleted row": _drop_event,
    "rewritten early, rehashed": _rewrite_early,
    "changed die, rehashed": _change_die, "replaced seed, rehashed": _change_seed,
    "edited seed line": _seed_line, "forged signature": _signature, "truncated": _truncate,
}


@pytest.fixture
def exported(ledger: Ledger, store_config: Config, tmp_path: Path,
             monkeypatch: pytest.MonkeyPatch) -> Path:
    campaign_id, mara = played(ledger)
    ledger.execute(campaign_id, GM, clock.start_session)
    ledger.execute(campaign_id, GM, rolls.notation_roll(mara, "1d20", [17]))  # reported
    ledger.execute(campaign_id, GM, rolls.notation_roll(mara, "4d6kh3"))  # pending
    use_store(monkeypatch, store_config)
    path = tmp_path / "history.jsonl"
    assert main(["export", campaign_id, "-o", str(path)]) == 0
    return path


def _summary(ok: bool, first_break: int | None, mismatches: list[tuple[int, str]],
             counts: tuple[int, int, int], checks: tuple[bool, ...],
             stale_heads: list[int]) -> dict[str, Any]:
    return {"ok": ok, "first_break": first_break, "mismatches": sorted(mismatches),
            "counts": counts, "signature, head, seeds, complete": checks,
            "stale heads": stale_heads}


@pytest.mark.parametrize("tamper", TAMPERING)
def test_the_client_and_the_server_judge_a_tampered_export_alike(
        exported: Path, tmp_path: Path, tamper: str) -> None:
    rows = TAMPERING[tamper]([json.loads(line) for line in exported.read_text().splitlines()])
    path = tmp_path / "tampered.jsonl"
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))
    server = verify_history(read_history(path.read_bytes().splitlines()))
    dice = server.report.dice
    expected = _summary(server.ok, server.report.chain.first_break,
                        [(m.position, m.problem) for m in dice.mismatches],
                        (dice.verified, len(dice.pending), len(dice.reported)),
                        (server.signed_head.signature_ok, server.signed_head.matches_chain,
                         server.seeds_ok, server.complete),
                        [h.position for h in server.report.stale_heads])
    mine = verify_export(path)
    assert _summary(mine.ok, mine.first_break, [(m.position, m.problem) for m in mine.mismatches],
                    (mine.rolls_verified, mine.rolls_pending, mine.rolls_reported),
                    (mine.signature_ok, mine.signed_head_matches, mine.seeds_ok, mine.complete),
                    mine.stale_heads) == expected
    assert mine.ok == (tamper == "nothing")
    assert bool(mine.problems()) != mine.ok


def test_a_head_saved_earlier_is_found_and_a_strange_one_is_not(exported: Path) -> None:
    rows = [json.loads(line) for line in exported.read_text().splitlines()]
    saved = _events(rows)[5]["hash"]
    assert verify_export(exported, expect_head=saved).expected_head_found is True
    missing = verify_export(exported, expect_head="ab" * 32)
    assert (missing.expected_head_found, missing.ok) == (False, False)


def test_a_pinned_key_other_than_the_signers_fails_the_signature(exported: Path) -> None:
    rows = [json.loads(line) for line in exported.read_text().splitlines()]
    assert verify_export(exported, public_key=rows[-1]["public_key"]).signature_ok
    assert not verify_export(exported, public_key="ab" * 32).signature_ok


def test_the_client_reports_an_event_holding_nan_as_the_first_break(
        exported: Path, tmp_path: Path) -> None:
    rows = [json.loads(line) for line in exported.read_text().splitlines()]
    _events(rows)[4]["data"]["amount"] = float("nan")  # json.dumps writes it as NaN
    path = tmp_path / "nan.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    mine = verify_export(path)
    assert (mine.ok, mine.first_break) == (False, 5)
    assert "the hash chain breaks at position 5" in mine.problems()


def test_the_client_reports_a_session_end_whose_recorded_head_a_rewrite_left_stale(
        exported: Path, tmp_path: Path) -> None:
    rows = _rewrite_early([json.loads(line) for line in exported.read_text().splitlines()])
    path = tmp_path / "rewritten.jsonl"
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))
    mine = verify_export(path)
    assert (mine.chain_ok, mine.stale_heads) == (True, [8])
    assert "position 8: the session's recorded head hash is not the chain's" in mine.problems()


@pytest.mark.parametrize("stale", [False, True])
def test_the_client_checks_a_version_1_session_end_by_its_own_meaning(
        ledger: Ledger, store: EventStore, store_config: Config, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, stale: bool) -> None:
    campaign_id = ledger.create_campaign(create_campaign("Noir"), GM).campaign_id
    ledger.execute(campaign_id, GM, clock.start_session)
    head = ledger.state(campaign_id).head_hash
    append_v1_session_end(ledger, store, campaign_id, "cd" * 32 if stale else head)
    use_store(monkeypatch, store_config)
    path = tmp_path / "v1.jsonl"
    assert main(["export", campaign_id, "-o", str(path)]) == 0
    server = verify_history(read_history(path.read_bytes().splitlines()))
    assert [h.position for h in server.report.stale_heads] == verify_export(path).stale_heads \
        == ([3] if stale else [])
