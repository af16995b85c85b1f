"""The per-process fan-out hub of the change feed.

One thread per process waits on one change source (a LISTEN connection or a
poller, api/feed_wake.py), reads each changed campaign's new events once and
hands the batch to every subscriber's queue. Subscribers never hold a database
connection while they wait: they read the store only to catch up, when they first
connect, when they fell behind (their queue overflowed) or when they see a gap.

Exactly once, in order: a subscription delivers positions last+1, last+2, ...
Positions of a campaign are gap-free and commit in order (each is decided on the
head before it), so "after `last`" is all a subscriber needs to resume.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from api.feed_subscription import (
    CATCH_UP_BATCH,
    FeedClosedError,
    FeedFullError,
    HolderFullError,
    Subscription,
)
from api.feed_wake import ChangeSource
from ledger.adapters.store.base import EventStore
from ledger.domain.record import Record
from ledger.domain.state.audit import RewindState

if TYPE_CHECKING:
    from ledger.service.ledger import Ledger

__all__ = ["FeedClosedError", "FeedFullError", "FeedHub", "HolderFullError", "Subscription",
           "close_all_hubs", "hub"]
# (campaign, position the read must reach, after, limit) -> the events after `after`.
CatchUpRead = Callable[[str, int, int, int], list[Record]]
log = logging.getLogger(__name__)
_hubs: list[FeedHub] = []
_build_lock = threading.Lock()


class FeedHub:
    def __init__(self, store: EventStore, source: ChangeSource, *, capacity: int,
                 per_holder: int | None = None,
                 interval: float = 0.25, on_count: Callable[[int], None] | None = None,
                 voids: Callable[[str, int], RewindState] = lambda _c, _p: RewindState(),
                 catch_up: CatchUpRead | None = None,
                 ) -> None:
        self.store = store
        # A subscriber's catch-up read, given the position it must reach: on a replica that
        # holds it, else the primary (ledger/service/replicas.py). The hub's own reads
        # follow the primary's NOTIFY and stay on the primary.
        self.catch_up = catch_up or (
            lambda c, _reach, after, limit: store.read(c, after=after, limit=limit))
        # A campaign's voided ranges as of a head at or past a position (api/voids.py).
        self.voids = voids
        self.source = source
        self.capacity = capacity
        # Streams one holder (a token) may have open here; None: no limit but capacity.
        self.per_holder = per_holder
        # At most one fan-out per interval: under a heavy write load each subscriber wakes
        # ten times a second with a batch, rather than once per event (the write path
        # shares the CPU with every subscriber's thread).
        self.interval = interval
        self.on_count = on_count
        self._lock = threading.Lock()
        self._subs: dict[str, set[Subscription]] = {}
        self._heads: dict[str, int] = {}  # position read so far, per watched campaign
        self._stop = threading.Event()
        self.pid = os.getpid()
        self._thread = threading.Thread(target=self._run, name="feed-hub", daemon=True)
        self._thread.start()
        _hubs.append(self)

    @property
    def count(self) -> int:
        with self._lock:
            return sum(len(subs) for subs in self._subs.values())

    def subscribe(self, campaign_id: str, after: int, holder: str | None = None) -> Subscription:
        """Raises FeedFullError past the worker's capacity, HolderFullError past the
        holder's share of it."""
        sub = Subscription(self, campaign_id, after, holder)
        head = None if campaign_id in self._heads else self.store.head(campaign_id)
        with self._lock:
            if sum(len(s) for s in self._subs.values()) >= self.capacity:
                raise FeedFullError
            if holder is not None and self.per_holder is not None and sum(
                    s.holder == holder for subs in self._subs.values() for s in subs
            ) >= self.per_holder:
                raise HolderFullError(self.per_holder)
            # The hub offers everything after the head it knew when the campaign's first
            # subscriber came; each subscriber catches up to at least that from the store.
            if campaign_id not in self._heads:
                known = head if head is not None else self.store.head(campaign_id)
                self._heads[campaign_id] = known
            self._subs.setdefault(campaign_id, set()).add(sub)
            count = sum(len(s) for s in self._subs.values())
        self._counted(count)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            subs = self._subs.get(sub.campaign_id, set())
            subs.discard(sub)
            if not subs:
                self._subs.pop(sub.campaign_id, None)
                self._heads.pop(sub.campaign_id, None)
            count = sum(len(s) for s in self._subs.values())
        self._counted(count)

    def _counted(self, count: int) -> None:
        if self.on_count is not None:
            self.on_count(count)

    def _run(self) -> None:
        while not self._stop.is_set() and not self.store.closed:
            try:
                changed = self.source.wait(1.0)
                started = time.monotonic()
                with self._lock:
                    watched = [c for c in self._heads if changed is None or c in changed]
                for campaign_id in watched:
                    self._fan_out(campaign_id)
                if watched:
                    self._stop.wait(self.interval - (time.monotonic() - started))
            except Exception:  # a store hiccup: subscribers keep their place, we retry
                if self.store.closed:
                    break  # the app is shutting down
                log.warning("feed hub wake-up failed", exc_info=True)
                self._stop.wait(0.5)
        self.source.close()

    def _fan_out(self, campaign_id: str) -> None:
        """Read the campaign's new events once and queue them for each subscriber."""
        with self._lock:
            after = self._heads.get(campaign_id)
        if after is None:
            return
        records = self.store.read(campaign_id, after=after, limit=CATCH_UP_BATCH)
        if not records:
            return
        # Before the head moves, so a failure here leaves the batch to the next wake-up.
        voids = self.voids(campaign_id, records[-1].position)
        with self._lock:
            if self._heads.get(campaign_id) != after:
                return  # the last subscriber left meanwhile
            self._heads[campaign_id] = records[-1].position
            subs = list(self._subs.get(campaign_id, ()))
        for sub in subs:
            sub.offer(records, voids)
        if len(records) == CATCH_UP_BATCH:
            self._fan_out(campaign_id)

    def close(self, wait: float = 0.0) -> None:
        self._stop.set()
        with self._lock:
            subs = [s for group in self._subs.values() for s in group]
        for sub in subs:
            sub.close()
        if wait:
            self._thread.join(wait)


