"""The `campaign-ledger` command. Subcommands live in ledger/entry/tools/, one module each."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from importlib.metadata import entry_points

import ledger.entry.tools
from ledger.adapters.secrets_box import ServerKeyMalformed
from ledger.service.config import ConfigError
from ledger.service.wiring import NoStore


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="campaign-ledger", description=__doc__)
    subparsers = parser.add_subparsers(dest="command", required=True)
    for module in sorted(pkgutil.iter_modules(ledger.entry.tools.__path__), key=lambda m: m.name):
        loaded = importlib.import_module(f"ledger.entry.tools.{module.name}")
        register = getattr(loaded, "register", None)
        if register is not None:
            register(subparsers)
    # Other packages (the read models) add subcommands through an entry point group,
    # so the ledger never imports them.
    for entry in entry_points(group="campaign_ledger.commands"):
        entry.load()(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except ConfigError as exc:  # a `serve` flag's default read from a setting
        print(f"campaign-ledger: {exc}", file=sys.stderr)
        return 2
    try:
        result = args.func(args)
    except (NoStore, ServerKeyMalformed, ConfigError) as exc:  # one line naming it, no traceback
        print(f"campaign-ledger {args.command}: {exc}", file=sys.stderr)
        return 2
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(main())
