"""Checkpoints on reads: start from the newest good one, rebuild the stale ones, never serve
a forged one.

Each checkpoint is sealed: an HMAC under the server key over its bytes and the place in
the chain it folds to (ledger/adapters/checkpoint_seal.py). Reading one sorts it:
- good: sealed by this key, at the chain's hash there, in this code's state format;
- stale: another state format, a body this code cannot read, or no seal (written before
  seals): rebuilt quietly when a read passes it (docs/decisions/005-histories-outlive-code.md);
- forged: a seal that fails ("mac"), or a good seal on a state that no longer folds to the
  chain's hash at its position ("chain"). The read folds from an earlier good checkpoint;
  the incident is logged and counted, and the row is left in place for `verify` to report.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ledger.adapters.checkpoint_seal import CheckpointSeal
from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import CheckpointRow, StoredCheckpoint
from ledger.domain.fold import STATE_PREFIX, apply_record, blank, decode_state, encode_state
from ledger.domain.record import Record
from ledger.domain.state import CampaignState

log = logging.getLogger(__name__)

FORGED = ("mac", "chain")
# Told of each forged checkpoint a process meets (the web layer counts them in /metrics).
forgery_listeners: list[Callable[[str, int, str], None]] = []
_met: set[tuple[str, int, bytes | None]] = set()  # forgeries this process has reported


def judge(seal: CheckpointSeal, campaign_id: str,
          found: StoredCheckpoint) -> tuple[CampaignState | None, str]:
    """The state a stored checkpoint holds when it is good, and its verdict: "good",
    "stale", or a forgery's kind ("mac", "chain")."""
    if found.mac is None:
        return None, "stale"
    if not seal.holds(campaign_id, found.position, found.head_hash, found.state, found.mac):
        return None, "mac"
    if found.head_hash != found.chain_hash:
        return None, "chain"
    state = decode_state(found.state)
    if state is None:
        return None, "stale"
    if (state.id, state.position, state.head_hash) != (campaign_id, found.position,
                                                      found.head_hash):
        return None, "chain"
    return state, "good"


def report_forgery(campaign_id: str, found: StoredCheckpoint, kind: str) -> None:
    """Log and count a forged checkpoint, once per process per row."""
    seen = (campaign_id, found.position, found.mac)
    if seen in _met:
        return
    if len(_met) > 4096:
        _met.clear()
    _met.add(seen)
    log.warning("forged checkpoint: not served, the read folds from an earlier one",
                extra={"incident": "forged-checkpoint", "campaign_id": campaign_id,
                       "position": found.position, "problem": kind})
    for listener in list(forgery_listeners):
        listener(campaign_id, found.position, kind)


class Checkpoints:
    # Checkpoints a read rebuilds are written this many to a transaction: few commits, and
    # little memory held, when a format change sends a long history's first read far back.
    REPAIR_BATCH = 50

    def __init__(self, store: EventStore, every: int, seal: CheckpointSeal) -> None:
        self.store = store
        self.every = every
        self.seal = seal
        self.repair_batch = self.REPAIR_BATCH

    def row(self, state: CampaignState) -> CheckpointRow:
        return self.seal.row(state.id, state.position, state.head_hash, encode_state(state))

    def judged(self, campaign_id: str, found: StoredCheckpoint) -> tuple[CampaignState | None, str]:
        state, verdict = judge(self.seal, campaign_id, found)
        if verdict in FORGED:
            report_forgery(campaign_id, found, verdict)
        return state, verdict

    def nearest(self, campaign_id: str, position: int) -> CampaignState:
        """The newest good checkpoint at or below `position`, else a blank state. Any
        checkpoint above it is stale (`fold_repairing` rebuilds it) or forged (kept)."""
        below = position
        while (found := self.store.stored_checkpoint(campaign_id, below, STATE_PREFIX)) is not None:
            state, _ = self.judged(campaign_id, found)
            if state is not None:
                return state
            below = found.position - 1
        return blank(campaign_id)

    def fold_repairing(self, state: CampaignState, records: list[Record]) -> CampaignState:
        """Fold `records` into `state` (from `nearest`), rewriting each stale checkpoint
        passed and writing each one missing at a checkpoint position. Forged ones stay as
        they are: the evidence `verify` reports."""
        if not records:
            return state
        stale: set[int] = set()
        forged: set[int] = set()
        for found in self.store.stored_checkpoints(state.id, state.position, records[-1].position):
            verdict = self.judged(state.id, found)[1]
            (forged if verdict in FORGED else stale).add(found.position)
        due: list[CheckpointRow] = []
        writable = True
        for record in records:
            apply_record(state, record)
            if not writable or record.position in forged:
                continue
            if record.position in stale or record.position % self.every == 0:
                due.append(self.row(state))
                if len(due) == self.repair_batch:
                    writable, due = self.store.repair_checkpoints(due), []
        if writable and due:
            self.store.repair_checkpoints(due)
        return state
