"""Commands whose decision needs the campaign's past (a rewind, a redo), which the pure
domain cannot read. The service loads it in each attempt, against the head that attempt
decides on and after the command's policy, so a refused caller learns nothing of the past
and a lost race reloads it."""

from __future__ import annotations

from typing import Protocol

from ledger.adapters.store.base import EventStore
from ledger.domain.command import Command
from ledger.domain.context import Actor
from ledger.domain.decision import Decide
from ledger.domain.state import CampaignState


class Past(Protocol):
    """What such a command may read: the store and states at earlier positions."""

    store: EventStore

    def state_at(self, campaign_id: str, position: int) -> CampaignState: ...
    def canon_state_at(self, campaign_id: str, position: int) -> CampaignState: ...


class ReadsThePast(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    def load(self, past: Past, head: CampaignState) -> Decide:
        raise NotImplementedError

    def loaded(self, past: Past, head: CampaignState, actor: Actor) -> Decide:
        """Its decision with what it needs of the past; the policy is checked first."""
        self.policy.check(self, actor, head)
        return self.load(past, head)
