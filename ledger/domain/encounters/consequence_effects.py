"""Backlash Consequences counted in combat time (002, General table; docs/rules/
encounters.md, "Backlash Consequences in rounds").

- "You suffer a -1 [-2, -3] penalty to all rolls next round": a Consequence recorded with
  `effect: "penalty-next-round"` during an encounter applies its severity's figure (Minor
  -1, Moderate -2, Major -3) as a penalty to every AGE roll of the character in the next round
  (ledger/domain/rolls/round_effects.py), named on the roll.
- "Your next major action fails": the character's next active test in their own turn
  fails automatically; the effect then ends (`applied`).
- "Your next minor action fails": the ledger sees no minor actions, so it is shown on the
  encounter until the character's next own turn ends (`turn-ended`).
- Each is named after the Consequence (`ConsequenceEffectChosen`) and, during an
  encounter, timed by a reaction to it (`ConsequenceEffectTimed`) and ends
  by `ConsequenceEffectEnded`. Outside an encounter there are no rounds or turns: the
  effect stays the Consequence's text ("the next two important rolls out of action
  time" is the GM's to judge).
"""

from __future__ import annotations

import msgspec

from ledger.domain.context import Context
from ledger.domain.encounters.events import TurnAdvanced
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.magic.consequence_roll import SEVERITIES
from ledger.domain.magic.consequences import ConsequenceEffectChosen
from ledger.domain.rolls import Rolled
from ledger.domain.rolls.conditions import CONSEQUENCE_FAILS
from ledger.domain.state import CampaignState
from ledger.domain.state.encounter import ConsequenceEffect

PENALTY, MINOR = "penalty-next-round", "next-minor-action-fails"


class ConsequenceEffectTimed(DomainEvent, frozen=True, kw_only=True):
    encounter_id: str
    effect: ConsequenceEffect


class ConsequenceEffectEnded(DomainEvent, frozen=True, kw_only=True):
    encounter_id: str
    consequence_id: str
    effect: str
    why: str  # "applied", "turn-ended", "round-passed"


@evolves(ConsequenceEffectTimed)
def _timed(state: CampaignState, e: ConsequenceEffectTimed) -> None:
    if state.encounter is not None:
        state.encounter.consequence_effects.append(msgspec.structs.replace(e.effect))


@evolves(ConsequenceEffectEnded)
def _ended(state: CampaignState, e: ConsequenceEffectEnded) -> None:
    for effect in [] if state.encounter is None else state.encounter.consequence_effects:
        if effect.consequence_id == e.consequence_id:
            effect.ended = True


def time_effect(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    encounter = state.encounter
    if not isinstance(event, ConsequenceEffectChosen) or encounter is None:
        return []
    penalty = event.effect == PENALTY
    effect = ConsequenceEffect(
        consequence_id=event.consequence_id, character_id=event.character_id or "",
        effect=event.effect, round=encounter.round + 1 if penalty else 0,
        modifier=-SEVERITIES.get(event.severity, 1) if penalty else 0,
        after_turn=encounter.turn_number)
    return [ConsequenceEffectTimed(character_id=event.character_id, encounter_id=encounter.id,
                                   effect=effect)]


def _ending(state: CampaignState, effect: ConsequenceEffect, why: str) -> DomainEvent:
    assert state.encounter is not None
    return ConsequenceEffectEnded(character_id=effect.character_id,
                                  encounter_id=state.encounter.id,
                                  consequence_id=effect.consequence_id, effect=effect.effect,
                                  why=why)


def end_applied(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """A test that the next-major-action Consequence failed uses it up."""
    if not isinstance(event, Rolled) or state.encounter is None:
        return []
    used = {p.condition_id for p in event.condition_procedures if p.name == CONSEQUENCE_FAILS}
    return [_ending(state, e, "applied") for e in state.encounter.consequence_effects
            if e.consequence_id in used and not e.ended]


def end_at_turn(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """A turn ended: the minor-action failure of the character whose next own turn it was
    is over, and a penalty whose round has passed ends."""
    encounter = state.encounter
    if not isinstance(event, TurnAdvanced) or encounter is None:
        return []
    ended = encounter.participant(event.ended)
    out: list[DomainEvent] = []
    for e in encounter.consequence_effects:
        if e.ended:
            continue
        if e.effect == PENALTY and encounter.round > e.round:
            out.append(_ending(state, e, "round-passed"))
        elif (e.effect == MINOR and ended is not None and ended.character_id == e.character_id
              and event.turn_number - 1 > e.after_turn):
            out.append(_ending(state, e, "turn-ended"))
    return out
