"""Checkpoints on reads: start from the newest readable one, rebuild the ones that are not.

A checkpoint this code cannot read (another state format, a broken body) is never a
reason to fold from the first event when an older readable one exists, and it is
rewritten when a read passes it (docs/decisions/005-histories-outlive-code.md).
"""

from __future__ import annotations

from ledger.adapters.store.base import EventStore
from ledger.domain.fold import STATE_PREFIX, apply_record, blank, decode_state, encode_state
from ledger.domain.record import Record
from ledger.domain.state import CampaignState


class Checkpoints:
    # Checkpoints a read rebuilds are written this many to a transaction: few commits, and
    # little memory held, when a format change sends a long history's first read far back.
    REPAIR_BATCH = 50

    def __init__(self, store: EventStore, every: int) -> None:
        self.store = store
        self.every = every
        self.repair_batch = self.REPAIR_BATCH

    def nearest(self, campaign_id: str, position: int) -> CampaignState:
        """The newest checkpoint at or below `position` that this code can read, else a blank
        state. Any checkpoint above it is stale or broken: `fold_repairing` rebuilds it."""
        below = position
        while (found := self.store.checkpoint_at(campaign_id, below, STATE_PREFIX)) is not None:
            decoded = decode_state(found[1])
            if decoded is not None:
                return decoded
            below = found[0] - 1  # the right format, but a body this code cannot read
        return blank(campaign_id)

    def fold_repairing(self, state: CampaignState, records: list[Record]) -> CampaignState:
        """Fold `records` into `state` (from `nearest`), rewriting each checkpoint passed that
        could not be read and writing each one missing at a checkpoint position."""
        if not records:
            return state
        unreadable = set(self.store.checkpoint_positions(state.id, state.position,
                                                         records[-1].position))
        due: list[tuple[str, int, bytes]] = []
        writable = True
        for record in records:
            apply_record(state, record)
            if writable and (record.position in unreadable or record.position % self.every == 0):
                due.append((state.id, record.position, encode_state(state)))
                if len(due) == self.repair_batch:
                    writable, due = self.store.repair_checkpoints(due), []
        if writable and due:
            self.store.repair_checkpoints(due)
        return state
