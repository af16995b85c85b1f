"""The Bonds and Stunt Pool commands (rules: ledger/domain/stunts/rules.py; docs/rules/stunt-pool.md).

None of them is a character's action: they settle nobody. Who may issue each is its
policy here, and only here: a Bond is recorded by the GM or `a`'s player and changed by
the GM alone; the group is named by the GM; pool SP are placed or spent by the GM or the
player of the roll they go with.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar

from msgspec import Meta

from ledger.domain.command import GM, WRITER, Command, Policy, gm_or_player_of
from ledger.domain.context import Actor, Context
from ledger.domain.decision import Later
from ledger.domain.errors import Forbidden
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState
from ledger.domain.stunts.rules import contribute, record_bond, set_members, spend

CharacterId = Annotated[str, Meta(min_length=1, max_length=100)]
Decided = Sequence[DomainEvent | Later]


def require_own(actor: Actor, character_id: str) -> None:
    """A player acts only for their own character; the GM for anyone."""
    if actor.role == "player" and actor.character_id != character_id:
        raise Forbidden("not-your-character", "a player acts only for their own character")


class RecordBond(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Record character `a`'s Bond toward `b` with its rank; only the GM changes one.

    Our reading: a Bond is a's Relationship toward b (b's toward a is another Bond).
    The GM or a's player records a new Bond (rank at least 1); a change to an
    existing Bond, rank 0 ending it, is the GM's (403 `bond-change-by-gm`).
    Answers the Stunt Pool summary.
    """

    policy = gm_or_player_of("a")
    gm_parts = "a change to an existing Bond"
    example = {"a": "{character_id}", "b": "{other_id}", "rank": 2}
    example_needs = ("two-characters",)
    a: CharacterId
    b: CharacterId
    rank: Annotated[int, Meta(ge=0, le=100)]

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        WRITER.check(self, ctx.actor, state)
        require_own(ctx.actor, self.a)
        if ctx.actor.role == "player" and state.stunts.bond(self.a, self.b) is not None:
            raise Forbidden("bond-change-by-gm", "only the GM records a change to a Bond")

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return record_bond(self.a, self.b, self.rank)(state, ctx)


class NameStuntPoolMembers(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Name the group's members (GM); `null` means every living character.

    Our reading: the group is every living character of the campaign by default;
    a campaign that records non-player characters names its group here.
    """

    policy = GM
    example = {"members": ["{character_id}", "{other_id}"]}
    example_needs = ("two-characters",)
    members: Annotated[list[CharacterId], Meta(max_length=500)] | None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return set_members(self.members)(state, ctx)


class PoolUse(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Stunt Points placed in or taken from the pool with a roll of this session."""

    policy: ClassVar[Policy] = Policy("writer")
    gm_parts = "SP of a roll that is not the player's own"
    example = {"roll_position": "{roll_position}", "sp": 1}
    example_needs = ("pool-roll",)
    roll_position: Annotated[int, Meta(ge=1)]
    sp: Annotated[int, Meta(ge=1, le=1000)]

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        WRITER.check(self, ctx.actor, state)
        note = state.stunts.rolls.get(self.roll_position)
        if note is not None:  # no such roll: the rule names it (roll-not-eligible)
            require_own(ctx.actor, note.character_id)


class ContributeStuntPoints(PoolUse, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Place SP that a successful active roll generated into the group's pool.

    `roll_position` is the position of the Rolled event: an AGE test of this session,
    successful and active (never a reaction or resistance roll), recorded while the
    pool was open. At most the SP it generated, and once per roll (our model of "one
    test per turn generates SP": the ledger tracks no turns). The GM or the roll's
    player only (403). No pool this session: 409 `no-stunt-pool`.
    """

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return contribute(self.roll_position, self.sp)(state, ctx)


class SpendStuntPoints(PoolUse, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Spend pool SP on a successful active roll: added to its SP, or without doubles.

    The roll at `roll_position` must be a successful active AGE test of this session.
    Spending more than the pool holds is a 409 (`stunt-pool-exhausted`). The GM or
    the roll's player only (403).
    """

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return spend(self.roll_position, self.sp)(state, ctx)


COMMANDS: tuple[type[Command], ...] = (RecordBond, NameStuntPoolMembers, ContributeStuntPoints,
                                       SpendStuntPoints)
