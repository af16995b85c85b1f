"""A small table for the audit unit tests: commands run on a pure state, position by position.

Positions, hashes and correlation ids are set the way the service sets them, and
the state after every position is kept, so tests can take the canon state at a
position the way the service's `canon_state_at` does.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any

import msgspec

from ledger.domain.campaign import create_campaign
from ledger.domain.chain import GENESIS, chain_hash
from ledger.domain.context import Context
from ledger.domain.decision import Decide, run_decision
from ledger.domain.dice import SeededDice, seed_commitment
from ledger.domain.events import DomainEvent, encode_data
from ledger.domain.fold import blank
from ledger.domain.record import Record
from ledger.domain.state import CampaignState
from ledger.domain.state.clone import clone


class Seeds:
    """The seed broker of a unit test: seeds in memory, revealed on request."""

    def __init__(self) -> None:
        self.seeds: dict[int, bytes] = {}

    def commit_new(self, epoch: int) -> str:
        self.seeds[epoch] = secrets.token_bytes(32)
        return seed_commitment(self.seeds[epoch])

    def reveal(self, epoch: int) -> str:
        return self.seeds[epoch].hex()


class Table:
    def __init__(self, campaign_id: str = "cmp_unit") -> None:
        self.state = blank(campaign_id)
        self.seeds = Seeds()
        self.states: dict[int, CampaignState] = {}
        self.records: list[Record] = []
        self.run(create_campaign("Mana Noir"))

    def run(self, decide: Decide) -> list[DomainEvent]:
        scratch = clone(self.state)
        seed = self.seeds.seeds.get(scratch.dice_epoch, b"\0" * 32)
        ctx = Context(SeededDice(seed, scratch.id, scratch.dice_epoch, scratch.position + 1),
                      epoch=scratch.dice_epoch, command_position=scratch.position + 1,
                      seeds=self.seeds)
        correlation = f"cor_{len(self.records) + 1}"

        def record(event: DomainEvent) -> None:
            draft = Record(scratch.id, scratch.position + 1, event.type_name(), event.version,
                           encode_data(event), f"2026-01-01T00:00:{scratch.position:02d}.000000Z",
                           "gm", None, None, correlation, event.character_id,
                           scratch.clock.session, scratch.clock.scene, "")
            prev = scratch.head_hash or GENESIS
            done = msgspec.structs.replace(draft, hash=chain_hash(prev, draft))
            self.records.append(done)
            scratch.position, scratch.head_hash = done.position, done.hash
            self.states[done.position] = clone(scratch)

        events = run_decision(scratch, ctx, decide, on_applied=record)
        self.state = scratch
        return events

    def canon_at(self, position: int) -> CampaignState:
        return clone(self.states[self.state.rewind.last_canon_at_or_before(position)])



Edit = Callable[[dict[str, Any]], None]


def rehash(records: list[Record], position: int, change: Edit) -> list[Record]:
    """Edit one event's data, then recompute every hash after it (a careful forger)."""
    out: list[Record] = []
    prev = GENESIS
    for record in records:
        if record.position == position:
            data = json.loads(record.data)
            change(data)
            record = msgspec.structs.replace(record, data=json.dumps(data).encode())
        record = msgspec.structs.replace(record, hash=chain_hash(prev, record))
        out.append(record)
        prev = record.hash
    return out
