"""Verification of hidden events: each reveal's data against the commitment the chain
holds at its position, and each die of a revealed roll against the roll's own seed."""

from __future__ import annotations

from typing import Any

from ledger.domain.audit.reports import HiddenReport, Mismatch
from ledger.domain.hidden import check_reveal, is_hidden, stored_commitment
from ledger.domain.record import Record


class HiddenCheck:
    def __init__(self) -> None:
        self.commitments: dict[int, str | None] = {}
        self.revealed: list[int] = []
        self.mismatches: list[Mismatch] = []

    def add(self, record: Record, data: dict[str, Any]) -> None:
        if is_hidden(record.type):
            self.commitments[record.position] = stored_commitment(record.data)
        elif record.type == "HiddenRevealed":
            at = data.get("hidden_position")
            known = self.commitments.get(at) if isinstance(at, int) else None
            for problem in check_reveal(record.campaign_id, known, data):
                self.mismatches.append(Mismatch(position=record.position, type=record.type,
                                                epoch=None, problem=f"hidden-{problem}",
                                                command_position=at if isinstance(at, int)
                                                else None))
            if isinstance(at, int) and at in self.commitments:
                self.revealed.append(at)

    def report(self) -> HiddenReport | None:
        if not self.commitments:
            return None
        shown = sorted(set(self.revealed))
        bad = {m.command_position for m in self.mismatches}
        return HiddenReport(
            revealed=[p for p in shown if p not in bad],
            sealed=[p for p in sorted(self.commitments) if p not in shown])
