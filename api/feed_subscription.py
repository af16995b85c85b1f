"""One subscriber of the change feed: its queue, and how it catches up from the store.

Exactly once, in order: a subscription hands out positions last+1, last+2, ... and
filters out what it already sent; a gap (the hub began tracking the campaign after
this subscriber's position, or the queue overflowed) is filled from the store first.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import TYPE_CHECKING

from ledger.domain.record import Record
from ledger.domain.state.audit import RewindState

if TYPE_CHECKING:
    from api.feed import FeedHub

CATCH_UP_BATCH = 500
QUEUE_LIMIT = 256  # batches; past it the subscriber is "behind" and reads the store


class FeedClosedError(Exception):
    """The hub is shutting down (worker exit): the client reconnects elsewhere."""


class FeedFullError(Exception):
    """This process already serves its share of streams."""


class HolderFullError(Exception):
    """This token already holds its share of this process's streams."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"at most {limit} open streams per token in one worker")
        self.limit = limit


class Subscription:
    def __init__(self, hub: FeedHub, campaign_id: str, after: int,
                 holder: str | None = None) -> None:
        self.hub = hub
        self.campaign_id = campaign_id
        self.holder = holder  # the token holding it (the hub counts per holder)
        self.last = after
        self._cond = threading.Condition()
        self._queue: deque[tuple[list[Record], RewindState]] = deque()
        # What rewinds voided, as of a head at or after the last batch handed out.
        self.voids = RewindState()
        self._behind = True  # first catch up from the store
        self._closed = False

    def offer(self, records: list[Record], voids: RewindState) -> None:
        """Called by the hub thread; never blocks on a slow client."""
        with self._cond:
            if len(self._queue) >= QUEUE_LIMIT:
                self._queue.clear()
                self._behind = True
            else:
                self._queue.append((records, voids))
            self._cond.notify()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()

    def next_batch(self, timeout: float) -> list[Record]:
        """The next events after `last`, in order; [] if none came within `timeout`."""
        with self._cond:
            if not self._queue and not self._behind and not self._closed:
                self._cond.wait(timeout)
            if self._closed:
                raise FeedClosedError
            behind, self._behind = self._behind, False
            queued = [r for batch, _ in self._queue for r in batch]
            voids = self._queue[-1][1] if self._queue else self.voids
            self._queue.clear()
        fresh = [r for r in queued if r.position > self.last]
        if behind or (fresh and fresh[0].position != self.last + 1):
            # The catch-up must reach what is known to exist: a replica behind it is not used.
            return self._catch_up(fresh[-1].position if fresh else self.last)
        if fresh:
            self.last = fresh[-1].position
            self.voids = voids
        return fresh

    def _catch_up(self, reach: int) -> list[Record]:
        records = self.hub.catch_up(self.campaign_id, reach, self.last, CATCH_UP_BATCH)
        if len(records) == CATCH_UP_BATCH:
            with self._cond:
                self._behind = True  # more to read before the queue is useful again
        if records:
            self.last = records[-1].position
            self.voids = self.hub.voids(self.campaign_id, self.last)
        return records
