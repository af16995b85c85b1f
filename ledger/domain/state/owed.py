"""Tests a character owes because of combat time (ledger/domain/encounters/owed.py):
shown in the character's pending decisions, resolved by rolling them, never blocking
other rolls."""

from __future__ import annotations

import msgspec


class OwedTest(msgspec.Struct):
    """An AGE test owed: "confused" (Willpower (Self-Discipline) TN 13 at the start of
    each own turn, 000) or "fatigue" (after a combat longer than one round per
    Constitution bonus, 000; its TN is input)."""

    id: str
    kind: str
    ability: str
    focus: str | None
    tn: int | None  # None: given when rolled (the texts give no Fatigue TN)
    encounter_id: str
    round: int = 0  # confused: the round and turn it is owed in
    turn_number: int = 0
    rounds: int = 0  # fatigue: how many rounds the combat lasted
    limit: int = 0  # fatigue: the rounds it could last without a test (the bonus, at least 0)
