"""The head state per campaign: a small cache, fast-forwarded from the store on every read,
so a read never answers from a stale head. A command decides first on the cached head
without that read (`Ledger.execute`): a stale one can neither record, since its next
position is taken, nor refuse, since a refusal is checked against a fresh head."""

from __future__ import annotations

import threading
from collections import OrderedDict

from ledger.adapters.store.base import EventStore
from ledger.domain.errors import NotFound
from ledger.domain.fold import fold
from ledger.domain.state import CampaignState
from ledger.domain.state.clone import clone
from ledger.service.checkpoints import Checkpoints


class HeadCache:
    def __init__(self, store: EventStore, checkpoints: Checkpoints, size: int) -> None:
        self.store = store
        self.checkpoints = checkpoints
        self.size = size
        self.lock = threading.Lock()
        self._heads: OrderedDict[str, CampaignState] = OrderedDict()

    def state(self, campaign_id: str) -> CampaignState:
        """The head state, fast-forwarded from the store. Callers must not mutate it:
        cached states are shared between threads and replaced, never changed."""
        cached = self._heads.get(campaign_id)
        if cached is None:
            return self._load(campaign_id)
        newer = self.store.read(campaign_id, after=cached.position)
        if not newer:
            return cached
        state = fold(clone(cached), newer)
        self.remember(state)
        return state

    def _load(self, campaign_id: str) -> CampaignState:
        """A head this process has not seen: the newest good checkpoint, then only the
        events after it (never the whole history, which would cost a 1,000,000-event
        campaign seconds and hundreds of MB on a worker's first read)."""
        head = self.store.head(campaign_id)
        if head == 0:
            raise NotFound("campaign", campaign_id)
        state = self.checkpoints.nearest(campaign_id, head)
        # Events appended since `head` was read are folded too: the read takes all after.
        state = self.checkpoints.fold_repairing(state, self.store.read(campaign_id,
                                                                       after=state.position))
        self.remember(state)
        return state

    def cached(self, campaign_id: str) -> CampaignState | None:
        """The newest head this process has seen, without reading the store (it may be
        behind). Callers must not mutate it."""
        return self._heads.get(campaign_id)

    def remember(self, state: CampaignState) -> None:
        with self.lock:
            known = self._heads.get(state.id)
            if known is not None and known.position > state.position:
                return  # another thread already cached a newer head
            self._heads[state.id] = state
            self._heads.move_to_end(state.id)
            while len(self._heads) > self.size:
                self._heads.popitem(last=False)
