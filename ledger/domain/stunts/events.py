"""Events of Bonds and the group Stunt Pool, and how each changes the state (rules: rules.py)."""

from __future__ import annotations

from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState
from ledger.domain.state.stunts import Bond, RollNote


class BondRecorded(DomainEvent, frozen=True, kw_only=True):
    a: str
    b: str
    rank: int
    before: int | None  # None for a new Bond


class StuntPoolMembersSet(DomainEvent, frozen=True, kw_only=True):
    members: list[str] | None  # None: every living character
    before: list[str] | None


class StuntPoolOpened(DomainEvent, frozen=True, kw_only=True):
    session: int
    base: int
    members: list[str]


class StuntPoolReset(DomainEvent, frozen=True, kw_only=True):
    session: int
    base: int
    sp_before: int


class StuntRollNoted(DomainEvent, frozen=True, kw_only=True):
    roll_position: int
    generated: int


class StuntPointsContributed(DomainEvent, frozen=True, kw_only=True):
    roll_position: int
    sp: int
    before: int
    after: int


class StuntPoolSpent(DomainEvent, frozen=True, kw_only=True):
    roll_position: int
    sp: int
    before: int
    after: int
    purpose: str  # "add-to-generated" or "without-doubles"


@evolves(BondRecorded)
def _bond(state: CampaignState, e: BondRecorded) -> None:
    stunts = state.stunts
    stunts.bonds = [b for b in stunts.bonds if (b.a, b.b) != (e.a, e.b)]
    if e.rank > 0:
        stunts.bonds.append(Bond(e.a, e.b, e.rank))


@evolves(StuntPoolMembersSet)
def _members(state: CampaignState, e: StuntPoolMembersSet) -> None:
    state.stunts.members = None if e.members is None else list(e.members)


@evolves(StuntPoolOpened)
def _opened(state: CampaignState, e: StuntPoolOpened) -> None:
    stunts = state.stunts
    stunts.active, stunts.base, stunts.sp, stunts.rolls = True, e.base, e.base, {}


@evolves(StuntPoolReset)
def _reset(state: CampaignState, e: StuntPoolReset) -> None:
    stunts = state.stunts
    stunts.active, stunts.sp, stunts.rolls = False, e.base, {}


@evolves(StuntRollNoted)
def _noted(state: CampaignState, e: StuntRollNoted) -> None:
    state.stunts.rolls[e.roll_position] = RollNote(e.roll_position, e.character_id or "",
                                                   e.generated)


@evolves(StuntPointsContributed)
def _contributed(state: CampaignState, e: StuntPointsContributed) -> None:
    state.stunts.sp = e.after
    state.stunts.rolls[e.roll_position].contributed += e.sp


@evolves(StuntPoolSpent)
def _spent(state: CampaignState, e: StuntPoolSpent) -> None:
    state.stunts.sp = e.after
    state.stunts.rolls[e.roll_position].from_pool += e.sp
