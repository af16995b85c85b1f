"""`campaign-ledger health`: the store, each runner's last heartbeat, each consumer's lag,
and each read replica's state and lag (LEDGER_POSTGRES_REPLICAS).

Prints one JSON document; exits 0 when the store answers and every runner that
has ever beaten (and every `--require`d one) beat within the stale limit, else 1.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import msgspec

from ledger.adapters.store.base import StoreUnavailable
from ledger.service import health
from ledger.service.config import Config
from ledger.service.wiring import NoStore, open_existing_store, replica_statuses, unreadable


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "health", help="check the store, the runners and their lag",
        description="Check that the configured store answers, that each background runner "
                    "has beaten recently and how far it lags, and each read replica's lag (a "
                    "replica down is reported, not unhealthy). Exit status 0 when healthy, 1 "
                    "otherwise.")
    parser.add_argument("--require", default="",
                        help="comma-separated runner names that must be alive "
                             "(e.g. project,deliver-webhooks)")
    parser.add_argument("--stale-after", type=float, default=None,
                        help="seconds without a heartbeat before a runner is stale")
    parser.set_defaults(func=check)


def check(args: argparse.Namespace) -> int:
    config = Config.from_env()
    stale_after = args.stale_after or config.runner_stale_seconds
    require = tuple(name for name in args.require.split(",") if name)
    try:
        store = open_existing_store(config)  # a check never creates the store it checks
    except NoStore as exc:
        return _unhealthy(str(exc))
    try:
        found = health.report(store, stale_after, require)
    except StoreUnavailable as exc:
        return _unhealthy(unreadable(store, exc))
    finally:
        store.close()
    document = msgspec.to_builtins(found)
    if config.pg_replicas:  # a replica down is reported, not unhealthy: reads use the primary
        document["replicas"] = msgspec.to_builtins(replica_statuses(config))
    sys.stdout.write(msgspec.json.format(msgspec.json.encode(document)).decode() + "\n")
    return 0 if found.healthy else 1


def _unhealthy(reason: str) -> int:
    """The JSON document for monitors, and one line for the operator."""
    sys.stdout.write(msgspec.json.encode({"healthy": False, "store": reason}).decode() + "\n")
    print(f"campaign-ledger health: {reason}", file=sys.stderr)
    return 1
