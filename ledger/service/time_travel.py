"""The state as recorded at a position, or the position recorded at a time."""

from __future__ import annotations

from ledger.adapters.store.base import EventStore
from ledger.domain.errors import InvalidInput, NotFound
from ledger.domain.state import CampaignState
from ledger.service.checkpoints import Checkpoints


class TimeTravel:
    def __init__(self, store: EventStore, checkpoints: Checkpoints) -> None:
        self.store = store
        self.checkpoints = checkpoints

    def state_at(self, campaign_id: str, position: int) -> CampaignState:
        """The state as recorded at `position`: nearest checkpoint plus the few events after."""
        if position <= 0:
            raise InvalidInput("position-out-of-range", "positions count from 1", field="at")
        state = self.checkpoints.nearest(campaign_id, position)
        records = self.store.read(campaign_id, after=state.position, upto=position)
        if state.position == 0 and not records:
            raise NotFound("campaign", campaign_id)
        reached = records[-1].position if records else state.position
        if reached != position:  # past the head (a checkpoint at the head reads no record)
            raise InvalidInput("position-out-of-range", f"no event at position {position}: "
                               f"the head is at {reached}", field="at")
        return self.checkpoints.fold_repairing(state, records)

    def position_at_time(self, campaign_id: str, recorded_at: str) -> int:
        return self.store.position_at_time(campaign_id, recorded_at)
