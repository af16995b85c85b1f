"""`campaign-ledger verify FILE|CAMPAIGN`: check the hash chain, the dice and the signed head."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

import msgspec

from ledger.adapters.checkpoint_seal import CheckpointSeal
from ledger.adapters.export_format import ExportError
from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.signing import HeadSigner, key_id
from ledger.domain.audit.reports import Report
from ledger.domain.audit.verify import verify
from ledger.domain.record import Record
from ledger.service.audit.checkpoint_audit import CheckpointAudit, with_checkpoints
from ledger.service.audit.fork_check import check_fork, with_fork
from ledger.service.audit.offline import SignedHeadCheck, problems, report_problems, verify_history
from ledger.service.audit.receipt_check import check_receipts, read_receipts
from ledger.service.audit.sources import Source, opened
from ledger.service.config import Config
from ledger.service.wiring import NoStore, existing_key


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "verify", help="check a history's hash chain, dice and signed head",
        description="Verify an exported history offline (or a campaign in the configured "
                    "store): the hash chain and where it first breaks, every server die of a "
                    "revealed epoch re-derived, the signed head, and optionally a head hash "
                    "saved earlier. Exit status 0 when everything checks, 1 otherwise.")
    parser.add_argument("source", help="an exported file, or a campaign id in the store")
    parser.add_argument("--expect-head", help="a head hash saved earlier; it must still be in "
                        "the history (catches truncation and rewriting)")
    parser.add_argument("--public-key", help="the server's Ed25519 public key (hex) the head "
                        "must be signed with (default: the key named in the file)")
    parser.add_argument("--receipts", help="a JSON Lines file of receipts saved from write "
                        "answers: each must fit this history (signature, root, inclusion)")
    parser.add_argument("--json", action="store_true", help="print the full report as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        with opened(args.source) as source:
            return check(source, args)
    except ExportError as exc:
        print(f"not a readable export: {exc}", file=sys.stderr)
        return 1


def check(source: Source, args: argparse.Namespace) -> int:
    body: object
    # Receipts need the records twice; otherwise the store's are streamed, never held.
    records: list[Record] = []
    if getattr(args, "receipts", None):
        records = (list(source.history.records) if source.history is not None
                   else list(source.records))
        source.records = iter(records)
    if source.history is not None:
        checked = verify_history(source.history, args.expect_head, args.public_key)
        report, found, body = checked.report, problems(checked), checked
    else:
        if source.total == 0:
            raise NoStore(f"no campaign {args.source!r} in {source.location}")
        stream: Iterator[Record] = source.records
        audit = None
        if source.store is not None:  # the store's checkpoints too (exports carry none)
            audit = CheckpointAudit(source.store, source.campaign_id, _seal())
            stream = audit.tee(stream)
        report = verify(stream, args.expect_head)
        if audit is not None:
            report = with_checkpoints(report, audit.report())
        if source.store is not None:  # a fork's origin, when it is in the same store
            report = with_fork(report, check_fork(source.store, source.campaign_id,
                                                  _public_key()))
        found, body = report_problems(report), report
    receipts_found = _receipts(args, records, source)
    if args.json:
        sys.stdout.buffer.write(msgspec.json.encode(body) + b"\n")
    else:
        signed = checked.signed_head if source.history is not None else None
        print("\n".join(summary(report, found, signed)))
    for line in receipts_found:
        print(line)
    return 1 if found or receipts_found[1:] else 0


def _receipts(args: argparse.Namespace, records: list[Record], source: Source) -> list[str]:
    """The receipts' summary line and one line per problem (none asked: nothing)."""
    if not getattr(args, "receipts", None):
        return []
    with open(args.receipts, "rb") as handle:
        saved = read_receipts(handle)
    key = args.public_key or (source.history.head.public_key
                              if source.history is not None and source.history.head else None)
    checked = check_receipts(records, saved, key)
    return [f"receipts: {checked.checked} checked, {len(checked.problems)} problems",
            *[f"problem: {p}" for p in checked.problems]]


def _public_key() -> str | None:
    """The server's head-signing key; without the server key, signatures go unchecked."""
    try:
        return HeadSigner(SecretBox(existing_key(Config.from_env()))).public_key
    except NoStore:
        return None


def _seal() -> CheckpointSeal | None:
    """The server key's checkpoint seal; without the key, seals go unchecked (said so)."""
    try:
        return CheckpointSeal(SecretBox(existing_key(Config.from_env())))
    except NoStore:
        return None


def summary(report: Report, found: list[str],
            signed: SignedHeadCheck | None = None) -> list[str]:
    """The report in lines; `signed`: an export's signed head (a store's has none)."""
    chain, dice = report.chain, report.dice
    lines = [
        f"chain: {'ok' if chain.ok else 'BROKEN'}, {chain.length} events, "
        f"head {chain.head_position} {chain.head_hash}",
        f"dice: {dice.verified} server rolls verified, {len(dice.pending)} pending "
        f"(seed not revealed yet), {len(dice.reported)} reported, "
        f"{len(dice.mismatches)} mismatches",
    ]
    if signed is not None:
        lines.append(_signed_line(signed))
    if report.checkpoints is not None:
        cp = report.checkpoints
        lines.append(f"checkpoints: {cp.checked} compared, {len(cp.stale)} stale (rebuilt by "
                     f"reads), {len(cp.forged)} forged"
                     + ("" if cp.seals_checked else "; seals not checked (no server key)")
                     + ("" if cp.unchecked_after is None
                        else f"; none compared after position {cp.unchecked_after}"))
    if report.expected_head is not None:
        at = report.expected_head.found_at
        lines.append(f"expected head: {'found at position ' + str(at) if at else 'NOT FOUND'}")
    if report.fork is not None:
        f = report.fork
        lines.append(f"fork of {f.origin} at position {f.position}: "
                     + ("origin not in this store, not checked" if not f.origin_found
                        else "matches the origin" if f.ok else "DOES NOT match the origin"))
    lines += [f"problem: {line}" for line in found]
    lines.append("verified" if not found else "NOT verified")
    return lines


def _signed_line(signed: SignedHeadCheck) -> str:
    """The export's signed head: whether its signature verifies, under which key, and
    whether it is the head of the events (a newcomer's trial: the summary never said)."""
    if not signed.present:
        return "signed head: none in the file"
    # Both names of the key: its public key (GET /v1/signing-key) and the key_id that
    # receipts and tree heads carry (its SHA-256), which a newcomer could not match up.
    key = (f"key {signed.public_key[:16]}…, key_id {key_id(signed.public_key)[:16]}…"
           if signed.public_key else "no key")
    if not signed.signature_ok:
        return f"signed head: signature does NOT verify ({key})"
    return (f"signed head: signature ok ({key}), "
            + ("the head of these events" if signed.matches_chain
               else "NOT the head of these events"))
