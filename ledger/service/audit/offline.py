"""Verifying an exported file: the history's report, plus its signed head and seed lines.

The signature is checked under the key the file names unless a key is given; a
verifier should compare that key with the server's published one
(GET /v1/signing-key), since anyone can sign with a key of their own.
"""

from __future__ import annotations

import msgspec

from ledger.adapters.export_format import History
from ledger.adapters.signing import signature_ok
from ledger.domain.audit.reports import Report
from ledger.domain.audit.verify import Checker
from ledger.service.audit.import_bounds import OutOfBounds, check_importable


class SignedHeadCheck(msgspec.Struct, frozen=True):
    present: bool
    signature_ok: bool
    matches_chain: bool
    public_key: str | None


class FileReport(msgspec.Struct, frozen=True, kw_only=True):
    ok: bool
    report: Report
    signed_head: SignedHeadCheck
    seeds_ok: bool
    complete: bool  # the header's event count is the number of events in the file
    # The first event no recording could hold (import_bounds.py), else None.
    out_of_bounds: str | None = None


def verify_history(history: History, expect_head: str | None = None,
                   public_key: str | None = None) -> FileReport:
    checker = Checker(expect_head)
    for record in history.records:
        checker.add(record)
    report = checker.report()
    head = history.head
    signed = SignedHeadCheck(
        present=head is not None,
        signature_ok=head is not None and signature_ok(head, public_key),
        matches_chain=head is not None and (head.campaign_id, head.position, head.head_hash)
        == (history.header.campaign_id, report.chain.head_position, report.chain.head_hash),
        public_key=public_key or (head.public_key if head else None),
    )
    seeds_ok = all(checker.revealed.get(s.epoch, ("",))[0] == s.seed for s in history.seeds)
    complete = history.header.events == len(history.records)
    try:
        check_importable(history.records)
        out_of_bounds = None
    except OutOfBounds as exc:
        out_of_bounds = str(exc)
    ok = (report.ok and signed.signature_ok and signed.matches_chain and seeds_ok and complete
          and out_of_bounds is None)
    return FileReport(ok=ok, report=report, signed_head=signed, seeds_ok=seeds_ok,
                      complete=complete, out_of_bounds=out_of_bounds)


def report_problems(report: Report) -> list[str]:
    """What is wrong with a history, one plain sentence each (empty when all is well)."""
    found = []
    if not report.chain.ok:
        why = {"unreadable-data": " (its data is unreadable)",
               "duplicate-keys": " (its data has a key twice)"}.get(report.chain.problem or "", "")
        found.append(f"the hash chain breaks at position {report.chain.first_break}{why}")
    found += [f"position {t.position}: tampered row ({t.problem})" for t in report.tampered
              if t.position != report.chain.first_break]
    if report.checkpoints is not None:
        found += [f"checkpoint at position {c.position} is forged ({c.problem})"
                  for c in report.checkpoints.forged]
    found += [f"position {m.position}: die check failed ({m.problem})"
              for m in report.dice.mismatches]
    found += [f"position {h.position}: the session's recorded head hash is not the chain's"
              for h in report.stale_heads]
    if report.expected_head and not report.expected_head.ok:
        found.append(f"the expected head {report.expected_head.hash} is not in the history")
    if report.fork is not None and not report.fork.ok:
        f = report.fork
        found.append(f"the fork's origin {f.origin} at position {f.position} does not match "
                     f"(head {f.head_ok}, tree head signature {f.tree_head_ok}, "
                     f"consistent {f.consistent})")
    return found


def problems(checked: FileReport) -> list[str]:
    """`report_problems`, plus what is wrong with the file's signed head and seed lines."""
    signed = checked.signed_head
    found = report_problems(checked.report)
    if not signed.present:
        found.append("the file has no signed head")
    elif not signed.signature_ok:
        found.append("the head's signature does not verify")
    elif not signed.matches_chain:
        found.append("the signed head is not the head of the events in the file")
    if not checked.seeds_ok:
        found.append("a seed line differs from the seed its events reveal")
    if not checked.complete:
        found.append("the header's event count differs from the events in the file")
    if checked.out_of_bounds:
        found.append(f"not a history this service could have recorded: {checked.out_of_bounds}")
    return found
