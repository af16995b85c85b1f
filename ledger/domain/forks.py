"""What-if forks (docs/forks.md).

Rules:
- A fork is a new campaign whose history starts with one `ForkedFrom` event: the origin's
  id, the position forked at, the origin's chain hash and signed tree head there, and the
  origin's canon state there. Nothing of the origin's history is recorded again.
- The fork starts from that state, under its own name, with no rewinds of its own and a
  dice epoch of its own: the epoch keeps the origin's number (sessions count on) but
  commits to a fresh seed, so no origin die can be predicted from the fork.
- A fork can be forked again; its origin is then the fork.
"""

from __future__ import annotations

import msgspec

from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState, ForkOrigin
from ledger.domain.state.audit import RewindState

# What the fork keeps of its own, never the origin's: where it is, its name, its dice.
_OWN = frozenset({"id", "name", "position", "head_hash", "recorded_at", "dice_epoch",
                  "dice_commitment", "rewind", "forked_from"})


class OriginTreeHead(msgspec.Struct, frozen=True, kw_only=True):
    """The origin's signed tree head at the position, as the server signed it (the fields
    of a tree head, docs/trust.md)."""

    campaign_id: str
    tree_size: int
    root_hash: str
    head_hash: str
    timestamp: str
    key_id: str
    algorithm: str
    signature: str


class ForkedFrom(DomainEvent, frozen=True, kw_only=True):
    name: str
    origin: ForkOrigin
    tree_head: OriginTreeHead
    state: CampaignState
    dice_epoch: int
    dice_commitment: str


@evolves(ForkedFrom)
def _forked(state: CampaignState, e: ForkedFrom) -> None:
    # A deep copy: the event's snapshot is never shared with the state folded from it.
    carried = msgspec.json.decode(msgspec.json.encode(e.state), type=CampaignState)
    for field in CampaignState.__struct_fields__:
        if field not in _OWN:
            setattr(state, field, getattr(carried, field))
    state.name = e.name
    state.dice_epoch = e.dice_epoch
    state.dice_commitment = e.dice_commitment
    state.rewind = RewindState()
    state.forked_from = msgspec.structs.replace(e.origin)


def fork_campaign(name: str, origin: ForkOrigin, tree_head: OriginTreeHead,
                  at_origin: CampaignState) -> Decide:
    """The decision recording a fork of `at_origin` (the origin's canon state at the
    position `origin` names)."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        epoch = at_origin.dice_epoch
        return [ForkedFrom(name=name, origin=origin, tree_head=tree_head, state=at_origin,
                           dice_epoch=epoch, dice_commitment=ctx.seeds.commit_new(epoch))]

    return decide
