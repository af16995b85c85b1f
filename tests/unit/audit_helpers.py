"""A small table for the audit unit tests: commands run on a pure state, position by position.

The shared harness (tests/unit/harness.py) seals records the way the service does and
keeps the state after every position, so tests can take the canon state at a position
the way the service's `canon_state_at` does; this table adds real dice seeds.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import msgspec

from ledger.domain.campaign import create_campaign
from ledger.domain.chain import GENESIS, chain_hash
from ledger.domain.context import Context
from ledger.domain.dice import SeededDice
from ledger.domain.fold import blank
from ledger.domain.record import Record
from ledger.domain.state import CampaignState
from ledger.domain.state.clone import clone
from tests.unit.harness import Recorder, Seeds


class Table(Recorder):
    def __init__(self, campaign_id: str = "cmp_unit") -> None:
        self.seeds = Seeds()
        super().__init__(blank(campaign_id), self.context)
        self.run(create_campaign("Mana Noir"))

    def context(self, scratch: CampaignState) -> Context:
        seed = self.seeds.seeds.get(scratch.dice_epoch, b"\0" * 32)
        return Context(SeededDice(seed, scratch.id, scratch.dice_epoch, scratch.position + 1),
                       epoch=scratch.dice_epoch, command_position=scratch.position + 1,
                       seeds=self.seeds)

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
