"""Rewind and redo: events, never deletions.

Rules (docs/rules/audit.md):
- A rewind goes back to an earlier, canon position at a command boundary; the
  events after it stay in the log and are voided (`check_rewind_target`).
- `Rewound` carries the canon state at its target, so evolve stays pure; the
  head's position, hash and time stay the log's.
- A redo undoes the latest rewind only while nothing new was recorded since
  (`check_redo_allowed`); `Redone` carries the state before the rewind.
- Dice epochs only move forward: when the target's epoch is not the current one
  (a session start or end in between revealed its seed), the current epoch is
  revealed and a fresh one committed (`epoch_fields`).
"""

from __future__ import annotations

import msgspec

from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState
from ledger.domain.state.audit import RewindState, VoidedRange
from ledger.domain.state.clone import clone

# Fields that belong to the log, not to the game: a rewind or redo never restores them.
LOG_FIELDS = frozenset({"id", "position", "head_hash", "recorded_at", "dice_epoch",
                        "dice_commitment", "rewind", "serial"})


class Rewound(DomainEvent, frozen=True, kw_only=True):
    to_position: int
    reason: str
    voided_from: int
    voided_to: int  # the head before the rewind; the Rewound is at voided_to + 1
    state: CampaignState  # the canon state at to_position
    dice_epoch: int
    dice_commitment: str
    revealed_epoch: int | None = None
    revealed_seed: str | None = None


class Redone(DomainEvent, frozen=True, kw_only=True):
    rewind_position: int  # the Rewound it undoes; the Redone is at rewind_position + 1
    restored_from: int
    restored_to: int
    reason: str
    state: CampaignState  # the state just before the rewind
    dice_epoch: int
    dice_commitment: str
    revealed_epoch: int | None = None
    revealed_seed: str | None = None


def restore(state: CampaignState, snapshot: CampaignState) -> None:
    """Replace the game part of `state` with a copy of `snapshot`."""
    copy = clone(snapshot)
    for name in CampaignState.__struct_fields__:
        if name not in LOG_FIELDS:
            setattr(state, name, getattr(copy, name))
    state.serial = max(state.serial, copy.serial)  # ids minted later are never reused


@evolves(Rewound)
def _rewound(state: CampaignState, e: Rewound) -> None:
    restore(state, e.state)
    state.dice_epoch, state.dice_commitment = e.dice_epoch, e.dice_commitment
    rewind_at = e.voided_to + 1
    state.rewind.voided = void(state.rewind.voided, e.voided_from, e.voided_to, rewind_at)
    state.rewind.last_rewind = rewind_at


@evolves(Redone)
def _redone(state: CampaignState, e: Redone) -> None:
    restore(state, e.state)
    state.dice_epoch, state.dice_commitment = e.dice_epoch, e.dice_commitment
    kept = [v for v in state.rewind.voided if v.by != e.rewind_position]
    redo_at = e.rewind_position + 1
    state.rewind.voided = [*kept, VoidedRange(e.rewind_position, e.rewind_position, redo_at)]
    state.rewind.last_rewind = 0


def void(voided: list[VoidedRange], first: int, last: int, by: int) -> list[VoidedRange]:
    """Add first..last, skipping positions already voided (they keep their first voider)."""
    out = list(voided)
    start = first
    for taken in sorted((v for v in voided if v.last >= first and v.first <= last),
                        key=lambda v: v.first):
        if taken.first > start:
            out.append(VoidedRange(start, taken.first - 1, by))
        start = max(start, taken.last + 1)
    if start <= last:
        out.append(VoidedRange(start, last, by))
    return sorted(out, key=lambda v: v.first)


def check_rewind_goes_back(state: CampaignState, to_position: int) -> None:
    if not 1 <= to_position < state.position:
        raise RuleViolation("rewind-goes-back",
                            f"a rewind goes back to a position from 1 to {state.position - 1}",
                            field="to_position")


def check_rewind_target(state: CampaignState, to_position: int, snapshot: CampaignState) -> None:
    check_rewind_goes_back(state, to_position)
    voider = state.rewind.voided_by(to_position)
    if voider is not None:
        raise RuleViolation("rewind-target-voided",
                            f"position {to_position} was voided at position {voider}",
                            field="to_position")
    if snapshot.position != to_position:
        raise RuleViolation("rewind-target-moved", "the history changed; rewind again",
                            field="to_position")


def check_redo_allowed(state: CampaignState) -> None:
    last = state.rewind.last_rewind
    if last == 0:
        raise RuleViolation("nothing-to-redo", "the latest change is not a rewind")
    if state.position != last:
        raise RuleViolation("redo-after-new-events",
                            f"events were recorded after the rewind at position {last}")


def epoch_fields(state: CampaignState, target_epoch: int, ctx: Context) -> dict[str, object]:
    """Keep the current epoch if the target shares it; else reveal it and commit the next."""
    if target_epoch == state.dice_epoch:
        return {"dice_epoch": state.dice_epoch, "dice_commitment": state.dice_commitment}
    epoch = state.dice_epoch + 1
    return {"revealed_epoch": state.dice_epoch, "revealed_seed": ctx.seeds.reveal(state.dice_epoch),
            "dice_epoch": epoch, "dice_commitment": ctx.seeds.commit_new(epoch)}


def rewind(to_position: int, reason: str, snapshot: CampaignState) -> Decide:
    """Go back to the canon state at `to_position` (`snapshot`, loaded by the caller)."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        check_rewind_target(state, to_position, snapshot)
        carried = msgspec.structs.replace(snapshot, rewind=RewindState())
        return [Rewound(to_position=to_position, reason=reason, voided_from=to_position + 1,
                        voided_to=state.position, state=carried,
                        **epoch_fields(state, snapshot.dice_epoch, ctx))]  # type: ignore[arg-type]

    return decide


def redo(reason: str, before: CampaignState | None) -> Decide:
    """Undo the latest rewind; `before` is the state just before it, loaded by the caller."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        check_redo_allowed(state)
        if before is None or before.position != state.position - 1:
            raise RuleViolation("rewind-target-moved", "the history changed; redo again")
        voided = [v for v in state.rewind.voided if v.by == state.position]
        carried = msgspec.structs.replace(before, rewind=RewindState())
        return [Redone(rewind_position=state.position, reason=reason,
                       restored_from=min((v.first for v in voided), default=state.position),
                       restored_to=max((v.last for v in voided), default=state.position - 1),
                       state=carried,
                       **epoch_fields(state, before.dice_epoch, ctx))]  # type: ignore[arg-type]

    return decide
