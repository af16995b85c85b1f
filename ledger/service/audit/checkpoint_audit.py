"""`verify` on the server: every stored checkpoint recomputed by a fold from the first
event and compared, beside the chain check, in the same single pass over the history.

A checkpoint is forged when its seal fails ("mac"), when it is not at the chain's hash at
its position ("chain"), or when it is sealed but holds another state than the fold
("content": only someone with the server key can make one). Stale ones (no seal, another
state format) are listed, not counted against the history: reads rebuild them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import msgspec

from ledger.adapters.checkpoint_seal import CheckpointSeal
from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import StoredCheckpoint
from ledger.domain.audit.reports import CheckpointProblem, CheckpointReport, Report
from ledger.domain.fold import STATE_PREFIX, apply_record, blank, decode_state, encode_state
from ledger.domain.record import Record
from ledger.domain.state import CampaignState
from ledger.service.checkpoints import judge, report_forgery

_EVERY_POSITION = 2**62


class CheckpointAudit:
    def __init__(self, store: EventStore, campaign_id: str, seal: CheckpointSeal | None) -> None:
        self.store, self.campaign_id, self.seal = store, campaign_id, seal
        self.due = set(store.checkpoint_positions(campaign_id, 0, _EVERY_POSITION))
        self.state = blank(campaign_id)
        self.failed_at: int | None = None
        self.checked = 0
        self.stale: list[int] = []
        self.forged: list[CheckpointProblem] = []

    def tee(self, records: Iterable[Record]) -> Iterator[Record]:
        """`records` unchanged, each folded and its checkpoint compared on the way."""
        for record in records:
            self.add(record)
            yield record

    def add(self, record: Record) -> None:
        if self.failed_at is not None:
            return
        try:
            apply_record(self.state, record)
        except Exception:  # a damaged row: the chain check reports it; nothing after compares
            self.failed_at = record.position
            return
        if record.position in self.due:
            self.due.discard(record.position)
            for found in self.store.stored_checkpoints(self.campaign_id, record.position - 1,
                                                       record.position):
                self._compare(found, self.state)

    def report(self) -> CheckpointReport:
        if self.failed_at is None:  # rows past the head fold to nothing: they are not ours
            for found in self.store.stored_checkpoints(self.campaign_id, self.state.position,
                                                       _EVERY_POSITION):
                self._compare(found, None)
        return CheckpointReport(ok=not self.forged, checked=self.checked, stale=self.stale,
                                forged=self.forged, seals_checked=self.seal is not None,
                                unchecked_after=self.failed_at)

    def _compare(self, found: StoredCheckpoint, folded: CampaignState | None) -> None:
        self.checked += 1
        verdict = self._verdict(found)
        if verdict == "stale":
            self.stale.append(found.position)
            return
        if verdict == "good":
            stored = decode_state(found.state)
            if (stored is not None and folded is not None
                    and encode_state(stored) == encode_state(folded)):
                return
            verdict = "content"
        self.forged.append(CheckpointProblem(found.position, verdict))
        if verdict != "content":
            report_forgery(self.campaign_id, found, verdict)

    def _verdict(self, found: StoredCheckpoint) -> str:
        if self.seal is not None:
            return judge(self.seal, self.campaign_id, found)[1]
        # No key at hand: the seal cannot be checked, the place in the chain still can.
        if found.mac is None or not found.state.startswith(STATE_PREFIX):
            return "stale"
        return "good" if found.head_hash == found.chain_hash else "chain"


def with_checkpoints(report: Report, checkpoints: CheckpointReport) -> Report:
    return msgspec.structs.replace(report, checkpoints=checkpoints,
                                   ok=report.ok and checkpoints.ok)
