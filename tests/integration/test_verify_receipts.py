"""`campaign-ledger verify --receipts FILE`: saved receipts are checked against a history,
and a history rewritten after they were saved fails (docs/trust.md)."""

from __future__ import annotations

import argparse
from pathlib import Path

import msgspec
import pytest

from ledger.adapters.export_format import HeaderLine, export_lines, read_history
from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.signing import HeadSigner
from ledger.adapters.store.base import EventStore
from ledger.entry.tools import verify as verify_tool
from ledger.service.audit import receipts
from ledger.service.audit.importing import import_history
from tests.forgery import rewrite_event
from tests.golden.harness import SERVER_KEY
from tests.golden.record import HISTORY

SIGNER = HeadSigner(SecretBox(bytes.fromhex(SERVER_KEY)))


def saved_receipts(store: EventStore, campaign_id: str, path: Path, sizes: list[int]) -> Path:
    lines = []
    for size in sizes:
        records = store.read(campaign_id, after=size - 2, upto=size)
        found = receipts.receipt(store, SIGNER, campaign_id, size,
                                 [r.position for r in records], [r.hash for r in records])
        lines.append(msgspec.json.encode({"position": size, "receipt": found}))
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def run(source: str, receipts_file: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    args = argparse.Namespace(source=source, expect_head=None, public_key=SIGNER.public_key,
                              json=False, receipts=str(receipts_file))
    code = verify_tool.run(args)
    return code, capsys.readouterr().out


def test_saved_receipts_fit_the_export_they_came_from(
        store: EventStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with HISTORY.open("rb") as handle:
        done = import_history(store, read_history(handle))
    saved = saved_receipts(store, done.campaign_id, tmp_path / "r.jsonl", [5, 20, done.position])
    code, out = run(str(HISTORY), saved, capsys)
    assert "receipts: 3 checked, 0 problems" in out
    assert code == 0


def test_receipts_saved_before_a_rewrite_fail_against_the_rewritten_export(
        store: EventStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with HISTORY.open("rb") as handle:
        done = import_history(store, read_history(handle))
    saved = saved_receipts(store, done.campaign_id, tmp_path / "r.jsonl", [20, done.position])
    rewrite_event(store, done.campaign_id, 5)
    forged = tmp_path / "forged.jsonl"
    header = HeaderLine(campaign_id=done.campaign_id, events=done.position,
                        exported_at="2030-01-01T00:00:00.000000Z")
    forged.write_bytes(b"".join(export_lines(header, store.read(done.campaign_id), SIGNER)))
    code, out = run(str(forged), saved, capsys)
    assert code == 1
    assert "receipts: 2 checked" in out
    assert "the root at size 20 differs" in out
