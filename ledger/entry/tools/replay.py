"""`campaign-ledger replay CAMPAIGN|FILE`: step through a history, printing the state."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import msgspec

from ledger.domain.audit.diff import changes
from ledger.domain.fold import apply_record, blank
from ledger.domain.wire_shape import named, wire
from ledger.entry.progress import Progress
from ledger.service.audit.sources import Source, opened
from ledger.service.wiring import NoStore

LONG_HISTORY = 1000
_encoder = msgspec.json.Encoder()


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "replay", help="step through a history and print the state after each event",
        description="Fold a history event by event with the same evolve the service uses, "
                    "printing one compact JSON line per event. A progress bar goes to "
                    "standard error on long histories.")
    parser.add_argument("source", help="a campaign id in the configured store, or an exported file")
    parser.add_argument("--changes", action="store_true",
                        help="print only the fields each event changed, not the whole state")
    parser.add_argument("--upto", type=int, help="stop after this position")
    parser.add_argument("--no-progress", action="store_true", help="never draw the progress bar")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with opened(args.source) as source:
        return replay(source, args)


def replay(source: Source, args: argparse.Namespace) -> int:
    if source.total == 0:
        raise NoStore(f"no campaign {args.source!r} in {source.location}")
    total = min(source.total, args.upto or source.total)
    progress = Progress(total, enabled=total >= LONG_HISTORY and not args.no_progress)
    state = blank(source.campaign_id)
    out = sys.stdout.buffer
    for done, record in enumerate(source.records, start=1):
        if record.position > total:
            break
        # In the API's shape and names, so a line compares with `GET …/state?at=` (whose
        # `state` is `wire`) and with the timeline's `changes` (`named`).
        before = named(state) if args.changes else None
        apply_record(state, record)
        line: dict[str, Any] = {"position": record.position, "type": record.type}
        if before is not None:
            line["changes"] = changes(before, named(state))
        else:
            line["state"] = wire(state)
        out.write(_encoder.encode(line) + b"\n")
        progress.update(done)
    progress.close()
    return 0
