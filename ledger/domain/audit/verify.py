"""Verification of a history: the hash chain, then every server die re-derived.

Rules (docs/rules/audit.md, docs/dice.md):
- The chain breaks at the first position whose hash or place in the sequence is
  wrong (an edited, deleted or inserted row).
- A saved head hash must still be in the chain (truncation, rewriting).
- A `SessionEnded` records the head hash: version 2 the hash of the event just
  before it, version 1 that of the event before its command. Either must be the
  chain's stored hash there, which a rewrite that recomputed every hash changes.
- Every server roll of a revealed epoch is re-derived die by die; its epoch must be
  the one in effect when its command started, its command position the command's
  first position, and no die index may be used twice.
- A revealed seed must hash to its epoch's commitment. Reported dice are listed,
  never verified; rolls of an unrevealed epoch are pending.
- A hidden event's reveal must match the commitment the chain holds for it, and a
  revealed hidden roll's dice must re-derive from its own seed (hidden_check.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from ledger.domain.audit.dice_records import roll_holders, seed_bytes, server_roll
from ledger.domain.audit.hidden_check import HiddenCheck
from ledger.domain.audit.reports import (
    ChainReport,
    DiceReport,
    EpochReport,
    HeadCheck,
    Mismatch,
    PendingRoll,
    Report,
    ReportedRoll,
    ServerRoll,
    StaleHead,
    TamperedRow,
)
from ledger.domain.chain import GENESIS, link_problem
from ledger.domain.dice import derive_die, die_message, seed_commitment
from ledger.domain.record import Record


def verify(records: Iterable[Record], expect_head: str | None = None) -> Report:
    checker = Checker(expect_head)
    for record in records:
        checker.add(record)
    return checker.report()


class Checker:
    """Verifies a history fed one record at a time, in position order."""

    def __init__(self, expect_head: str | None = None) -> None:
        self.expect_head = expect_head.lower() if expect_head else None
        self.found_at: int | None = None
        self.prev, self.expected, self.length = GENESIS, 1, 0
        self.first_break: int | None = None
        self.break_problem: str | None = None
        self.unreadable: set[int] = set()  # positions whose data is not canonical JSON
        self.tampered: list[TamperedRow] = []  # every such row, not only the first break
        self.campaign_id = ""
        self.command = ("", 0, 0)  # correlation id, first position, epoch in effect then
        self.command_prev = GENESIS  # the hash just before the current command
        self.stale_heads: list[StaleHead] = []
        self.epoch = 0
        self.commitments: dict[int, tuple[str, int]] = {}
        self.revealed: dict[int, tuple[str, int]] = {}
        self.rolls: list[ServerRoll] = []
        self.used: set[tuple[int, int, int]] = set()
        self.mismatches: list[Mismatch] = []
        self.reported: list[ReportedRoll] = []
        self.last: Record | None = None
        self.hidden = HiddenCheck()

    def add(self, record: Record) -> None:
        before = self.prev
        self._chain(record)
        self.campaign_id = self.campaign_id or record.campaign_id
        if record.correlation_id != self.command[0]:
            self.command = (record.correlation_id, record.position, self.epoch)
            self.command_prev = before
        if record.position in self.unreadable:
            return  # nothing is read from a row that has no single reading
        try:
            data = msgspec.json.decode(record.data)
        except msgspec.DecodeError:
            return  # the chain check already flags a damaged row
        if not isinstance(data, dict):
            return
        if record.type == "SessionEnded":
            chain = before if record.version >= 2 else self.command_prev
            if data.get("head_hash") != chain:
                self.stale_heads.append(StaleHead(record.position, data.get("head_hash"), chain))
        self.hidden.add(record, data)
        for holder in roll_holders(data):
            self._roll(record, holder)
        self._epochs(record, data)

    def _chain(self, record: Record) -> None:
        self.length += 1
        problem = link_problem(self.prev, record, self.expected)
        if problem in ("unreadable-data", "duplicate-keys"):
            self.unreadable.add(record.position)
            self.tampered.append(TamperedRow(record.position, problem))
        if self.first_break is None and problem:
            self.first_break, self.break_problem = self.expected, problem
        if self.expect_head and self.found_at is None and record.hash == self.expect_head:
            self.found_at = record.position
        self.prev, self.expected = record.hash, record.position + 1
        self.last = record

    def _epochs(self, record: Record, data: dict[str, Any]) -> None:
        if isinstance(data.get("revealed_epoch"), int) and data.get("revealed_seed"):
            revealed = (str(data["revealed_seed"]), record.position)
            self.revealed.setdefault(data["revealed_epoch"], revealed)
        epoch, commitment = data.get("dice_epoch"), data.get("dice_commitment")
        if isinstance(epoch, int) and isinstance(commitment, str):
            earlier = self.commitments.setdefault(epoch, (commitment, record.position))
            if earlier[0] != commitment:
                self.mismatches.append(Mismatch(position=record.position, type=record.type,
                                                epoch=epoch, problem="commitment"))
            self.epoch = epoch

    def _roll(self, record: Record, holder: dict[str, Any]) -> None:
        if holder["source"] == "reported":
            self.reported.append(ReportedRoll(record.position, record.type,
                                              holder.get("reported_by"), holder["dice"]))
            return
        roll = server_roll(record, holder)
        if roll is None:
            self._flag(record, holder.get("epoch"), "unreadable")
            return
        _, first, epoch_then = self.command
        if roll.epoch != epoch_then:
            self._flag(record, roll.epoch, "epoch")
        if roll.command_position != first:
            self._flag(record, roll.epoch, "command-position",
                       command_position=roll.command_position)
        for i in range(len(roll.dice)):
            key = (roll.epoch, roll.command_position, roll.first_index + i)
            if key in self.used:
                self._flag(record, roll.epoch, "reused-index", index=key[2])
            self.used.add(key)
        self.rolls.append(roll)

    def _flag(self, record: Record, epoch: Any, problem: str, **more: Any) -> None:
        self.mismatches.append(Mismatch(position=record.position, type=record.type,
                                        epoch=epoch if isinstance(epoch, int) else None,
                                        problem=problem, **more))

    def report(self) -> Report:
        last = self.last
        chain = ChainReport(self.first_break is None, self.first_break,
                            last.hash if last else GENESIS, last.position if last else 0,
                            self.length, self.break_problem)
        self.mismatches.extend(self.hidden.mismatches)
        dice = self._dice()
        head = (HeadCheck(self.expect_head, self.found_at, self.found_at is not None)
                if self.expect_head else None)
        ok = chain.ok and not dice.mismatches and (head is None or head.ok) \
            and not self.stale_heads and not self.tampered
        return Report(ok=ok, chain=chain, dice=dice, expected_head=head,
                      stale_heads=self.stale_heads, tampered=self.tampered,
                      hidden=self.hidden.report())

    def _dice(self) -> DiceReport:
        epochs, bad_seeds = self._epoch_reports()
        self.mismatches.extend(bad_seeds)
        verified, pending = 0, []
        for roll in self.rolls:
            revealed = self.revealed.get(roll.epoch)
            if revealed is None:
                pending.append(PendingRoll(roll.position, roll.type, roll.epoch))
            elif self._derive(roll, revealed[0]) and not self._flagged(roll.position):
                verified += 1
        mismatches = sorted(self.mismatches, key=lambda m: (m.position, m.index or 0))
        return DiceReport(verified, mismatches, self.reported, pending, epochs)

    def _flagged(self, position: int) -> bool:
        return any(m.position == position for m in self.mismatches)

    def _derive(self, roll: ServerRoll, seed_hex: str) -> bool:
        seed = seed_bytes(seed_hex)
        good = True
        for i, (sides, value) in enumerate(roll.dice):
            message = die_message(self.campaign_id, roll.epoch, roll.command_position,
                                  roll.first_index + i)
            derived = derive_die(seed, message, sides)
            if derived != value:
                good = False
                self.mismatches.append(Mismatch(
                    position=roll.position, type=roll.type, epoch=roll.epoch, problem="value",
                    command_position=roll.command_position, index=roll.first_index + i,
                    sides=sides, recorded=value, derived=derived))
        return good

    def _epoch_reports(self) -> tuple[list[EpochReport], list[Mismatch]]:
        out, bad = [], []
        for epoch in sorted(set(self.commitments) | set(self.revealed)):
            commitment, committed_at = self.commitments.get(epoch, (None, None))
            seed, revealed_at = self.revealed.get(epoch, (None, None))
            ok = seed is None or seed_commitment(seed_bytes(seed)) == commitment
            if not ok:
                bad.append(Mismatch(position=revealed_at or 0, type="seed", epoch=epoch,
                                    problem="commitment"))
            out.append(EpochReport(epoch, commitment, committed_at, revealed_at, ok))
        return out, bad
