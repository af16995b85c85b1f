"""What a command is: a decide function, an event built when its turn comes (`Later`),
and the mark of a command that is an action of a character (`action_of`). The pipeline
that runs them is ledger/domain/pipeline.py.

Settling follows the command type alone: a command factory marked
`@action_of("<parameter>")` is an action of the character that parameter names, and
only such a command first settles that character's pending decisions. Everything
else (damage, Conditions, corrections, sheet edits, the clock…) settles nobody,
whoever issues it. `ACTIONS` lists the marked commands; docs/rules/magic-test.md
shows the table.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from typing import ParamSpec

from ledger.domain.context import Context
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState, Character


class Later:
    """An event built when its turn comes, from the state as recorded so far: for a fact
    only the recorder knows when the command starts, such as the hash of the event just
    before it (the recorder sets `head_hash` as each event is recorded), or an event computed
    from what the events before it left (a cost's Backlash after its Mana). It may build
    several events; they are recorded in turn, each with its reactions."""

    def __init__(self, build: Callable[[CampaignState], DomainEvent | Sequence[DomainEvent | Later]]
                 ) -> None:
        self.build = build


Built = DomainEvent | Sequence[DomainEvent | Later]


def later_for(character_id: str, build: Callable[[Character], Built]) -> Later:
    """A Later built from one character as the events before it left them."""
    return Later(lambda state: build(state.characters[character_id]))


Decide = Callable[[CampaignState, Context], Sequence[DomainEvent | Later]]
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
