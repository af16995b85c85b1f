"""Subcommand `deliver-webhooks`: enqueue and send webhook deliveries until stopped."""

from __future__ import annotations

import argparse
import signal
import threading
import time
from typing import Any

from ledger.adapters.secrets_box import SecretBox, load_or_create_key
from ledger.adapters.store.base import StoreUnavailable
from ledger.service.config import Config
from ledger.service.health import keep_beating
from ledger.service.json_logs import setup_logging
from ledger.service.wiring import build_store
from projections.webhooks import NAME, Enqueuer, Sender


def register(subparsers: Any) -> None:
    run = subparsers.add_parser(
        "deliver-webhooks", help="deliver webhooks (follows the global order until stopped)",
        description="Enqueue a delivery for each new event a campaign's webhooks subscribe "
                    "to, and send due attempts with retries and backoff, until stopped.")
    run.add_argument("--once", action="store_true",
                     help="enqueue what is new, make one round of due attempts, and exit")
    run.set_defaults(func=deliver)


def build(config: Config, attempts: int = 40) -> tuple[Enqueuer, Sender]:
    store = build_store(config)
    enqueuer = Enqueuer(store)
    for attempt in range(attempts):  # the database may be starting, or busy with writers
        try:
            store.setup()
            enqueuer.setup()
            break
        except StoreUnavailable:
            if attempt == attempts - 1:
                raise
            time.sleep(0.25 * min(attempt + 1, 8))
    box = SecretBox(load_or_create_key(config.data_path, config.secret_key))
    return enqueuer, Sender(store, box, config)


def run_until(stop: threading.Event, config: Config) -> None:
    """The runner's body: heartbeat, enqueuer and sender threads, until `stop` is set."""
    enqueuer, sender = build(config)
    keep_beating(enqueuer.store, f"deliver-{NAME}", config.runner_heartbeat_seconds, stop)
    threads = [
        threading.Thread(target=enqueuer.follow, args=(stop, config.webhook_poll_seconds),
                         name="webhook-enqueue", daemon=True),
        threading.Thread(target=sender.follow, args=(stop,), name="webhook-send", daemon=True),
    ]
    for thread in threads:
        thread.start()
    stop.wait()
    for thread in threads:
        thread.join(timeout=config.webhook_timeout_seconds + 5)
    sender.pool.shutdown(wait=False)
    enqueuer.store.close()


def deliver(args: argparse.Namespace) -> int:
    config = Config.from_env()
    setup_logging(config.log_level)  # the same JSON lines, redacted, as the API's
    if args.once:
        enqueuer, sender = build(config)
        enqueuer.catch_up()
        sender.run_once()
        enqueuer.store.close()
        return 0
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    run_until(stop, config)
    return 0
