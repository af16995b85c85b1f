"""Spell and spirit effects on a character that the clock or the scene ends
(ledger/domain/encounters/timed_effects.py)."""

from __future__ import annotations

import msgspec


class Snare(msgspec.Struct):
    """Ensnared by a spirit (001): cannot move until the snare fades at `until_minute`."""

    spirit_id: str
    since_minute: int
    until_minute: int
