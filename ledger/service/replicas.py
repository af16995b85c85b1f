"""Where a read runs: the primary or a read replica (docs/scaling.md section 4).

The one routing rule. A caller that may read a replica passes the lowest position its
answer must reflect (the client's `Ledger-Min-Position`, or P for `?at=P`), or None:

- with a position P: a replica answers once its own head for the campaign is at least P.
  WAL replay applies transactions in commit order and a campaign's positions are
  gap-free, so such a replica holds every event up to P, and everything recorded with
  them (checkpoints, seeds, tree nodes). Otherwise the read waits (polling) at most
  `wait_seconds`, then goes to the primary;
- without one: the first usable replica answers and states its lag.

A replica that fails, or whose replay lags past `max_lag_seconds`, is skipped and looked
at again after `retry_seconds`. The head, verify, proofs, writes, Idempotency-Key replays
and the feed's LISTEN never come here: they use the primary's Ledger directly.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

import msgspec
from eventsourcing.persistence import PersistenceError

from ledger.adapters.store.base import StoreUnavailable
from ledger.domain.errors import NotFound

if TYPE_CHECKING:
    from ledger.service.ledger import Ledger

log = logging.getLogger(__name__)
T = TypeVar("T")
_FAILED = (StoreUnavailable, PersistenceError, OSError)
# A healthy replica's lag is measured again at most this often (one query per read, else).
RECHECK_SECONDS = 0.5


class ReplicaStore(Protocol):
    location: str

    def head(self, campaign_id: str) -> int: ...
    def replica_lag(self) -> float: ...


class ReplicaStatus(msgspec.Struct):
    name: str
    state: str  # "up", "lagging" (past the limit) or "down"
    lag_seconds: float | None


class Route(msgspec.Struct):
    """The Ledger a read uses; `lag_seconds` is set when a replica answers without a hint."""
    ledger: Ledger
    replica: str | None = None
    lag_seconds: float | None = None


class Replica:
    def __init__(self, name: str, ledger: Ledger) -> None:
        self.name, self.ledger = name, ledger
        self.lag: float | None = None
        self.state = "up"
        self.skip_until = 0.0
        self.checked_at: float | None = None

    @property
    def store(self) -> ReplicaStore:
        return self.ledger.store  # type: ignore[return-value]


class Replicas:
    def __init__(self, primary: Ledger, replicas: Sequence[tuple[str, Ledger]], *,
                 wait_seconds: float, max_lag_seconds: float, retry_seconds: float,
                 clock: Callable[[], float] = time.monotonic, poll_seconds: float = 0.01) -> None:
        self.primary = primary
        self.replicas = [Replica(name, led) for name, led in replicas]
        self.wait_seconds, self.max_lag = wait_seconds, max_lag_seconds
        self.retry_seconds, self.clock, self.poll = retry_seconds, clock, poll_seconds
        self._next = 0
        self._lock = threading.Lock()

    def route(self, campaign_id: str, min_position: int | None) -> Route:
        usable = self._usable()
        if not usable:
            return Route(self.primary)
        if min_position is None:
            replica = usable[0]
            return Route(replica.ledger, replica.name, replica.lag)
        deadline = time.monotonic() + self.wait_seconds  # real time, whatever `clock` is
        while True:
            for replica in usable:
                try:
                    if replica.store.head(campaign_id) >= min_position:
                        return Route(replica.ledger, replica.name)
                except _FAILED:
                    self._skip(replica, "down", None)
            usable = [r for r in usable if r.state == "up"]
            if not usable or time.monotonic() >= deadline:
                return Route(self.primary)
            time.sleep(self.poll)  # bounded by wait_seconds: the replica is replaying

    def run(self, campaign_id: str, min_position: int | None,
            read: Callable[[Ledger], T]) -> tuple[T, Route]:
        """`read` where `route` sends it; a replica that fails under it (stopped meanwhile)
        is skipped and the read runs again on the primary, so its loss is never an error."""
        route = self.route(campaign_id, min_position)
        if route.replica is None:
            return read(route.ledger), route
        try:
            return read(route.ledger), route
        except NotFound:
            if min_position is not None:
                raise  # the replica holds the hinted position: the primary would agree
            return read(self.primary), Route(self.primary)  # perhaps created a moment ago
        except _FAILED:
            for replica in self.replicas:
                if replica.name == route.replica:
                    self._skip(replica, "down", None)
            return read(self.primary), Route(self.primary)

    def _usable(self) -> list[Replica]:
        """The replicas up and within the lag limit, rotated so reads spread over them."""
        now = self.clock()
        found = []
        for replica in self.replicas:
            if replica.state != "up" and now < replica.skip_until:
                continue
            if replica.state != "up" or replica.checked_at is None \
                    or now - replica.checked_at >= RECHECK_SECONDS:
                self.check(replica)
            if replica.state == "up":
                found.append(replica)
        with self._lock:
            self._next += 1
            turn = self._next % len(found) if found else 0
        return found[turn:] + found[:turn]

    def check(self, replica: Replica) -> None:
        replica.checked_at = self.clock()
        found = probe(replica.name, replica.store, self.max_lag)
        if found.state == "up":
            replica.state, replica.lag = "up", found.lag_seconds
        else:
            self._skip(replica, found.state, found.lag_seconds)

    def _skip(self, replica: Replica, state: str, lag: float | None) -> None:
        if replica.state == "up":
            log.warning("read replica %s is %s; reads go elsewhere for %.0f s",
                        replica.name, state, self.retry_seconds)
        replica.state, replica.lag = state, lag
        replica.skip_until = self.clock() + self.retry_seconds

    def status(self) -> list[ReplicaStatus]:
        """Each replica's state and lag, checked now (health, readiness and metrics)."""
        for replica in self.replicas:
            self.check(replica)
        return [ReplicaStatus(r.name, r.state, r.lag) for r in self.replicas]


def probe(name: str, store: ReplicaStore, max_lag_seconds: float) -> ReplicaStatus:
    """One replica's state now: down (unreachable), lagging (past the limit) or up."""
    try:
        lag = store.replica_lag()
    except _FAILED:
        return ReplicaStatus(name, "down", None)
    return ReplicaStatus(name, "lagging" if lag > max_lag_seconds else "up", round(lag, 3))
