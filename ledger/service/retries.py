"""Lost races: writers of one campaign queue on a lock in this process, and a race lost
to another process (the unique position) is retried after a short jittered pause."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from ledger.adapters.store.base import IdempotencyKeyTaken, PositionTaken, StoreUnavailable

# Lost races are retried 60 times, with a jittered backoff growing by 2 ms and capped at
# 50 ms: about 2.4 s of waiting at most. Why (docs/decisions/007-commands.md): writers in
# one process queue on the campaign's lock, so a race is lost only to another worker
# process that recorded a command for this campaign first (under PostgreSQL, the unique
# position); at a busy table a process can lose to each other worker in turn, for several
# rounds, and 12 attempts gave 503s under contention alone (docs/reliability.md). Past
# that, a 503 with Retry-After hands the wait to the client.
MAX_ATTEMPTS = 60
# A writer waits this long at most for its campaign's lock, the time SQLite's writer waits
# for the file's lock. Longer, the store has not taken the campaign's earlier write for
# that long (a lock held by another program, a lost server): a 503 hands the wait to the
# client, where writers queued behind each other would each wait out the outage in turn.
WRITER_WAIT_SECONDS = 15.0

T = TypeVar("T")


class ConflictRetriesExhausted(StoreUnavailable):
    pass


class WriterLocks:
    """One lock per campaign; races left are with other processes."""

    def __init__(self, keep: int, wait_seconds: float = WRITER_WAIT_SECONDS) -> None:
        self.keep, self.wait_seconds = keep, wait_seconds
        self._guard = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}

    def of(self, campaign_id: str) -> threading.Lock:
        with self._guard:
            lock = self._locks.get(campaign_id)
            if lock is None:
                if len(self._locks) > self.keep:
                    self._locks.clear()  # idle locks are cheap to recreate
                lock = self._locks[campaign_id] = threading.Lock()
            return lock


def pause(attempt: int) -> float:
    """Seconds to wait after losing race number `attempt` (from 0): random, so writers that
    lost together do not retry in lockstep."""
    return random.uniform(0, min(0.05, 0.002 * (attempt + 1)))


def until_recorded(locks: WriterLocks, campaign_id: str, attempt: Callable[[], T],
                   key_taken: Callable[[], T | None]) -> T:
    """Run `attempt` under the campaign's lock until no other writer records first. When a
    concurrent request with the same Idempotency-Key commits first, `key_taken` answers
    with its result (None: try again)."""
    for n in range(MAX_ATTEMPTS):
        lock = locks.of(campaign_id)
        if not lock.acquire(timeout=locks.wait_seconds):
            raise StoreUnavailable(f"this campaign's earlier writes have waited for the store"
                                   f" for {locks.wait_seconds:g} s")
        try:
            return attempt()
        except PositionTaken:
            pass  # someone else recorded first: fast-forward and decide again
        except IdempotencyKeyTaken:
            earlier = key_taken()
            if earlier is not None:
                return earlier
        finally:
            lock.release()
        time.sleep(pause(n))
    raise ConflictRetriesExhausted("too many concurrent writers on this campaign")
