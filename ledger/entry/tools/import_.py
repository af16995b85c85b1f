"""`campaign-ledger import FILE`: load an exported history into this store."""

from __future__ import annotations

import argparse
import sys

from ledger.adapters.export_format import ExportError, read_history
from ledger.service.audit.importing import ImportRefusedError, import_history
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from ledger.service.tokens import issue_token
from ledger.service.wiring import build_ledger


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "import", help="load an exported history into this store (checked first)",
        description="Load an exported history into the configured store. The hash chain, "
                    "every revealed die and the signed head are checked first; the records "
                    "are written byte-identical, so state and head hash are the same.")
    parser.add_argument("file", help="a file written by `campaign-ledger export`")
    parser.add_argument("--public-key", help="require the head to be signed by this Ed25519 "
                        "key (hex), e.g. the exporting server's GET /v1/signing-key")
    parser.add_argument("--gm-token", action="store_true",
                        help="also issue a GM token for the imported campaign and print it")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    led = build_ledger(Config.from_env())
    try:
        return load(led, args)
    finally:
        led.store.close()


def load(led: Ledger, args: argparse.Namespace) -> int:
    try:
        with open(args.file, "rb") as handle:
            history = read_history(handle)
        done = import_history(led.store, history, checkpoint_every=led.checkpoint_every,
                              public_key=args.public_key, seal=led.seal)
    except (ExportError, ImportRefusedError, OSError) as exc:
        print(f"import refused: {exc}", file=sys.stderr)
        return 1
    dice = done.report.dice
    print(f"imported {done.campaign_id}: {done.position} events, head {done.head_hash}; "
          f"{dice.verified} server rolls verified, {len(dice.pending)} pending, "
          f"{len(dice.reported)} reported")
    if args.public_key is None and history.head is not None:
        # The signature only proves the file whole under the key it names: whoever edits a
        # file can re-chain and re-sign it with a key of their own (an outside attack did).
        print(f"note: the head is signed by key {history.head.public_key}, which nothing "
              "pinned; pass --public-key with the exporting server's key "
              "(GET /v1/signing-key) to require it", file=sys.stderr)
    if args.gm_token:
        _, secret = issue_token(led.store, led.box, done.campaign_id, "gm", None, "GM (import)")
        print(f"GM token: {secret}")
    return 0