def hub() -> FeedHub:
    """This process's hub, started on the first subscription (after gunicorn forks)."""
    from flask import current_app

    from api import observability
    from api.feed_wake import change_source
    from api.runtime import ledger

    ext = current_app.extensions
    built: FeedHub | None = ext.get("feed_hub")
    if built is None or built.pid != os.getpid():
        with _build_lock:
            built = ext.get("feed_hub")
            if built is None or built.pid != os.getpid():
                config = current_app.config["LEDGER"]
                store = ledger().store
                source = change_source(store, config.feed_poll_seconds, config.feed_sweep_seconds)
                built = FeedHub(store, source, capacity=config.feed_streams_per_worker,
                                per_holder=config.feed_streams_per_token,
                                interval=config.feed_poll_seconds,
                                on_count=observability.FEED_SUBSCRIBERS.set,
                                voids=_head_voids(ledger()),
                                catch_up=_catch_up_reader(ledger()))
                ext["feed_hub"] = built
    return built


def _head_voids(led: Ledger) -> Callable[[str, int], RewindState]:
    """Voided ranges covering `position`: from the cached head when it is that far (the
    usual case: the writer cached it), else from the head read again."""

    def voids(campaign_id: str, position: int) -> RewindState:
        cached = led.cached_state(campaign_id)
        if cached is not None and cached.position >= position:
            return cached.rewind
        return led.state(campaign_id).rewind

    return voids


def close_all_hubs() -> None:
    """End every stream of this process (worker shutdown): clients resume elsewhere."""
    for hub in list(_hubs):
        if hub.pid == os.getpid():
            hub.close()


def _catch_up_reader(led: Ledger) -> CatchUpRead:
    def read(campaign_id: str, reach: int, after: int, limit: int) -> list[Record]:
        return led.routed(campaign_id, reach,
                          lambda chosen: chosen.store.read(campaign_id, after=after, limit=limit))[0]

    return read
