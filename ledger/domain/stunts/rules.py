"""Bonds and the group Stunt Pool (Mana Noir "Stunts"; README "Conditions and objects").

Rules and our readings:
- A Bond is character a's Relationship toward b, with a rank (M:AGE's ranks are input).
  The GM or a's player records a new Bond; only the GM changes one (rank 0 ends it).
- The group is every living character, unless the GM names the members.
- The pool exists once every member has a Bond of at least 1 rank toward another
  member. Its base is 1 SP per rank of the Bonds between members.
- The group starts every session with the pool: at SessionStarted it is set to its
  base (fixed for the session; Bonds changed mid-session count from the next one).
  At SessionEnded it returns to its base and the session's roll notes are cleared.
- While a pool is open, each successful active AGE roll (Rolled.active, never a
  reaction or resistance roll) is noted with the SP it generated.
- Contributing places SP a roll generated into the pool: at most what it generated,
  less SP already spent from it on stunts (ledger/domain/stunts/spending.py), and once
  per roll (our model of "one test per turn": the ledger tracks no turns).
- Spending takes SP from the pool onto a noted roll: it adds to the SP the roll
  generated, or gives SP to a successful active roll without doubles.
- Only the GM or the roll's (or Bond holder's) player may do these: the commands'
  policies (ledger/domain/stunts/commands.py) say so, not these rules.
"""

from __future__ import annotations

import msgspec

from ledger.domain.characters import require_character
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.rolls import Rolled
from ledger.domain.state import CampaignState
from ledger.domain.state.stunts import Bond, RollNote
from ledger.domain.stunts.events import (
    BondRecorded,
    StuntPointsContributed,
    StuntPoolMembersSet,
    StuntPoolOpened,
    StuntPoolReset,
    StuntPoolSpent,
    StuntRollNoted,
)


def members(state: CampaignState) -> list[str]:
    chosen = state.stunts.members if state.stunts.members is not None else list(state.characters)
    return [c for c in chosen if c in state.characters and not state.characters[c].dead]


def unbonded(state: CampaignState) -> list[str]:
    """Members without a Bond of at least 1 rank toward another member."""
    group = set(members(state))
    holders = {b.a for b in state.stunts.bonds if b.rank >= 1 and b.a in group and b.b in group}
    return [m for m in members(state) if m not in holders]


def pool_exists(state: CampaignState) -> bool:
    return bool(members(state)) and not unbonded(state)


def base(state: CampaignState) -> int:
    group = set(members(state))
    return sum(b.rank for b in state.stunts.bonds if b.a in group and b.b in group)


def check_bond(state: CampaignState, ctx: Context, a: str, b: str, rank: int) -> int | None:
    if a == b:
        raise InvalidInput("bond-with-self", "a Bond ties two different characters", field="b")
    require_character(state, a)
    require_character(state, b)
    existing = state.stunts.bond(a, b)
    if existing is None:
        if rank < 1:
            raise InvalidInput("bond-rank", "a new Bond has at least 1 rank", field="rank")
        return None
    if existing.rank == rank:
        raise RuleViolation("bond-unchanged", f"the Bond already has rank {rank}", field="rank")
    return existing.rank


def record_bond(a: str, b: str, rank: int) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        before = check_bond(state, ctx, a, b, rank)
        return [BondRecorded(character_id=a, a=a, b=b, rank=rank, before=before)]

    return decide


def set_members(chosen: list[str] | None) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        for character_id in chosen or []:
            require_character(state, character_id)
        picked = None if chosen is None else sorted(set(chosen))
        return [StuntPoolMembersSet(members=picked, before=state.stunts.members)]

    return decide


def open_pool(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    if not pool_exists(state):
        return []
    return [StuntPoolOpened(session=state.clock.session, base=base(state), members=members(state))]


def reset_pool(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    if not state.stunts.active:
        return []
    return [StuntPoolReset(session=state.clock.session, base=state.stunts.base,
                           sp_before=state.stunts.sp)]


def note_roll(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    # The service records each event before its reactions run, so state.position is
    # the roll's own position here; the note carries it as a fact.
    if not (isinstance(event, Rolled) and state.stunts.active and state.clock.session_open
            and event.kind == "age" and event.active and event.success and event.character_id):
        return []
    return [StuntRollNoted(character_id=event.character_id, roll_position=state.position,
                           generated=event.stunt_points)]


def open_roll(state: CampaignState, ctx: Context, roll_position: int, sp: int) -> RollNote:
    if sp < 1:
        raise InvalidInput("stunt-points-amount", "at least 1 SP", field="sp")
    if not (state.stunts.active and state.clock.session_open):
        raise RuleViolation("no-stunt-pool", "the group has no Stunt Pool this session")
    note = state.stunts.rolls.get(roll_position)
    if note is None:
        raise RuleViolation("roll-not-eligible", f"position {roll_position} is not a successful "
                            "active roll of this session", field="roll_position")
    if note.character_id not in members(state):
        # "Whenever a group member generates Stunt Points, they may choose to place one or
        # more SP into the Pool" (000): the pool is the group's (an outside review of the
        # readings saw a character outside the group take from it and give to it).
        raise RuleViolation("not-a-group-member", f"the roll at {roll_position} is by a "
                            "character outside the group the Stunt Pool belongs to",
                            field="roll_position")
    return note


def contribute(roll_position: int, sp: int) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        note = open_roll(state, ctx, roll_position, sp)
        if note.contributed:
            raise RuleViolation("roll-already-contributed", "one contribution per roll",
                                field="roll_position")
        spending = state.stunt_spending.rolls.get(roll_position)
        spent = spending.spent if spending else 0  # SP already spent on stunts stay spent
        if sp > note.generated - spent:
            raise RuleViolation("contribution-exceeds-generated-sp",
                                f"the roll generated {note.generated} SP"
                                + (f", {spent} already spent on stunts" if spent else ""),
                                field="sp")
        pool = state.stunts.sp
        return [StuntPointsContributed(character_id=note.character_id, roll_position=roll_position,
                                       sp=sp, before=pool, after=pool + sp)]

    return decide


def spend(roll_position: int, sp: int) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        note = open_roll(state, ctx, roll_position, sp)
        pool = state.stunts.sp
        if sp > pool:
            raise RuleViolation("stunt-pool-exhausted", f"the pool holds {pool} SP", field="sp")
        purpose = "add-to-generated" if note.generated else "without-doubles"
        return [StuntPoolSpent(character_id=note.character_id, roll_position=roll_position,
                               sp=sp, before=pool, after=pool - sp, purpose=purpose)]

    return decide


class PoolSummary(msgspec.Struct):
    exists: bool  # every member has a Bond of at least 1 rank toward another member now
    active: bool  # the group started the current (or last) session with the pool
    sp: int
    base: int  # the base fixed at the last session start
    base_now: int  # the base the next session would start with
    members: list[str]
    explicit_members: bool
    unbonded: list[str]
    bonds: list[Bond]
    rolls: list[RollNote]


def summary(state: CampaignState) -> PoolSummary:
    stunts = state.stunts
    return PoolSummary(
        exists=pool_exists(state), active=stunts.active, sp=stunts.sp, base=stunts.base,
        base_now=base(state), members=members(state),
        explicit_members=stunts.members is not None, unbonded=unbonded(state),
        bonds=list(stunts.bonds), rolls=list(stunts.rolls.values()))
