"""What an imported file may hold beyond a whole, signed chain: only what this service
could have recorded. A file is re-chained and re-signed by whoever edits it (the CLI
says when no key was pinned), and an outside attack imported campaign ids with `/..`
and bidi marks, `recorded_at: "zzzz"`, a NUL in a name and a session of 2^70 (the last
ended in a traceback). Each is refused before anything is written, naming the event.

Settings and sheet values stay as recorded: bounds added later must not refuse a history
recorded before them (docs/history.md), so they are enforced where they are used (a
roll never draws more than `notation.MOST_DICE_PER_ROLL` dice, whatever the setting).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from typing import Any

import msgspec

from ledger.domain.events import EVENT_TYPES
from ledger.domain.record import CAMPAIGN_ID, Record

# The stores' integer columns are signed 64-bit.
MOST_INTEGER = 2**63 - 1
# As the service writes it: UTC, fixed width, so that it sorts as text (the time-travel
# reads compare it as text: a shorter stamp answered `?at=` wrongly, a second attack).
RECORDED_AT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z")


class OutOfBounds(ValueError):
    """One event holds what no recording could have: the sentence says which and why."""


def check_importable(records: Iterable[Record]) -> None:
    """Raises OutOfBounds naming the first event no recording could hold. A command's
    time is never before its campaign's last (ledger/service/recording.py), so times
    never go back either."""
    latest = ""
    for record in records:
        problem = _problem(record)
        if problem is None and record.recorded_at < latest:
            problem = f"recorded_at goes back in time (to before {latest})"
        if problem:
            raise OutOfBounds(f"event {record.position} ({printable(record.type)}): {problem}")
        latest = record.recorded_at


def printable(text: str) -> str:
    """`text` with control characters escaped, at most 100 characters: a name from a
    file goes into the operator's terminal (a second attack cleared it with escapes)."""
    shown = text[:100]
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in shown)


def _problem(record: Record) -> str | None:
    if not CAMPAIGN_ID.fullmatch(record.campaign_id):
        return "the campaign id is not 1-100 letters, digits, _ or -"
    for name in ("position", "version", "session", "scene"):
        if not 0 <= getattr(record, name) <= MOST_INTEGER:
            return f"{name} is outside 0 to 2^63-1"
    if record.type not in EVENT_TYPES:
        return "no such event type"
    if not RECORDED_AT.fullmatch(record.recorded_at) or not _parses(record.recorded_at):
        return "recorded_at is not a UTC time as the service writes it (2026-01-01T00:00:00.000000Z)"
    texts = [record.type, record.actor_role, record.correlation_id, record.actor_token or "",
             record.actor_character or "", record.character_id or ""]
    try:
        texts += list(_strings(msgspec.json.decode(record.data)))
    except msgspec.DecodeError:  # a lone surrogate escape too, which msgspec refuses
        return "its data is not readable JSON"
    if any(_unstorable(text) for text in texts):
        return "a text holds a NUL or a lone surrogate, which no request could record"
    return None


def _parses(stamp: str) -> bool:
    try:
        datetime.fromisoformat(stamp)
    except ValueError:
        return False
    return True


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _unstorable(text: str) -> bool:
    return "\x00" in text or any("\ud800" <= char <= "\udfff" for char in text)
