"""JSON log lines on stdout, with request and correlation ids, and every known secret redacted.

Shared by every process: the API (api/observability.py adds request ids and metrics), the
read-model runners and the webhook sender. Every log line is one JSON object; a redaction
filter on the handler removes bearer tokens, feed tickets (and any `ticket=` value in a
URL), webhook secrets and every secret a registered source names (`secret_sources`),
whatever logger wrote the line.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from typing import Any

from ledger.service import correlation

# Set by the web layer while a request runs; log lines written meanwhile carry it.
request_id: ContextVar[str | None] = ContextVar("request_id", default=None)
# Callables naming the secrets this process holds (the API adds its keys and dice seeds).
secret_sources: list[Callable[[], Iterable[str]]] = []

_PATTERNS = [
    (re.compile(r"(clt_[A-Za-z0-9]+_)[0-9a-f]{8,}"), r"\1[REDACTED]"),  # API tokens
    (re.compile(r"(clft_[A-Za-z0-9]+_[0-9]+_)[0-9a-f]{8,}"), r"\1[REDACTED]"),  # feed tickets
    (re.compile(r"(?i)(\bticket=)[^&\s\"']+"), r"\1[REDACTED]"),  # a ticket in any URL
    (re.compile(r"whsec_[0-9a-f]+"), "whsec_[REDACTED]"),  # webhook secrets
    (re.compile(r"(?i)(bearer\s+)\S+"), r"\1[REDACTED]"),
]
_HEX64 = re.compile(r"[0-9a-fA-F]{64}")
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


def redact(text: str) -> str:
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    known = {s for source in list(secret_sources) for s in source() if s}
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
        record.request_id = getattr(record, "request_id", None) or request_id.get()
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
    # No second line per request with its query string (api/serving.py says why).
    logging.getLogger("gunicorn.access").setLevel(logging.WARNING)
