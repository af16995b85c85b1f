"""Importing an exported history into a store where the campaign does not exist yet.

Rules: the chain must be whole, every revealed die must re-derive, the seed lines
must match the seeds the events reveal, the head line must be the chain's head
and carry a valid signature, every event must hold only what a recording could
(import_bounds.py), and every event must fold. The records are then
written as they were (byte-identical data), with checkpoints, in one transaction,
so the imported campaign has the identical state and head hash.
"""

from __future__ import annotations

import msgspec

from ledger.adapters.checkpoint_seal import CheckpointSeal
from ledger.adapters.export_format import History
from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import CheckpointRow
from ledger.domain import fold as folding
from ledger.domain.audit.reports import Report
from ledger.domain.state import CampaignState
from ledger.service.audit.import_bounds import printable
from ledger.service.audit.offline import problems, verify_history


class ImportRefusedError(Exception):
    """The history failed a check; nothing was written."""


class Imported(msgspec.Struct, frozen=True):
    campaign_id: str
    position: int
    head_hash: str
    report: Report


def check_history(history: History, public_key: str | None = None) -> Report:
    checked = verify_history(history, public_key=public_key)
    found = problems(checked)
    if found:
        raise ImportRefusedError("; ".join(found))
    return checked.report


def import_history(store: EventStore, history: History, *, checkpoint_every: int = 100,
                   public_key: str | None = None, seal: CheckpointSeal | None = None) -> Imported:
    """Without `seal` the checkpoints are written unsealed: the first reads rebuild them."""
    report = check_history(history, public_key)
    campaign_id = history.header.campaign_id
    if store.head(campaign_id) != 0:
        raise ImportRefusedError(f"campaign {campaign_id} already exists in this store")
    state, checkpoints = fold_checked(history, checkpoint_every, seal)
    store.append(history.records, None, checkpoints)
    return Imported(campaign_id, state.position, state.head_hash, report)


def fold_checked(history: History, every: int, seal: CheckpointSeal | None = None
                 ) -> tuple[CampaignState, list[CheckpointRow]]:
    state = folding.blank(history.header.campaign_id)
    checkpoints: list[CheckpointRow] = []
    for record in history.records:
        try:
            folding.apply_record(state, record)
        except Exception as exc:  # any failure to apply means the history cannot be loaded
            raise ImportRefusedError(f"event {record.position} ({printable(record.type)}) does "
                                     f"not apply: {printable(repr(exc))}") from None
        if record.position % every == 0:
            blob = folding.encode_state(state)
            checkpoints.append(seal.row(state.id, state.position, state.head_hash, blob) if seal
                               else CheckpointRow(state.id, state.position, blob))
    return state, checkpoints
