"""What verification reports: the chain, the dice, and any saved head checked."""

from __future__ import annotations

from typing import Any

import msgspec


class ChainReport(msgspec.Struct, frozen=True, omit_defaults=True):
    ok: bool
    first_break: int | None
    head_hash: str
    head_position: int
    length: int
    # Why the chain breaks at first_break: "sequence" (a position missing or out of
    # place), "hash", or "unreadable-data" (the row's data is not canonical JSON).
    problem: str | None = None


class Mismatch(msgspec.Struct, frozen=True, kw_only=True):
    position: int
    type: str
    epoch: int | None
    problem: str
    command_position: int | None = None
    index: int | None = None
    sides: int | None = None
    recorded: int | None = None
    derived: int | None = None


class ReportedRoll(msgspec.Struct, frozen=True):
    position: int
    type: str
    reported_by: str | None
    dice: list[Any]


class PendingRoll(msgspec.Struct, frozen=True):
    position: int
    type: str
    epoch: int


class EpochReport(msgspec.Struct, frozen=True):
    epoch: int
    commitment: str | None
    committed_at: int | None
    revealed_at: int | None
    ok: bool


class DiceReport(msgspec.Struct, frozen=True):
    verified: int
    mismatches: list[Mismatch]
    reported: list[ReportedRoll]
    pending: list[PendingRoll]
    epochs: list[EpochReport]


class HeadCheck(msgspec.Struct, frozen=True):
    hash: str
    found_at: int | None
    ok: bool


class StaleHead(msgspec.Struct, frozen=True):
    """A `SessionEnded` whose recorded head hash is not the chain's hash where it points."""

    position: int
    recorded: str | None
    chain: str


class TamperedRow(msgspec.Struct, frozen=True):
    """A stored row the ledger never writes: "unreadable-data" (not canonical JSON) or
    "duplicate-keys" (an object with a key twice, which readers may read differently)."""

    position: int
    problem: str


class CheckpointProblem(msgspec.Struct, frozen=True):
    """A forged checkpoint: "mac" (its seal fails), "chain" (it is not at the chain's hash
    there) or "content" (sealed, but not the state the events fold to)."""

    position: int
    problem: str


class CheckpointReport(msgspec.Struct, frozen=True):
    """Every stored checkpoint compared with the fold from the first event (server-side:
    exports carry no checkpoints). Stale ones (no seal, another format) are rebuilt by
    reads and are no problem; `seals_checked` is false when the server key was not at hand."""

    ok: bool
    checked: int
    stale: list[int]
    forged: list[CheckpointProblem]
    seals_checked: bool = True
    unchecked_after: int | None = None  # the fold stopped at a damaged row


class HiddenReport(msgspec.Struct, frozen=True):
    """Hidden events (GM blind rolls and notes): the positions whose reveal checked out
    against their commitment (and seed), and those still sealed."""

    revealed: list[int]
    sealed: list[int]


class Report(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    ok: bool
    chain: ChainReport
    dice: DiceReport
    expected_head: HeadCheck | None = None
    stale_heads: list[StaleHead] = msgspec.field(default_factory=list)
    tampered: list[TamperedRow] = msgspec.field(default_factory=list)
    checkpoints: CheckpointReport | None = None
    hidden: HiddenReport | None = None  # only for histories with hidden events
    fork: ForkReport | None = None


class ServerRoll(msgspec.Struct, frozen=True):
    position: int
    type: str
    epoch: int
    command_position: int
    first_index: int
    dice: list[tuple[int, int]]  # (sides, value)


class ForkReport(msgspec.Struct, frozen=True, kw_only=True):
    """A fork's `ForkedFrom` checked against its origin (docs/forks.md). With the origin
    in the same store: its chain hash at the position equals the recorded one
    (`head_ok`), the recorded tree head is signed by the server key for that place
    (`tree_head_ok`, null without the key) and the origin's tree today extends it
    (`consistent`: an RFC 9162 consistency proof). Without it, nothing is checked
    (`origin_found` false) and the fork's own chain alone is verified."""

    origin: str
    position: int
    head_hash: str
    origin_found: bool
    head_ok: bool | None = None
    tree_head_ok: bool | None = None
    consistent: bool | None = None
    origin_size: int | None = None
    ok: bool = True
