"""The one harness of the unit tests: a command runs through the service's own pipeline
(ledger/domain/pipeline.py: policy, settling, decide, each event evolved and positioned, its
reactions depth first) on a pure state, with no store.

`run` runs a command on a state; `Recorder` also seals each event into a record the way
the service does (hash chain, correlation id) and keeps the state at every position.
The per-topic helper modules only build states and sheets on top of these.
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Callable
from typing import Any

import msgspec

import ledger.domain.all_rules  # noqa: F401  (registers every event type and evolver)
from ledger.domain.chain import GENESIS, chain_hash
from ledger.domain.context import Actor, Context
from ledger.domain.dice import DiceSource, ReportedDice, seed_commitment
from ledger.domain.events import DomainEvent, encode_data
from ledger.domain.pipeline import Stamp, run_command
from ledger.domain.record import Record
from ledger.domain.state import CampaignState
from ledger.domain.state.clone import clone

GM = Actor(role="gm")
_ids = itertools.count(1)


def player(character_id: str) -> Actor:
    return Actor(role="player", token_id="tok", character_id=character_id)


def numbered(prefix: str) -> str:
    """Fresh ids a test can read: `chr_1`, `mgt_2`…"""
    return f"{prefix}_{next(_ids)}"


class ScriptedDice:
    """Server-side dice whose values the test chooses; each is checked against its die."""

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)

    def draw(self, sides: int) -> int:
        if not self.values:
            raise AssertionError("the test scripted fewer dice than the rule rolled")
        value = self.values.pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"{value} is not a d{sides} result")
        return value


class FixedSeeds:
    """Dice epochs for session starts and ends, when their values do not matter."""

    def commit_new(self, epoch: int) -> str:
        return f"commitment-{epoch}"

    def reveal(self, epoch: int) -> str:
        return f"seed-{epoch}"


class Seeds:
    """Real seeds in memory, revealed on request (for tests that verify dice)."""

    def __init__(self) -> None:
        self.seeds: dict[int, bytes] = {}

    def commit_new(self, epoch: int) -> str:
        self.seeds[epoch] = secrets.token_bytes(32)
        return seed_commitment(self.seeds[epoch])

    def reveal(self, epoch: int) -> str:
        return self.seeds[epoch].hex()


def context(dice: list[int] | DiceSource | None = None, actor: Actor = GM, *,
            scripted: bool = False, **more: Any) -> Context:
    """A context: reported dice from a list (server dice the test scripts, with `scripted`),
    or any dice source; numbered ids; fixed seeds."""
    if dice is None or isinstance(dice, list):
        source: DiceSource = ScriptedDice(dice or []) if scripted else ReportedDice(dice or [])
    else:
        source = dice
    more.setdefault("seeds", FixedSeeds())
    more.setdefault("new_id", numbered)
    return Context(source, actor=actor, **more)


def run(state: CampaignState, command: Any, ctx: Context | None = None,
        stamp: Stamp | None = None) -> list[DomainEvent]:
    """Run one command on `state` itself, as the service does; answer its events. As in the
    service, a refused command leaves the state as it was, even when it is refused after
    some of its events were evolved."""
    before = clone(state)
    try:
        return run_command(state, ctx or context(), command, stamp)
    except Exception:
        for field in state.__struct_fields__:
            setattr(state, field, getattr(before, field))
        raise


class Recorder:
    """Commands on a state, each event sealed into a record as the service seals it, and the
    state kept at every position."""

    def __init__(self, state: CampaignState,
                 make_context: Callable[[CampaignState], Context]) -> None:
        self.state = state
        self.make_context = make_context
        self.records: list[Record] = []
        self.states: dict[int, CampaignState] = {}

    def run(self, command: Any) -> list[DomainEvent]:
        scratch = clone(self.state)
        correlation = f"cor_{len(self.records) + 1}"

        def stamp(now: CampaignState, event: DomainEvent) -> None:
            draft = Record(now.id, now.position, event.type_name(), event.version,
                           encode_data(event), f"2026-01-01T00:00:{now.position - 1:02d}.000000Z",
                           "gm", None, None, correlation, event.character_id,
                           now.clock.session, now.clock.scene, "")
            done = msgspec.structs.replace(draft, hash=chain_hash(now.head_hash or GENESIS, draft))
            self.records.append(done)
            now.head_hash = done.hash
            self.states[done.position] = clone(now)

        events = run_command(scratch, self.make_context(scratch), command, stamp)
        self.state = scratch  # a refused command leaves the state as it was
        return events
