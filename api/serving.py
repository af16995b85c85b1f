"""gunicorn settings and hooks for `campaign-ledger serve` (`--config python:api.serving`).

- Logs: gunicorn's own lines go through the same JSON handler as the app's.
- Metrics: when a worker exits, its live gauges (open feed streams) stop counting.
- Feeds: on SIGTERM a worker ends its streams at once, so clients reconnect to a
  live worker instead of holding the old one until the graceful timeout.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

from ledger.service.config import START_LINE_VARIABLE

_LEVEL = os.environ.get("LEDGER_LOG_LEVEL", "INFO").upper()
# The app logs each request itself, as JSON with its request id and the path without its
# query. gunicorn writes its access line whenever a log configuration is given, whatever
# `accesslog` says, so its logger is held at WARNING (access lines are INFO): otherwise
# every request was logged twice, the second time with its query string.
accesslog = None
logconfig_dict = {
    "root": {"level": _LEVEL, "handlers": ["json"]},
    "loggers": {"gunicorn.error": {"level": _LEVEL, "handlers": [], "propagate": True},
                "gunicorn.access": {"level": "WARNING", "handlers": [], "propagate": True}},
    "handlers": {"json": {"()": "ledger.service.json_logs.json_handler"}},
}

# No control socket: gunicorn >= 25.1 opens one at a per-user default path, so every
# server on a machine would share it (docs/operations.md). Older versions ignore this.
control_socket_disable = True


def post_worker_init(worker: Any) -> None:
    previous = signal.getsignal(signal.SIGTERM)

    def on_term(signum: int, frame: Any) -> None:
        from api.feed import close_all_hubs

        close_all_hubs()
        if callable(previous):
            previous(signum, frame)

    signal.signal(signal.SIGTERM, on_term)
    from flask import Flask

    from api.runtime import warm

    app = getattr(worker, "wsgi", None)
    if isinstance(app, Flask):
        warm(app)  # the store opened before the first request, not during it


def child_exit(server: Any, worker: Any) -> None:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def when_ready(server: Any) -> None:
    """Once gunicorn listens: the one human line `serve` prepared (stderr, as stdout
    carries only the JSON logs)."""
    line = os.environ.get(START_LINE_VARIABLE)
    if line:
        print(line, file=sys.stderr, flush=True)
