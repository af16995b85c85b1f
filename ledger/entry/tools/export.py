"""`campaign-ledger export CAMPAIGN [-o FILE]`: the shareable history as JSON Lines."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from ledger.adapters.export_format import HeaderLine, export_lines
from ledger.adapters.signing import HeadSigner
from ledger.domain.audit.verify import Checker
from ledger.domain.chain import UnreadableData
from ledger.service.audit.sources import from_store
from ledger.service.config import Config
from ledger.service.health import utc_now
from ledger.service.ledger import Ledger
from ledger.service.wiring import NoStore, attach_replicas, open_ledger


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "export", help="write a campaign's history (events, hashes, revealed seeds, signed head)",
        description="Write a campaign's shareable history as JSON Lines: every event with its "
                    "envelope and hash, the revealed dice seeds and the signed head. Secret "
                    "(unrevealed) seeds are never written.")
    parser.add_argument("campaign", help="the campaign id")
    parser.add_argument("-o", "--output", help="the file to write (default: standard output)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    config = Config.from_env()
    led = open_ledger(config)
    attach_replicas(led, config)  # an export may read a replica (docs/scaling.md section 4)
    try:
        return export(led, args)
    finally:
        led.store.close()
        for replica in led.replicas.replicas if led.replicas else ():
            replica.ledger.store.close()


def export(led: Ledger, args: argparse.Namespace) -> int:
    source = led.routed(args.campaign, None, lambda chosen: from_store(chosen.store, args.campaign))[0]
    if source.total == 0:
        raise NoStore(f"no campaign {args.campaign!r} in {led.store.location}")
    header = HeaderLine(campaign_id=args.campaign, events=source.total, exported_at=utc_now())
    checker = Checker()
    lines = export_lines(header, source.records, HeadSigner(led.box), checker)
    try:
        if args.output:
            with open(args.output, "wb") as out:
                write_all(out, lines)
        else:
            write_all(sys.stdout.buffer, lines)
    except UnreadableData as exc:
        if args.output:
            Path(args.output).unlink(missing_ok=True)  # never leave half an export behind
        print(f"error: {exc}; the export stopped there", file=sys.stderr)
        return 1
    report = checker.report()
    if not report.chain.ok:
        print(f"warning: the hash chain breaks at position {report.chain.first_break}; "
              "the export shows the history as stored", file=sys.stderr)
        return 1
    return 0


def write_all(out: BinaryIO, lines: Iterable[bytes]) -> None:
    for line in lines:
        out.write(line)
