"""Run a decision against a scratch copy of the state, with preludes and reactions.

Returns the events in the order they were applied; the scratch state is the
state after them. Pure: the caller records the events.

Settling (the preludes) follows the command type alone: a command factory marked
`@action_of("<parameter>")` is an action of the character that parameter names, and
only such a command first settles that character's pending decisions. Everything
else (damage, Conditions, corrections, sheet edits, the clock…) settles nobody,
whoever issues it. `ACTIONS` lists the marked commands; docs/rules/magic-test.md
shows the table.
"""

from __future__ import annotations

import functools
import inspect
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import ParamSpec

from ledger.domain.context import Context
from ledger.domain.errors import DomainError, RuleViolation
from ledger.domain.events import DomainEvent, evolve
from ledger.domain.magic.pending import pending_decisions, refusal_as_recorded
from ledger.domain.reactions import preludes_for, reactions_to
from ledger.domain.state import CampaignState


class Later:
    """An event built when its turn comes, from the state as recorded so far: for a fact
    only the recorder knows when the command starts, such as the hash of the event just
    before it (the recorder sets `head_hash` as each event is recorded)."""

    def __init__(self, build: Callable[[CampaignState], DomainEvent]) -> None:
        self.build = build


Decide = Callable[[CampaignState, Context], Sequence[DomainEvent | Later]]
MAX_EVENTS_PER_COMMAND = 500
P = ParamSpec("P")

# command (module.factory) -> who acts: the parameter naming the character, or how it is found
ACTIONS: dict[str, str] = {}
Via = Callable[[CampaignState, str], str | None]


class Action:
    """A decision that is an action of the character `acting` finds in the state;
    settling runs before it."""

    def __init__(self, decide: Decide, acting: Callable[[CampaignState], str | None]) -> None:
        self.decide = decide
        self.acting = acting

    def __call__(self, state: CampaignState, ctx: Context) -> Sequence[DomainEvent | Later]:
        return self.decide(state, ctx)


def action_of(parameter: str, via: Via | None = None
              ) -> Callable[[Callable[P, Decide]], Callable[P, Decide]]:
    """Mark a command factory as an action of the character its `parameter` names, or,
    with `via`, of the character `via(state, value)` finds (a spirit's summoner)."""

    def mark(factory: Callable[P, Decide]) -> Callable[P, Decide]:
        signature = inspect.signature(factory)
        if parameter not in signature.parameters:
            raise TypeError(f"{factory.__qualname__} has no parameter {parameter!r}")
        ACTIONS[f"{factory.__module__}.{factory.__qualname__}"] = (
            f"{via.__name__}({parameter})" if via else parameter)

        @functools.wraps(factory)
        def build(*args: P.args, **kwargs: P.kwargs) -> Decide:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            value = bound.arguments[parameter]

            def acting(state: CampaignState) -> str | None:
                if value is None:
                    return None
                return via(state, value) if via else str(value)

            return Action(factory(*args, **kwargs), acting)

        return build

    return mark


def run_decision(
    scratch: CampaignState,
    ctx: Context,
    decide: Decide,
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

    # A command (ledger/domain/command.py) checks its policy before anything, settling included.
    authorize = getattr(decide, "authorize", None)
    if authorize is not None:
        authorize(scratch, ctx)
    find_acting = getattr(decide, "acting", None)
    acting = find_acting(scratch) if find_acting is not None else None
    if acting is None or acting not in scratch.characters:
        apply_all(decide(scratch, ctx))
        return applied
    before = pending_decisions(scratch.characters[acting])
    apply_all(preludes_for(scratch, acting, ctx))
    try:
        apply_all(decide(scratch, ctx))
    except DomainError as refusal:
        # Nothing is recorded, settling included: name what blocks in the recorded state.
        recorded = refusal_as_recorded(refusal, before)
        if recorded is refusal:
            raise
        raise recorded from refusal
    return applied
