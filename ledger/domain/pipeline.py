"""The one way a command becomes events: policy, settle, decide, then each event in turn.

`run_command` is pure: it changes only the scratch state it is given, and the caller
records the events. For each event it

1. builds it, when it is a `Later`, from the state as recorded so far;
2. evolves it (the evolver sees the position before the event, as a fold does);
3. stamps it: the position advances by one, and `stamp`, when given, seals the record
   (the service sets the hash and time there; the unit harness keeps the state);
4. runs its reactions (ledger/domain/reactions.py), each reaction's events going through these
   same steps before the next event of the command: depth first.

This is the only place that advances the position on the write side, so a decision
never sees, or records, a position that differs from the one its event is stored at.
A write that records no event (a token, a webhook) has nothing to stamp.

A command is a plain decide callable, an `Action` (ledger/domain/decision.py), or any object
with `authorize(state, ctx) -> None` (raises to refuse), `acting(state) -> str | None`
and `decide(state, ctx) -> Sequence[DomainEvent | Later]`. A refused command records
nothing, its settling included, and the refusal names what resolves it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from ledger.domain.context import Context
from ledger.domain.decision import Decide, Later
from ledger.domain.errors import DomainError, RuleViolation
from ledger.domain.events import DomainEvent, evolve
from ledger.domain.hidden import is_hidden
from ledger.domain.magic.pending import pending_decisions, refusal_as_recorded
from ledger.domain.reactions import reactions_to, settling
from ledger.domain.state import CampaignState

MAX_EVENTS_PER_COMMAND = 500
Stamp = Callable[[CampaignState, DomainEvent], None]


class TypedCommand(Protocol):
    """A command that declares its policy, its acting character and its decision."""

    def authorize(self, state: CampaignState, ctx: Context) -> None: ...
    def acting(self, state: CampaignState) -> str | None: ...
    def decide(self, state: CampaignState, ctx: Context) -> Sequence[DomainEvent | Later]: ...


Command = Decide | TypedCommand


def acting_character(command: Command, state: CampaignState) -> str | None:
    """The character whose action the command is, when that character exists."""
    acting = getattr(command, "acting", None)
    if acting is None:
        return None
    found = acting(state)
    return found if found in state.characters else None


def decision_of(command: Command, state: CampaignState, ctx: Context
                ) -> Sequence[DomainEvent | Later]:
    if callable(command):
        return command(state, ctx)  # a decide function, or an Action (which calls its own)
    return command.decide(state, ctx)


class _Run:
    def __init__(self, state: CampaignState, ctx: Context, stamp: Stamp | None) -> None:
        self.state = state
        self.ctx = ctx
        self.stamp = stamp
        self.recorded: list[DomainEvent] = []

    def record_all(self, items: Iterable[DomainEvent | Later]) -> None:
        for item in items:
            built = item.build(self.state) if isinstance(item, Later) else item
            if isinstance(built, DomainEvent):
                self.record(built)
            else:
                self.record_all(built)  # a Later that builds several events

    def record(self, event: DomainEvent) -> None:
        evolve(self.state, event)
        self.state.position += 1
        if self.stamp is not None:
            self.stamp(self.state, event)
        self.recorded.append(event)
        if len(self.recorded) > MAX_EVENTS_PER_COMMAND:
            raise RuleViolation("command-too-large",
                                f"one command may record at most {MAX_EVENTS_PER_COMMAND} events")
        if not is_hidden(event.type_name()):  # a hidden event runs no reactions
            self.record_all(reactions_to(self.state, event, self.ctx))


def run_command(state: CampaignState, ctx: Context, command: Command,
                stamp: Stamp | None = None) -> list[DomainEvent]:
    """Run `command` on `state` (a scratch copy the caller owns); answer the events recorded,
    in order. `stamp(state, event)` runs once per event, the position already advanced."""
    run = _Run(state, ctx, stamp)
    authorize = getattr(command, "authorize", None)
    if authorize is not None:
        authorize(state, ctx)
    acting = acting_character(command, state)
    if acting is None:
        run.record_all(decision_of(command, state, ctx))
        return run.recorded
    before = pending_decisions(state.characters[acting])
    run.record_all(settling(state, acting, ctx))
    try:
        run.record_all(decision_of(command, state, ctx))
    except DomainError as refusal:
        # Nothing is recorded, settling included: name what blocks in the recorded state.
        recorded = refusal_as_recorded(refusal, before)
        if recorded is refusal:
            raise
        raise recorded from refusal
    return run.recorded
