"""Run a decision against a scratch copy of the state, with preludes and reactions.

Returns the events in the order they were applied; the scratch state is the
state after them. Pure: the caller records the events.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence

from ledger.context import Context
from ledger.errors import RuleViolation
from ledger.events import DomainEvent, evolve
from ledger.reactions import preludes_for, reactions_to
from ledger.state import CampaignState


class Later:
    """An event built when its turn comes, from the state as recorded so far: for a fact
    only the recorder knows when the command starts, such as the hash of the event just
    before it (the recorder sets `head_hash` as each event is recorded)."""

    def __init__(self, build: Callable[[CampaignState], DomainEvent]) -> None:
        self.build = build


Decide = Callable[[CampaignState, Context], Sequence[DomainEvent | Later]]
MAX_EVENTS_PER_COMMAND = 500


def run_decision(
    scratch: CampaignState,
    ctx: Context,
    decide: Decide,
    character_id: str | None = None,
    on_applied: Callable[[DomainEvent], None] | None = None,
) -> list[DomainEvent]:
    applied: list[DomainEvent] = []

    def apply_all(events: Iterable[DomainEvent | Later]) -> None:
        queue = deque(events)
        while queue:
            item = queue.popleft()
            event = item.build(scratch) if isinstance(item, Later) else item
            evolve(scratch, event)
            applied.append(event)
            if on_applied:
                on_applied(event)
            if len(applied) > MAX_EVENTS_PER_COMMAND:
                raise RuleViolation("command-too-large", "one command may record at most 500 events")
            queue.extend(reactions_to(scratch, event, ctx))

    if character_id is not None and character_id in scratch.characters:
        apply_all(preludes_for(scratch, character_id, ctx))
    apply_all(decide(scratch, ctx))
    return applied
