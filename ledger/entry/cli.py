"""The `campaign-ledger` command. Subcommands live in ledger/entry/tools/, one module each
(the read models add theirs through an entry point group)."""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from importlib.metadata import PackageNotFoundError, entry_points, version

import ledger.entry.tools
from ledger.adapters.secrets_box import ServerKeyMalformed
from ledger.service.config import ConfigError
from ledger.service.wiring import NoStore

# The status a shell reports for a writer stopped by a closed pipe (128 + SIGPIPE).
PIPE_CLOSED = 141

DESCRIPTION = ("An immutable, time-travelling ledger of a tabletop campaign: serve its API, "
               "and export, verify, replay, import and back up its histories. "
               "`campaign-ledger COMMAND --help` describes each command.")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="campaign-ledger", description=DESCRIPTION)
    parser.add_argument("--version", action="version",
                        version=f"campaign-ledger {_installed_version()}")
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


def _installed_version() -> str:
    try:
        return version("campaign-ledger")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "(not installed)"


def parse(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """Like `parse_args`, but an unknown flag after a command is refused with that
    command's usage, not the top level's."""
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        chosen = _subcommands(parser).get(args.command, parser)
        chosen.error(f"unrecognized arguments: {' '.join(unknown)}")
    return args


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def main(argv: list[str] | None = None) -> int:
    try:
        args = parse(build_parser(), argv)
    except ConfigError as exc:  # a `serve` flag's default read from a setting
        print(f"campaign-ledger: {exc}", file=sys.stderr)
        return 2
    try:
        result = args.func(args)
        sys.stdout.flush()
    except (NoStore, ServerKeyMalformed, ConfigError) as exc:  # one line naming it, no traceback
        print(f"campaign-ledger {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (`export … | head -1`): stop quietly, as Unix tools do.
        # stdout now points nowhere, so the interpreter's last flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return PIPE_CLOSED
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(main())
