"""Load: N clients for T seconds against a real server; every write idempotent and retried.

    python -m scripts.load [--url http://127.0.0.1:8000] [--clients 16] [--seconds 20]
                           [--campaigns 4] [--workers 4] [--json result.json]

Without --url it starts `campaign-ledger serve` on a temporary SQLite store. Each command
gains 1 Mana with its Idempotency-Key as the reason, so the log can be checked: every
acknowledged key must be there exactly once, at the positions its answer gave. Timeouts,
connection errors and 5xx are retried with the same key (honouring Retry-After, capped);
a command still unanswered when the drain ends counts as sent but not acknowledged.
Importable: `run_load(...)` returns a `LoadResult`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import msgspec

from scripts.load_client import Attempt, Command, Load, LoadResult, Target
from tests.live_server import http

__all__ = ["Attempt", "Command", "Load", "LoadResult", "Target", "prepare", "run_load"]


def prepare(base: str, campaigns: int) -> list[Target]:
    """Campaigns with one character each, able to gain a million Mana."""
    out = []
    for i in range(campaigns):
        _, created = http("POST", f"{base}/v1/campaigns", {"name": f"Load {i}"})
        cid, token = created["campaign"]["id"], created["gm_token"]
        _, body = http("POST", f"{base}/v1/campaigns/{cid}/characters",
                       {"name": "Mara", "mana": {"current": 0, "max": 1_000_000}}, token)
        out.append(Target(cid, token, body["character"]["id"]))
    return out


def run_load(base: str, targets: list[Target], *, during: Callable[[Load], None] | None = None,
             **options: float) -> LoadResult:
    """Run the load; `during(load)` runs on this thread meanwhile (e.g. to inject faults).
    The load lasts its `seconds` and, however slow the machine, until `during` returns, so
    whatever `during` waits for (writes resuming, say) meets clients still sending."""
    load = Load(base, targets, **options).start()  # type: ignore[arg-type]
    if during is not None:
        load.hold()
        try:
            during(load)
        finally:
            load.release()
    return load.result()


def summary(result: LoadResult) -> str:
    return (f"{result.clients} clients, {result.seconds:.0f} s: {result.sent} commands sent, "
            f"{result.acknowledged} acknowledged, {result.throughput:.1f}/s, "
            f"p50 {result.p50_ms:.1f} ms, p99 {result.p99_ms:.1f} ms, "
            f"{result.requests} requests, errors {result.errors or 'none'}, "
            f"'database is locked' {result.locked}, malformed 5xx {len(result.bad_5xx)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one on temporary SQLite)")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--campaigns", type=int, default=4)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--json", help="write the whole result (every command) to this file")
    args = parser.parse_args(argv)
    if args.url:
        result = _run(args.url, args)
    else:
        from ledger.service.config import Config
        from tests.faults.server import Server

        with tempfile.TemporaryDirectory() as tmp:
            config = Config(data_dir=tmp, rate_limit_per_minute=10**9)  # measure, not throttle
            # The server's output is kept in a file beside the store, for when something fails.
            server = Server(config, Path(tmp) / "serve.log", workers=args.workers).start()
            try:
                result = _run(server.base, args)
            finally:
                server.stop()
    print(summary(result))
    if args.json:
        with open(args.json, "wb") as out:
            out.write(msgspec.json.encode(result))
    return 0 if result.acknowledged and not result.locked and not result.bad_5xx else 1


def _run(base: str, args: argparse.Namespace) -> LoadResult:
    targets = prepare(base, args.campaigns)
    return run_load(base, targets, clients=args.clients, seconds=args.seconds)


if __name__ == "__main__":
    sys.exit(main())
