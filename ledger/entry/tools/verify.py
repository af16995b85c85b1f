"""`campaign-ledger verify FILE|CAMPAIGN`: check the hash chain, the dice and the signed head."""

from __future__ import annotations

import argparse
import sys

import msgspec

from ledger.adapters.export_format import ExportError
from ledger.domain.audit.reports import Report
from ledger.domain.audit.verify import verify
from ledger.service.audit.offline import problems, report_problems, verify_history
from ledger.service.audit.sources import Source, opened


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
    if source.history is not None:
        checked = verify_history(source.history, args.expect_head, args.public_key)
        report, found, body = checked.report, problems(checked), checked
    else:
        if source.total == 0:
            print(f"no campaign {args.source!r} in {source.location}", file=sys.stderr)
            return 2
        report = verify(source.records, args.expect_head)
        found, body = report_problems(report), report
    if args.json:
        sys.stdout.buffer.write(msgspec.json.encode(body) + b"\n")
    else:
        print("\n".join(summary(report, found)))
    return 1 if found else 0


def summary(report: Report, found: list[str]) -> list[str]:
    chain, dice = report.chain, report.dice
    lines = [
        f"chain: {'ok' if chain.ok else 'BROKEN'}, {chain.length} events, "
        f"head {chain.head_position} {chain.head_hash}",
        f"dice: {dice.verified} server rolls verified, {len(dice.pending)} pending "
        f"(seed not revealed yet), {len(dice.reported)} reported, "
        f"{len(dice.mismatches)} mismatches",
    ]
    if report.expected_head is not None:
        at = report.expected_head.found_at
        lines.append(f"expected head: {'found at position ' + str(at) if at else 'NOT FOUND'}")
    lines += [f"problem: {line}" for line in found]
    lines.append("verified" if not found else "NOT verified")
    return lines
