"""A mage's prepared spells (CWN 6.1.3.1). Filled in by ledger/domain/magic/spells.py."""

from __future__ import annotations

import msgspec


class SpellState(msgspec.Struct):
    prepared: list[str] = msgspec.field(default_factory=list)
    # The clock day of the last preparation; None before the first.
    prepared_day: int | None = None
    # True before the first preparation, and again after a new day the caster rested through.
    can_prepare: bool = True
