"""Plain-language summaries of events, for the timeline and the replay tool.

Every event type gets one: a summarizer registered here for the types we know,
and `generic` for any other, so a new event type never breaks the timeline. A
summarizer that meets data it does not expect falls back to `generic` too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Names = Callable[[str | None], str]
Summarizer = Callable[[dict[str, Any], Names], str]

SUMMARIES: dict[str, Summarizer] = {}
# Scalar fields worth showing when nothing better is known, in this order.
SALIENT = ("amount", "points", "pool", "resource", "before", "after", "day", "session", "scene",
           "name", "field", "why", "cause", "reason", "label")


def summarizes(*type_names: str) -> Callable[[Summarizer], Summarizer]:
    def wrap(fn: Summarizer) -> Summarizer:
        for name in type_names:
            SUMMARIES[name] = fn
        return fn

    return wrap


def summarize(type_name: str, data: dict[str, Any], names: Names) -> str:
    fn = SUMMARIES.get(type_name)
    if fn is not None:
        try:
            return fn(data, names)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            pass  # data of another shape (an older or newer version): say what we can
    return generic(type_name, data, names)


def words(type_name: str) -> str:
    """`EffortCommitted` -> `effort committed`."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", type_name).lower()


def generic(type_name: str, data: dict[str, Any], names: Names) -> str:
    who = data.get("character_id")
    head = f"{names(who)}: {words(type_name)}" if who else words(type_name).capitalize()
    shown = [f"{key} {_short(data[key])}" for key in SALIENT
             if key in data and _is_scalar(data[key]) and data[key] not in ("", None)]
    return f"{head} ({', '.join(shown[:4])})" if shown else head


def _is_scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool))


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."


def because(reason: Any) -> str:
    return f" on {reason}" if reason else ""


def why(reason: Any) -> str:
    return f" ({reason})" if reason else ""


def who(data: dict[str, Any], names: Names) -> str:
    """The name of the character an event concerns."""
    return names(data.get("character_id"))


def outcome(success: Any) -> str:
    return "success" if success else "failure"
