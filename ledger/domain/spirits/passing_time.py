"""Spirits and the passing of time, and a summoner's death (CWN 6.2.3.1, 6.2.3.2).

Rules:
- An immediate spirit serves for up to an hour: once game time reaches 60
  minutes after its summoning, it vanishes and its Effort is released (it returns
  at the first new day after that the summoner rested through). A new day also
  ends every immediate spirit still here: it vanished before that morning, so its
  Effort returns with that new day if the summoner rested (else at the first new
  day they do).
- An uncontrolled spirit no longer serves anyone; the hour does not bind it (it
  lasts until destroyed, banished or it fades).
- Spirits are dispelled instantly if their summoner dies: every spirit the dead
  summoner held is dispelled and its Effort released.
"""

from __future__ import annotations

from collections.abc import Callable

from ledger.domain.characters import CharacterDied
from ledger.domain.clock import NewDay, TimeAdvanced
from ledger.domain.context import Context
from ledger.domain.events import DomainEvent
from ledger.domain.reactions import reacts_to
from ledger.domain.spirits.common import release_and_return, release_effort
from ledger.domain.spirits.events import SpiritDispelled, SpiritVanished
from ledger.domain.state import CampaignState
from ledger.domain.state.spirits import Spirit

IMMEDIATE_SERVICE_MINUTES = 60


def _serving_immediate(state: CampaignState) -> list[Spirit]:
    return [s for s in state.spirits.values() if s.mode == "immediate" and s.held]


def service_ends(spirit: Spirit) -> int:
    """The game minute an immediate spirit's hour is over."""
    return spirit.summonings[-1].minute + IMMEDIATE_SERVICE_MINUTES


def _vanish(state: CampaignState, spirits: list[Spirit], reason: str,
            release: Callable[[CampaignState, Spirit], list[DomainEvent]]) -> list[DomainEvent]:
    """Each spirit vanishes (dated at the end of its hour); `release` frees its Effort."""
    out: list[DomainEvent] = []
    for spirit in spirits:
        out.append(SpiritVanished(character_id=spirit.summoner_id, spirit_id=spirit.id,
                                  reason=reason, minute=service_ends(spirit)))
        out.extend(release(state, spirit))
    return out


@reacts_to(TimeAdvanced)
def immediate_spirits_vanish_after_an_hour(state: CampaignState, event: DomainEvent,
                                           ctx: Context) -> list[DomainEvent]:
    over = [s for s in _serving_immediate(state) if service_ends(s) <= state.clock.minutes]
    return _vanish(state, over, "hour-over", release_effort)


@reacts_to(NewDay)
def immediate_spirits_are_gone_by_a_new_day(state: CampaignState, event: DomainEvent,
                                            ctx: Context) -> list[DomainEvent]:
    rested = event.rested if isinstance(event, NewDay) else []

    def release(now: CampaignState, spirit: Spirit) -> list[DomainEvent]:
        # The Effort returns with this day only to a summoner who rested through it.
        if spirit.summoner_id in rested:
            return release_and_return(now, spirit)
        return release_effort(now, spirit)

    return _vanish(state, _serving_immediate(state), "new-day", release)


@reacts_to(CharacterDied)
def summoners_death_dispels_their_spirits(state: CampaignState, event: DomainEvent,
                                          ctx: Context) -> list[DomainEvent]:
    out: list[DomainEvent] = []
    for spirit in state.spirits.values():
        if spirit.summoner_id == event.character_id and spirit.held:
            out.append(SpiritDispelled(character_id=spirit.summoner_id, spirit_id=spirit.id,
                                       reason="summoner-died"))
            out.extend(release_effort(state, spirit))
    return out
