"""gunicorn settings and hooks for `campaign-ledger serve` (`--config python:api.serving`).

- Logs: gunicorn's own lines go through the same JSON handler as the app's.
- Metrics: when a worker exits, its live gauges (open feed streams) stop counting.
- Feeds: on SIGTERM a worker ends its streams at once, so clients reconnect to a
  live worker instead of holding the old one until the graceful timeout.
"""

from __future__ import annotations

import os
import signal
from typing import Any

_LEVEL = os.environ.get("LEDGER_LOG_LEVEL", "INFO").upper()
accesslog = None  # the app logs each request itself, as JSON with its request id
logconfig_dict = {
    "root": {"level": _LEVEL, "handlers": ["json"]},
    "loggers": {name: {"level": _LEVEL, "handlers": [], "propagate": True}
                for name in ("gunicorn.error", "gunicorn.access")},
    "handlers": {"json": {"()": "api.observability.json_handler"}},
}


def post_worker_init(worker: Any) -> None:
    previous = signal.getsignal(signal.SIGTERM)

    def on_term(signum: int, frame: Any) -> None:
        from api.feed import close_all_hubs

        close_all_hubs()
        if callable(previous):
            previous(signum, frame)

    signal.signal(signal.SIGTERM, on_term)


def child_exit(server: Any, worker: Any) -> None:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]
