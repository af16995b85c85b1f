"""Rewind and redo: loading what they carry, then handing the pure decision to the service.

Rule: a rewind lands on a command boundary (`check_command_boundary`): the
state between two events of one command (a roll recorded, its Mana not yet
spent) never existed at the table.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from ledger.domain.audit import rewind as rw
from ledger.domain.bounds import Note
from ledger.domain.command import GM
from ledger.domain.decision import Decide
from ledger.domain.errors import RuleViolation
from ledger.domain.record import Record
from ledger.domain.state import CampaignState
from ledger.service.ledger import Ledger
from ledger.service.past import Past, ReadsThePast

SPAN_WINDOW = 400  # events read on each side to name the command a refused target is in


def check_command_boundary(records: list[Record], to_position: int) -> None:
    """`records` are the events around `to_position` (it and the one after it at least)."""
    at = {r.position: r for r in records}
    here, after = at.get(to_position), at.get(to_position + 1)
    if here is None or after is None or here.correlation_id != after.correlation_id:
        return
    same = [p for p, r in at.items() if r.correlation_id == here.correlation_id]
    first, last = _run(same, to_position)
    raise RuleViolation(
        "rewind-to-command-boundary",
        f"position {to_position} is inside a command (positions {first} to {last}); "
        f"rewind to {first - 1} (before it) or {last} (after it)",
        field="to_position",
    )


def _run(positions: list[int], inside: int) -> tuple[int, int]:
    """The first and last of the consecutive positions around `inside`."""
    taken = set(positions)
    first = last = inside
    while first - 1 in taken:
        first -= 1
    while last + 1 in taken:
        last += 1
    return first, last


def rewind_decision(past: Past, head: CampaignState, to_position: int, reason: str) -> Decide:
    rw.check_rewind_goes_back(head, to_position)
    check_command_boundary(past.store.read(head.id, after=max(0, to_position - SPAN_WINDOW),
                                           upto=to_position + SPAN_WINDOW), to_position)
    return rw.rewind(to_position, reason, past.canon_state_at(head.id, to_position))


def redo_decision(past: Past, head: CampaignState, reason: str) -> Decide:
    last = head.rewind.last_rewind
    before = past.state_at(head.id, last - 1) if last and last == head.position else None
    return rw.redo(reason, before)


def rewind_command(led: Ledger, campaign_id: str, to_position: int, reason: str) -> Decide:
    return rewind_decision(led, led.state(campaign_id), to_position, reason)


def redo_command(led: Ledger, campaign_id: str, reason: str) -> Decide:
    return redo_decision(led, led.state(campaign_id), reason)


class RewindCampaign(ReadsThePast, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Rewind to an earlier position (GM): a `Rewound` event; later events are voided.

    The canon state becomes the state at `to_position`; the events after it stay in
    the log, voided, and new commands build on the canon state. Our readings: the
    target must be canon (not voided by an earlier rewind, 409 `rewind-target-voided`)
    and the end of a command (409 `rewind-to-command-boundary`). When the target is in
    an earlier dice epoch, whose seed is already revealed, the current epoch's seed is
    revealed and a fresh epoch is committed: epochs never go back. Tokens are not
    part of the history, so a rewind never restores a revoked token.

    Two views of the past: `?at=P` is the state as recorded at P (the prefix of the
    log, rewinds before P included); `?at=P&view=canon` also drops what any later
    rewind voided (at a voided P it answers the last canon position before it).
    """

    policy = GM
    example = {"to_position": 1, "reason": "The table replays the scene"}
    to_position: Annotated[int, Meta(ge=1, le=2**62, description="the position to go back to")]
    reason: Annotated[str, Meta(min_length=1, max_length=500)]

    def load(self, past: Past, head: CampaignState) -> Decide:
        return rewind_decision(past, head, self.to_position, self.reason)


class RedoRewind(ReadsThePast, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Undo the latest rewind (GM): a `Redone` event restores the voided events.

    Allowed only while the rewind is still the latest event: 409
    `redo-after-new-events` once anything was recorded after it, 409
    `nothing-to-redo` when the latest event is not a rewind.
    """

    policy = GM
    example = {"reason": "The replay is dropped"}
    example_needs = ("rewound",)
    reason: Note = ""

    def load(self, past: Past, head: CampaignState) -> Decide:
        return redo_decision(past, head, self.reason)
