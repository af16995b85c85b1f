"""Structured JSON logs with request and correlation ids, secrets redacted; request metrics.

Every log line is one JSON object. Lines written while a request runs carry its
`request_id` (the client's `X-Request-ID` when it sends a sane one, else a fresh
one; always echoed back) and the `correlation_id` its command records on its
events (ledger/correlation.py). A redaction filter on the handler removes bearer
tokens, feed tickets (and any `ticket=` query value), webhook secrets, the configured
admin and metrics tokens, the server key and any dice seed this process holds, whatever
logger wrote the line.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
import uuid
import weakref
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from typing import Any

from flask import Flask, Response, g, request

from api.metrics import EVENTS_APPENDED, FEED_SUBSCRIBERS, observe_request
from ledger import correlation
from ledger.store.records import Record

__all__ = ["FEED_SUBSCRIBERS", "install"]

REQUEST_ID = "X-Request-ID"
_request_id: ContextVar[str | None] = ContextVar("request_id", default=None)
_SANE_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
_PATTERNS = [
    (re.compile(r"(clt_[A-Za-z0-9]+_)[0-9a-f]{8,}"), r"\1[REDACTED]"),  # API tokens
    (re.compile(r"(clft_[A-Za-z0-9]+_[0-9]+_)[0-9a-f]{8,}"), r"\1[REDACTED]"),  # feed tickets
    (re.compile(r"(?i)(\bticket=)[^&\s\"']+"), r"\1[REDACTED]"),  # a ticket in any URL
    (re.compile(r"whsec_[0-9a-f]+"), "whsec_[REDACTED]"),  # webhook secrets
    (re.compile(r"(?i)(bearer\s+)\S+"), r"\1[REDACTED]"),
]
_HEX64 = re.compile(r"[0-9a-fA-F]{64}")
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}
_secret_sources: list[Callable[[], Iterable[str]]] = []


def redact(text: str) -> str:
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    known = {s for source in list(_secret_sources) for s in source() if s}
    for secret in (s for s in known if len(s) != 64):
        text = text.replace(secret, "[REDACTED]")
    hex_known = {s.lower() for s in known if len(s) == 64}
    if hex_known:
        text = _HEX64.sub(lambda m: "[REDACTED]" if m[0].lower() in hex_known else m[0], text)
    return text


class RedactionFilter(logging.Filter):
    """Rewrites each record so that no secret reaches any output."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact(record.getMessage())
        record.args = None
        if record.exc_info:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        for key, value in list(vars(record).items()):
            if key not in _STANDARD and isinstance(value, str):
                setattr(record, key, redact(value))
        return True


class ContextFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = getattr(record, "request_id", None) or _request_id.get()
        record.correlation_id = getattr(record, "correlation_id", None) or correlation.current()
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and value is not None:
                line[key] = value
        if record.exc_text:
            line["exception"] = record.exc_text
        return json.dumps(line, default=str)


class _Stdout(logging.StreamHandler):  # type: ignore[type-arg,unused-ignore]
    """Writes to whatever sys.stdout is now (test runners swap it). Logs are an event
    stream on stdout (12-factor), as gunicorn's access log was."""

    @property
    def stream(self) -> Any:
        return sys.stdout

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


def json_handler(stream: Any = None) -> logging.Handler:
    handler = logging.StreamHandler(stream) if stream is not None else _Stdout()
    handler.setFormatter(JsonFormatter())
    handler.addFilter(ContextFilter())
    handler.addFilter(RedactionFilter())
    return handler


def setup_logging(level: str = "INFO") -> None:
    """JSON on stdout for the root logger (and so for gunicorn's and Flask's), once."""
    root = logging.getLogger()
    if not any(isinstance(h.formatter, JsonFormatter) for h in root.handlers):
        root.addHandler(json_handler())
    root.setLevel(level.upper())
    for name in ("gunicorn.error", "gunicorn.access", "werkzeug"):
        logging.getLogger(name).handlers = []
        logging.getLogger(name).propagate = True


def _app_secrets(app_ref: weakref.ref[Flask]) -> Callable[[], Iterable[str]]:
    def secrets() -> Iterable[str]:
        app = app_ref()
        if app is None:
            return ()
        config = app.config["LEDGER"]
        found = [config.admin_token or "", config.metrics_token or "", config.secret_key or ""]
        led = app.extensions.get("ledger")
        if led is not None:
            found.append(led.box.server_key.hex())
            found.extend(seed.hex() for seed in list(led._seeds.values()))
        return found

    return secrets


def install(app: Flask) -> None:
    """Logging, request ids, correlation ids and request metrics for this app."""
    setup_logging(app.config["LEDGER"].log_level)
    _secret_sources.append(_app_secrets(weakref.ref(app)))
    log = logging.getLogger("ledger.request")

    def start() -> None:
        sent = request.headers.get(REQUEST_ID, "")
        g.request_id = sent if _SANE_ID.match(sent) else uuid.uuid4().hex
        g.started = time.perf_counter()
        g.context_tokens = (_request_id.set(g.request_id), correlation.use(correlation.mint()))
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
                                   "duration_ms": round(elapsed * 1000, 2)})
        return response

    @app.teardown_request
    def forget(exc: BaseException | None) -> None:
        tokens = g.pop("context_tokens", None)
        if tokens is not None:
            correlation.reset(tokens[1])
            _request_id.reset(tokens[0])


def _count_appends_once(app: Flask) -> None:
    if request.endpoint == "health.healthz":
        return  # liveness must not need the database
    from api.runtime import ledger

    led = ledger()  # built here, before the view, so its first append is counted too
    if not getattr(led.store, "_counted_appends", False):
        led.store._counted_appends = True  # type: ignore[attr-defined]
        led.store.add_append_listener(_appended)


def _appended(records: Sequence[Record]) -> None:
    EVENTS_APPENDED.inc(len(records))
    if records:
        logging.getLogger("ledger.append").info(
            "appended", extra={"campaign_id": records[0].campaign_id, "count": len(records),
                               "positions": f"{records[0].position}-{records[-1].position}"})
