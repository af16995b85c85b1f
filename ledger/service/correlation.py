"""The correlation id a command records, chosen by the caller when it has one.

The web layer sets it when a request starts, so every log line of the request
and every event of its command carry the same id. Elsewhere (CLI tools, tests)
each command mints its own.
"""

from __future__ import annotations

import uuid
from contextvars import ContextVar, Token

_current: ContextVar[str | None] = ContextVar("ledger_correlation_id", default=None)


def mint() -> str:
    return f"cor_{uuid.uuid4().hex[:20]}"


def current() -> str | None:
    return _current.get()


def use(correlation_id: str | None) -> Token[str | None]:
    return _current.set(correlation_id)


def reset(token: Token[str | None]) -> None:
    _current.reset(token)


def for_command() -> str:
    """The caller's correlation id, or a fresh one."""
    return _current.get() or mint()
