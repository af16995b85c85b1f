"""Conditions counted in turns and rounds (000; docs/rules/encounters.md, "Turn-counted
Conditions").

- Helpless "lasts for 1 round for 4 points, 2 rounds for 7 points": gained during an
  encounter, it ends at the start of the same place in the order 1 (or 2) rounds later
  (`helpless_rounds`). A Helpless that comes while the character is Dying or
  unconscious lasts as long as that state: no round count is set.
- Dazed "usually lasts for one turn": it ends when the character's next own turn ends;
  the campaign setting `dazed_turns` (default 1) is the GM's way to change it.
- Shock is "for the next entire turn": it ends when the character's next own turn ends.
  A turn counts only if it started after the Condition came (gained during one's own
  turn, it lasts through the next one).
- Counted only for participants, and only inside an encounter: outside one these
  Conditions end as they do today (a recovery roll, healing, the GM). They end with the
  encounter (turns.py).
"""

from __future__ import annotations

from ledger.domain.conditions.adding import ConditionAdded
from ledger.domain.conditions.catalog import INCURABLE_BONUS, movement
from ledger.domain.context import Context
from ledger.domain.encounters.events import ConditionExpired, ConditionTimed
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState, Condition
from ledger.domain.state.encounter import Encounter, TurnTimer

OWN_TURNS = {"Shock": 1}  # Dazed: the campaign's `dazed_turns`


def helpless_rounds(condition: Condition) -> int:
    """1 round at 4 points, 2 at 7 (an incurable Condition's +2 does not count here)."""
    base = condition.points - (INCURABLE_BONUS if condition.incurable else 0)
    return 2 if base >= 7 else 1


def timer_for(state: CampaignState, encounter: Encounter, character_id: str,
              condition: Condition) -> TurnTimer | None:
    if condition.name == "Helpless":
        character = state.characters[character_id]
        if character.dying or character.unconscious:
            return None  # lasts as long as that state
        return TurnTimer(condition.id, character_id, condition.name, kind="rounds",
                         round=encounter.round + helpless_rounds(condition), turn=encounter.turn)
    turns = state.settings.dazed_turns if condition.name == "Dazed" else OWN_TURNS.get(
        condition.name)
    if turns is None:
        return None
    return TurnTimer(condition.id, character_id, condition.name, kind="own-turns", turns=turns,
                     after_turn=encounter.turn_number)


def time_conditions(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """A Condition counted in turns or rounds, gained by a participant during an encounter."""
    encounter = state.encounter
    if not isinstance(event, ConditionAdded) or encounter is None or not event.character_id:
        return []
    if not any(p.character_id == event.character_id for p in encounter.order):
        return []
    timer = timer_for(state, encounter, event.character_id, event.condition)
    return [] if timer is None else [ConditionTimed(character_id=event.character_id,
                                                    encounter_id=encounter.id, timer=timer)]


def over(encounter: Encounter, timer: TurnTimer) -> bool:
    if timer.kind == "rounds":
        return (encounter.round, encounter.turn) >= (timer.round, timer.turn)
    return timer.turns <= 0


def expired(state: CampaignState, due: list[TurnTimer], why: str = "") -> list[DomainEvent]:
    """One event per Condition still there; `why` defaults to what was counted."""
    out: list[DomainEvent] = []
    left: dict[str, list[Condition]] = {}
    for timer in due:
        character = state.characters[timer.character_id]
        conditions = left.setdefault(character.id, list(character.conditions))
        if not any(c.id == timer.condition_id for c in conditions):
            continue  # ended otherwise (recovered, healed, corrected)
        conditions[:] = [c for c in conditions if c.id != timer.condition_id]
        out.append(ConditionExpired(character_id=character.id, condition_id=timer.condition_id,
                                    name=timer.name, why=why or f"{timer.kind}-passed",
                                    movement=movement(character, conditions)))
    return out


def end_counted_conditions(
    state: CampaignState, event: DomainEvent, ctx: Context
) -> list[DomainEvent]:
    """At each turn: the Conditions whose turns or rounds are over end."""
    encounter = state.encounter
    if encounter is None:
        return []
    return expired(state, [t for t in encounter.timers if over(encounter, t)])


def all_end(state: CampaignState) -> list[DomainEvent]:
    """The encounter ends: every Condition still counted in it ends too."""
    return [] if state.encounter is None else expired(state, state.encounter.timers,
                                                     "encounter-ended")
