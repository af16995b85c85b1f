"""Events caused by other events, and work done before a character's next action.

A reaction runs after its event is applied (a scene's end returns the scene's
Effort; a sunrise adds Backlash to everyone still over their Mana). A prelude
runs before a command that is an action of a character (a pending failed Magic
Test is accepted when the character acts again; ledger/domain/decision.py decides which).
Both are pure and recorded under the command's correlation id.
"""

from __future__ import annotations

from collections.abc import Callable

from ledger.domain.context import Context
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState

Reaction = Callable[[CampaignState, DomainEvent, Context], list[DomainEvent]]
Prelude = Callable[[CampaignState, str, Context], list[DomainEvent]]

REACTIONS: dict[type[DomainEvent], list[Reaction]] = {}
PRELUDES: list[Prelude] = []


def reacts_to(*event_types: type[DomainEvent]) -> Callable[[Reaction], Reaction]:
    def wrap(fn: Reaction) -> Reaction:
        for event_type in event_types:
            REACTIONS.setdefault(event_type, []).append(fn)
        return fn

    return wrap


def prelude(fn: Prelude) -> Prelude:
    PRELUDES.append(fn)
    return fn


def reactions_to(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    out: list[DomainEvent] = []
    for reaction in REACTIONS.get(type(event), ()):
        out.extend(reaction(state, event, ctx))
    return out


def preludes_for(state: CampaignState, character_id: str, ctx: Context) -> list[DomainEvent]:
    out: list[DomainEvent] = []
    for fn in PRELUDES:
        out.extend(fn(state, character_id, ctx))
    return out
