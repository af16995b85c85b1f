"""The encounter as a read shows it, at the head or `?at=` any position."""

from __future__ import annotations

import msgspec

from ledger.domain.state import CampaignState
from ledger.domain.state.encounter import Encounter, Participant


class EncounterView(msgspec.Struct):
    """`encounter` is null when none is under way; `order` lists participant ids, first to
    act first; `turn` is whose turn it is; `minute` and `second` are the game time."""

    encounter: Encounter | None
    round: int | None
    turn: Participant | None
    order: list[str]
    minute: int
    second: int
    encounters_started: int


def summary(state: CampaignState) -> EncounterView:
    encounter = state.encounter
    return EncounterView(
        encounter=encounter, round=encounter.round if encounter else None,
        turn=encounter.current() if encounter else None,
        order=[p.id for p in encounter.order] if encounter else [],
        minute=state.clock.minutes, second=state.clock.seconds,
        encounters_started=state.encounters)
