"""Subcommands: `project` (run the read models) and `rebuild-projections`."""

from __future__ import annotations

import argparse
import functools
import signal
import sys
import threading
from typing import Any

from ledger.adapters.store.across import across
from ledger.service.config import Config
from ledger.service.health import keep_beating
from ledger.service.wiring import build_store
from projections.catalog import all_projections
from projections.runner import ProjectionRunner


def register(subparsers: Any) -> None:
    run = subparsers.add_parser(
        "project", help="bring the SQL read models up to date",
        description="Apply every event not yet applied to the SQL read models, in the "
                    "store's global order; with --follow, keep applying new ones until stopped.")
    run.add_argument("--follow", action="store_true", help="keep following new events")
    run.set_defaults(func=project)
    rebuild = subparsers.add_parser(
        "rebuild-projections", help="drop and rebuild every SQL read model",
        description="Drop every SQL read model and rebuild it from the whole history. The "
                    "events are untouched, and the API, which never reads these tables, "
                    "keeps answering.")
    rebuild.set_defaults(func=rebuild_all)


def _runners() -> list[ProjectionRunner]:
    store = build_store(Config.from_env())
    store.setup()
    runners = [ProjectionRunner(store, p) for p in all_projections()]
    for runner in runners:
        runner.setup()
    return runners


def project(args: argparse.Namespace) -> int:
    runners = _runners()
    if not args.follow:
        for runner in runners:
            runner.catch_up()
        return 0
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    config = Config.from_env()  # `campaign-ledger health` reads this runner's heartbeat
    keep_beating(build_store(config), "project", config.runner_heartbeat_seconds, stop)
    threads = [threading.Thread(target=r.follow, args=(stop,), daemon=True) for r in runners]
    for thread in threads:
        thread.start()
    stop.wait()
    for thread in threads:
        thread.join(timeout=5)
    return 0


def rebuild_all(args: argparse.Namespace) -> int:
    for runner in _runners():
        name = runner.projection.name
        total = _event_count(runner)
        replayed = runner.rebuild(progress=functools.partial(_bar, name, total=total))
        sys.stderr.write(f"\n{name}: {replayed} events replayed\n")
    return 0


def _event_count(runner: ProjectionRunner) -> int:
    with runner.store.transaction(write=False) as c:
        c.execute(across("operator-counts") + "SELECT COUNT(*) FROM ledger_events")
        row = c.fetchone()
    return int(row[0]) if row else 0


def _bar(name: str, done: int, *, total: int, width: int = 30) -> None:
    share = min(1.0, done / total) if total else 1.0
    filled = int(share * width)
    sys.stderr.write(f"\r{name}: [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    sys.stderr.flush()
