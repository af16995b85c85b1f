"""Helpless that comes with Dying or unconsciousness lasts as long as that state (000: "A
dying character is helpless", "An unconscious character ... is helpless"; docs/rules/
encounters.md, "Time-bounded states").

- A Helpless Condition added while the character is Dying or unconscious is bound to that
  state (`HelplessWhileDown`, a reaction to `ConditionAdded`: `bind_helpless`), in or out of
  an encounter; inside one it has no round count (timers.py).
- It ends (`ConditionExpired`, `why` "dying-ended" or "unconscious-ended") once the
  character is neither Dying nor unconscious (`release`, a reaction to the events that end
  those states). The Unconscious Condition itself ends with its own knockout.
"""

from __future__ import annotations

from ledger.domain.conditions.adding import ConditionAdded
from ledger.domain.conditions.catalog import movement
from ledger.domain.context import Context
from ledger.domain.encounters.dying import DyingEnded
from ledger.domain.encounters.events import ConditionExpired
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState, Character, Condition
from ledger.domain.unconscious import CONDITION, UnconsciousEnded


class HelplessWhileDown(DomainEvent, frozen=True, kw_only=True):
    condition_id: str
    state: str  # "dying" or "unconscious": what the character was when it came


@evolves(HelplessWhileDown)
def _bound(state: CampaignState, e: HelplessWhileDown) -> None:
    state.characters[e.character_id or ""].helpless_while_down.append(e.condition_id)


def bind_helpless(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    if not isinstance(event, ConditionAdded) or event.condition.name != "Helpless":
        return []
    character = state.characters[event.character_id or ""]
    if not (character.dying or character.unconscious):
        return []
    return [HelplessWhileDown(character_id=character.id, condition_id=event.condition.id,
                              state="dying" if character.dying else "unconscious")]


def _expire(character: Character, ending: list[Condition], why: str) -> list[DomainEvent]:
    out: list[DomainEvent] = []
    left = list(character.conditions)
    for condition in ending:
        left = [c for c in left if c.id != condition.id]
        out.append(ConditionExpired(character_id=character.id, condition_id=condition.id,
                                    name=condition.name, why=why,
                                    movement=movement(character, left)))
    return out


def release(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """After `DyingEnded` or `UnconsciousEnded`: what lasted as long as that state ends."""
    character = state.characters.get(event.character_id or "")
    if character is None or character.dead:
        return []
    ending: list[Condition] = []
    if isinstance(event, UnconsciousEnded) and event.cause == CONDITION:
        ending += [c for c in character.conditions if c.name == "Unconscious"]
    if not (character.dying or character.unconscious):
        ending += [c for c in character.conditions if c.id in character.helpless_while_down]
    why = "dying-ended" if isinstance(event, DyingEnded) else "unconscious-ended"
    return _expire(character, ending, why)
