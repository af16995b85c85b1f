"""A character as the API answers it: its state, plus what it must decide.

`pending` is derived from the state alone (ledger/domain/magic/pending.py), so it shows in the
answer of the command that creates a decision or an owed roll, in every later answer,
and at any `?at=` position; nothing about it is stored.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.domain.magic.pending import pending_decisions
from ledger.domain.state import Character


def character_answer(character: Character) -> dict[str, Any]:
    return {**msgspec.structs.asdict(character), "pending": pending_decisions(character)}
