"""A dying character's survival time and tests (ledger/domain/encounters/dying.py)."""

from __future__ import annotations

import msgspec


class DyingState(msgspec.Struct):
    """Dying (000) under the campaign's `dying_mode` at the moment it began.

    The survival time is counted in the rounds of the encounter it began in: it ends at the
    start of the turn at (`ends_round`, `ends_turn`); both are None when no round counts it
    (begun outside an encounter, or the encounter ended)."""

    mode: str  # "gritty", "pulpy" or "cinematic"
    survival_rounds: int  # 2 + Constitution, at least 0
    since_position: int
    encounter_id: str | None = None
    ends_round: int | None = None
    ends_turn: int | None = None
    ran_out: bool = False  # the survival time is over
    tests: int = 0  # survival tests made so far (the next is at TN 9 + 2 x tests)
    test_owed: bool = False  # Pulpy/Cinematic: a survival test may be rolled now
    may_perish: bool = False  # over with no test left: the GM may record the death
    consciousness_test_owed: bool = False  # Gritty: the TN 9 test against falling unconscious
    survival_roll_position: int | None = None  # the last survival test (Cinematic SP)
