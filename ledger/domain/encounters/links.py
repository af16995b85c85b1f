"""What other events do to an encounter, and what its end does (reactions, listed in
ledger/domain/reactions.py; docs/rules/encounters.md).

- A spirit summoned during an encounter by a participant acts on its summoner's
  initiative from the next round (001: "The spirit begins taking actions on the next
  round after being summoned, acting on its summoner's initiative"). Our reading: a
  ritual summoning made during a fight follows the same rule.
- Ending the scene or the session ends an open encounter.
- Under mission time (the campaign setting `mission_time`, default off), Effort committed
  for the scene returns at the end of each fight (001: "at the end of each fight or
  specific activity when operating under mission time"). Our reading: ending an encounter
  does not end the scene; without mission time the scene's Effort waits for the scene.
"""

from __future__ import annotations

from ledger.domain.clock import SceneEnded, SessionEnded
from ledger.domain.context import Context
from ledger.domain.encounters import turns
from ledger.domain.encounters.events import EncounterEnded, EncounterSpiritJoined
from ledger.domain.events import DomainEvent
from ledger.domain.magic.effort import EffortReturned
from ledger.domain.spirits.events import SpiritSummoned
from ledger.domain.state import CampaignState


def spirit_joins_next_round(
    state: CampaignState, event: DomainEvent, ctx: Context
) -> list[DomainEvent]:
    encounter = state.encounter
    if not isinstance(event, SpiritSummoned) or encounter is None:
        return []
    summoner = next((p for p in encounter.order if p.character_id == event.character_id), None)
    if summoner is None:
        return []
    return [EncounterSpiritJoined(character_id=event.character_id, encounter_id=encounter.id,
                                  spirit_id=event.spirit_id, participant_id=summoner.id,
                                  from_round=encounter.round + 1)]


def end_with_the_scene(state: CampaignState, event: DomainEvent, ctx: Context
                       ) -> list[DomainEvent]:
    if state.encounter is None:
        return []
    return turns.end(state, "session-ended" if isinstance(event, SessionEnded)
                     else "scene-ended" if isinstance(event, SceneEnded) else "ended", ctx)


def return_scene_effort_under_mission_time(
    state: CampaignState, event: DomainEvent, ctx: Context
) -> list[DomainEvent]:
    if not isinstance(event, EncounterEnded) or not state.settings.mission_time:
        return []
    return [EffortReturned(character_id=ch.id, commitment_id=c.id, pool=c.pool, amount=c.amount,
                           why="fight-ended")
            for ch in state.characters.values() for c in ch.effort.commitments
            if c.duration == "scene"]
