"""JSON log lines on stdout, with request and correlation ids, and every known secret redacted.

Shared by every process: the API (api/observability.py adds request ids and metrics), the
read-model runners and the webhook sender. Every log line is one JSON object; a redaction
filter on the handler removes bearer tokens, feed tickets (and any `ticket=` value in a
URL), webhook secrets and every secret a registered source names (`secret_sources`),
whatever logger wrote the line.
"""

from __future__ import annotations

import logging
import re
import sys
import time
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from typing import Any

import msgspec

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
# Every line a pattern could rewrite holds one of these (most lines hold none).
_MAY_MATCH = re.compile(r"(?i)clt_|clft_|ticket=|whsec_|bearer")
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}
# Values JSON has no type for (a datetime, an exception) are written as their str().
_ENCODER = msgspec.json.Encoder(enc_hook=str)
# Callables telling whether 32 bytes are a key or seed this process holds: a 64-digit hex
# string in a line is looked up only when one appears, never hexed from every seed held.
held_secret_checks: list[Callable[[bytes], bool]] = []


def known_secrets() -> list[str]:
    return [s for source in list(secret_sources) for s in source() if s]


def redact(text: str, known: Iterable[str] | None = None) -> str:
    """`text` without any secret; `known` is `known_secrets()`, given when a caller
    redacts several strings of one line."""
    named = known_secrets() if known is None else list(known)
    if _MAY_MATCH.search(text):
        for pattern, replacement in _PATTERNS:
            text = pattern.sub(replacement, text)
    for secret in named:
        if secret in text:
            text = text.replace(secret, "[REDACTED]")
    if _HEX64.search(text):
        hex_known = {s.lower() for s in named if _HEX64.fullmatch(s)}
        text = _HEX64.sub(lambda m: "[REDACTED]" if _is_secret_hex(m[0], hex_known)
                          else m[0], text)
    return text


def _is_secret_hex(digits: str, hex_known: set[str]) -> bool:
    if digits.lower() in hex_known:
        return True
    value = bytes.fromhex(digits)
    return any(check(value) for check in list(held_secret_checks))


class RedactionFilter(logging.Filter):
    """Rewrites each record so that no secret reaches any output."""

    def filter(self, record: logging.LogRecord) -> bool:
        known = known_secrets()
        record.msg = redact(record.getMessage(), known)
        record.args = None
        if record.exc_info:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info), known)
            record.exc_info = None
        fields = vars(record)
        for key, value in list(fields.items()):
            if key not in _STANDARD and isinstance(value, str):
                fields[key] = redact(value, known)
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
        return _ENCODER.encode(line).decode()


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
