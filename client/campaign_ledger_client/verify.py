"""Offline verification of an exported history (JSON Lines), without the server.

    report = verify_export("campaign.jsonl", public_key=service.signing_key()["public_key"])
    print(report.ok, report.problems())

Checks, from docs/history.md and docs/dice.md alone: the hash chain (its first
break), a head saved earlier (`expect_head`), every server die of each revealed
epoch re-derived from its seed (and its epoch, command position and index), each
revealed seed against its commitment, the seed lines, the header's count, and
the signed head (Ed25519; compare its key with the server's published one), and
the head hash each session's end records against the chain.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from campaign_ledger_client import ed25519
from campaign_ledger_client._checker import Checker, Mismatch
from campaign_ledger_client._derive import head_message
from campaign_ledger_client.errors import LedgerError

FORMAT = "campaign-ledger/export/v2"
FORMATS = ("campaign-ledger/export/v1", FORMAT)  # v2 adds hidden events (envelope 2)


class ExportFormatError(LedgerError):
    """The file is not an export this client can read."""


@dataclass
class Export:
    header: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    seeds: list[dict[str, Any]] = field(default_factory=list)
    head: dict[str, Any] | None = None


@dataclass(frozen=True)
class ExportReport:
    campaign_id: str
    chain_ok: bool
    first_break: int | None
    head_position: int
    head_hash: str
    events: int
    rolls_verified: int
    rolls_pending: int
    rolls_reported: int
    mismatches: list[Mismatch]
    epochs: dict[int, bool]  # epoch -> its revealed seed matches its commitment (or unrevealed)
    expected_head_found: bool | None  # None when no head was expected
    signed_head_present: bool
    signature_ok: bool
    signed_head_matches: bool
    seeds_ok: bool
    complete: bool
    # Positions of `SessionEnded` events whose recorded head hash is not the chain's.
    stale_heads: list[int] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return (self.chain_ok and not self.mismatches and self.expected_head_found is not False
                and self.signature_ok and self.signed_head_matches and self.seeds_ok
                and self.complete and not self.stale_heads)

    def problems(self) -> list[str]:
        """What is wrong, one sentence each; empty when `ok`."""
        checks = [
            (self.chain_ok, f"the hash chain breaks at position {self.first_break}"),
            (self.expected_head_found is not False, "the expected head is not in the history"),
            (self.signed_head_present, "the file has no signed head"),
            (self.signature_ok or not self.signed_head_present,
             "the head's signature does not verify"),
            (self.signed_head_matches or not self.signed_head_present,
             "the signed head is not the head of the events in the file"),
            (self.seeds_ok, "a seed line differs from the seed its events reveal"),
            (self.complete, "the header's event count differs from the events in the file"),
        ]
        found = [sentence for fine, sentence in checks if not fine]
        return found + [f"position {m.position}: die check failed ({m.problem})"
                        for m in self.mismatches] + [
            f"position {p}: the session's recorded head hash is not the chain's"
            for p in self.stale_heads]


def read_export(lines: Iterable[bytes | str]) -> Export:
    export: Export | None = None
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except ValueError as exc:
            raise ExportFormatError(f"line {number}: {exc}") from None
        export = _take(export, line if isinstance(line, dict) else {}, number)
    if export is None:
        raise ExportFormatError("empty file: no header line")
    return export


def _take(export: Export | None, line: dict[str, Any], number: int) -> Export:
    kind = line.get("kind")
    if export is None:
        if kind != "header" or line.get("format") not in FORMATS:
            raise ExportFormatError(f"line {number}: expected a {FORMAT} header")
        return Export(line)
    if export.head is not None:
        raise ExportFormatError(f"line {number}: nothing may follow the head line")
    if kind == "event":
        export.events.append(line)
    elif kind == "seed":
        export.seeds.append(line)
    elif kind == "head":
        export.head = line
    else:
        raise ExportFormatError(f"line {number}: unexpected {kind!r} line")
    return export


def verify_export(source: str | Path | Iterable[bytes | str], *, expect_head: str | None = None,
                  public_key: str | None = None) -> ExportReport:
    """Verify an export file (a path) or its lines. `public_key` pins the signing key."""
    if isinstance(source, str | Path):
        with open(source, "rb") as handle:
            export = read_export(handle)
    else:
        export = read_export(source)
    return verify(export, expect_head=expect_head, public_key=public_key)


def verify(export: Export, *, expect_head: str | None = None,
           public_key: str | None = None) -> ExportReport:
    campaign_id = str(export.header.get("campaign_id", ""))
    checker = Checker(campaign_id, expect_head)
    for event in export.events:
        checker.add(event)
    dice = checker.dice()
    head = export.head or {}
    signature = _signature_ok(head, public_key) if head else False
    matches = bool(head) and (head.get("campaign_id"), head.get("position"),
                              head.get("head_hash")) == (campaign_id, checker.position,
                                                         checker.previous)
    seeds_ok = all(checker.revealed.get(s.get("epoch"), ("",))[0] == s.get("seed")
                   for s in export.seeds)
    return ExportReport(
        campaign_id=campaign_id, chain_ok=checker.first_break is None,
        first_break=checker.first_break, head_position=checker.position,
        head_hash=checker.previous, events=len(export.events), rolls_verified=dice.verified,
        rolls_pending=dice.pending, rolls_reported=len(checker.reported),
        mismatches=dice.mismatches, epochs=dice.epochs,
        expected_head_found=None if expect_head is None else checker.found_at is not None,
        signed_head_present=bool(head), signature_ok=signature, signed_head_matches=matches,
        seeds_ok=seeds_ok, complete=export.header.get("events") == len(export.events),
        stale_heads=checker.stale_heads)


def _signature_ok(head: dict[str, Any], public_key: str | None) -> bool:
    try:
        key = bytes.fromhex(public_key or str(head["public_key"]))
        signature = bytes.fromhex(str(head["signature"]))
        message = head_message(str(head["campaign_id"]), int(head["position"]),
                               str(head["head_hash"]))
    except (KeyError, ValueError, TypeError):
        return False
    return head.get("algorithm") == "Ed25519" and ed25519.verify(key, message, signature)
