"""`campaign-ledger issue-gm-token CAMPAIGN`: the operator's way back into a campaign.

A campaign whose GM lost every GM token has no other way back. The new token is
recorded in the token table (outside the game stream) with the actor `operator`, so
the GM's token list shows it; its secret is printed once. The command only opens a
store that exists: it never creates a store or a server key.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ledger.config import Config
from ledger.secrets_box import SecretBox
from ledger.store.base import EventStore, PersistenceError, StoreUnavailable
from ledger.tokens import issue_token
from ledger.tools.backup import server_key
from ledger.tools.backup_format import BackupError
from ledger.wiring import build_store


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "issue-gm-token", help="issue a new GM token for a campaign (printed once)",
        description="Issue a new GM token for a campaign in the configured store, e.g. after "
                    "its GM lost every GM token. The token list shows it as issued by the "
                    "operator; the secret is printed once.")
    parser.add_argument("campaign", help="the campaign id (cmp_…)")
    parser.add_argument("--label", default="GM (operator)", help="the token's label")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    config = Config.from_env()
    try:
        return issue(config, args.campaign, args.label)
    except (BackupError, PersistenceError, StoreUnavailable) as exc:
        print(f"issue-gm-token: cannot use {store_name(config)}: {exc}", file=sys.stderr)
        return 1


def issue(config: Config, campaign_id: str, label: str) -> int:
    if config.store != "postgres" and not sqlite_file(config).is_file():
        print(f"issue-gm-token: no store: {store_name(config)} does not exist", file=sys.stderr)
        return 1
    store: EventStore = build_store(config)
    try:
        if store.head(campaign_id) == 0:
            print(f"issue-gm-token: no campaign {campaign_id!r} in {store_name(config)}",
                  file=sys.stderr)
            return 1
        token_id, secret = issue_token(store, SecretBox(server_key(config)), campaign_id, "gm",
                                       None, label)
    finally:
        store.close()
    print(f"GM token {token_id} for {campaign_id} (shown once, keep it like a password):")
    print(secret)
    return 0


def store_name(config: Config) -> str:
    if config.store == "postgres":
        return (f"PostgreSQL database {config.pg_dbname!r} (schema {config.pg_schema!r}) on "
                f"{config.pg_host}:{config.pg_port}")
    return f"the SQLite store {os.path.abspath(sqlite_file(config))}"


def sqlite_file(config: Config) -> Path:
    return Path(config.sqlite_path or Path(config.data_dir) / "ledger.sqlite3")
