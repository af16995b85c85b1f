"""Request ids, correlation ids and request metrics; the JSON log lines come from
ledger/service/json_logs.py.

Lines written while a request runs carry its `request_id` (the client's `X-Request-ID`
when it sends a sane one, else a fresh one; always echoed back) and the `correlation_id`
its command records on its events (ledger/service/correlation.py). The redaction filter
also removes the configured admin and metrics tokens, the server key and any dice seed
this process holds, whatever logger wrote the line.
"""

from __future__ import annotations

import logging
import re
import time
import uuid
import weakref
from collections.abc import Callable, Iterable, Sequence

from flask import Flask, Response, g, has_request_context, request

from api.metrics import EVENTS_APPENDED, FEED_SUBSCRIBERS, observe_request
from ledger.domain.record import Record
from ledger.service import correlation
from ledger.service.json_logs import held_secret_checks, request_id, secret_sources, setup_logging

__all__ = ["FEED_SUBSCRIBERS", "install"]

REQUEST_ID = "X-Request-ID"
_SANE_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


def _app_secrets(app_ref: weakref.ref[Flask]) -> Callable[[], Iterable[str]]:
    """The few secrets of this app's configuration, named in full."""
    def secrets() -> Iterable[str]:
        app = app_ref()
        if app is None:
            return ()
        config = app.config["LEDGER"]
        return [config.admin_token or "", config.metrics_token or "", config.secret_key or ""]

    return secrets


def _app_holds(app_ref: weakref.ref[Flask]) -> Callable[[bytes], bool]:
    """Whether 32 bytes are this app's server key or a dice seed it has opened: looked up
    when a line shows 64 hex digits, since a worker may hold a seed for every campaign."""
    def holds(value: bytes) -> bool:
        app = app_ref()
        led = app.extensions.get("ledger") if app is not None else None
        if led is None:
            return False
        return value == led.box.server_key or value in list(led._seeds.values())

    return holds


def install(app: Flask) -> None:
    """Logging, request ids, correlation ids and request metrics for this app."""
    setup_logging(app.config["LEDGER"].log_level)
    secret_sources.append(_app_secrets(weakref.ref(app)))
    held_secret_checks.append(_app_holds(weakref.ref(app)))
    log = logging.getLogger("ledger.request")

    def start() -> None:
        sent = request.headers.get(REQUEST_ID, "")
        g.request_id = sent if _SANE_ID.match(sent) else uuid.uuid4().hex
        g.started = time.perf_counter()
        g.context_tokens = (request_id.set(g.request_id), correlation.use(correlation.mint()))
        _count_appends_once(app)

    # First of all hooks, so that requests refused by a guard (429, 413...) have ids too.
    app.before_request_funcs.setdefault(None, []).insert(0, start)

    @app.after_request
    def finish(response: Response) -> Response:
        response.headers[REQUEST_ID] = g.get("request_id", "")
        route = request.url_rule.rule if request.url_rule else "unmatched"
        elapsed = time.perf_counter() - g.get("started", time.perf_counter())
        observe_request(route, request.method, response.status_code, elapsed)
        log.info("request", extra={"method": request.method, "path": request.path,
                                   "route": route, "status": response.status_code,
                                   "duration_ms": round(elapsed * 1000, 2),
                                   "appended": g.get("appended")})
        return response

    @app.teardown_request
    def forget(exc: BaseException | None) -> None:
        tokens = g.pop("context_tokens", None)
        if tokens is not None:
            correlation.reset(tokens[1])
            request_id.reset(tokens[0])


def _count_appends_once(app: Flask) -> None:
    if request.endpoint == "health.healthz":
        return  # liveness must not need the database
    from api.runtime import ledger

    led = ledger()  # built here, before the view, so its first append is counted too
    if not getattr(led.store, "_counted_appends", False):
        led.store._counted_appends = True  # type: ignore[attr-defined]
        led.store.add_append_listener(_appended)


def _appended(records: Sequence[Record]) -> None:
    """A request's appends ride on its `request` line: one line a write, not two (a log
    line costs about as much CPU as a receipt's signature). Appends outside a request (the
    CLI's import, a runner) get a line of their own."""
    EVENTS_APPENDED.inc(len(records))
    if not records:
        return
    appended = {"campaign_id": records[0].campaign_id, "count": len(records),
                "positions": f"{records[0].position}-{records[-1].position}"}
    if has_request_context():
        g.setdefault("appended", []).append(appended)
    else:
        logging.getLogger("ledger.append").info("appended", extra=appended)
