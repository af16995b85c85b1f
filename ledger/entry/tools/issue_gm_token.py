"""`campaign-ledger issue-gm-token CAMPAIGN`: the operator's way back into a campaign.

A campaign whose GM lost every GM token has no other way back. The new token is
recorded in the token table (outside the game stream) with the actor `operator`, so
the GM's token list shows it; its secret is printed once. The command only opens a
store that exists: it never creates a store or a server key.
"""

from __future__ import annotations

import argparse

from ledger.adapters.secrets_box import SecretBox
from ledger.service.config import Config
from ledger.service.tokens import issue_token
from ledger.service.wiring import NoStore, existing_key, open_existing_store


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
    return issue(Config.from_env(), args.campaign, args.label)


def issue(config: Config, campaign_id: str, label: str) -> int:
    """Raises NoStore (the CLI prints its one line) when the store, the key or the campaign
    is missing: the operator learns where it looked instead of getting an empty new store."""
    store = open_existing_store(config)
    try:
        box = SecretBox(existing_key(config))
        if store.head(campaign_id) == 0:
            raise NoStore(f"no campaign {campaign_id!r} in {store.location}")
        token_id, secret = issue_token(store, box, campaign_id, "gm", None, label)
    finally:
        store.close()
    print(f"GM token {token_id} for {campaign_id} (shown once, keep it like a password):")
    print(secret)
    return 0
