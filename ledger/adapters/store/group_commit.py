"""Group commit: a process's concurrent appends share one transaction.

While one thread's transaction commits, the threads that append meanwhile queue; the first
of them then writes every queued command (up to a limit) in one transaction, so the lot
pays for one commit: one WAL flush on PostgreSQL, one fsync and one lock on SQLite.
Nothing waits on a timer: an append with no other writer in the process commits at once,
as it would alone. Each command is acknowledged only once its transaction has committed.

A shared transaction never holds two commands of one campaign: they would race for the
same position, and the loser would fail the lot. If it fails on a unique key all the same
(a position another process took first), no command of it was recorded; each is then
written again in its own transaction, so each gets its own answer. When the store is
unavailable, the commands queued behind the failed transaction fail with it at once,
rather than each waiting out the same outage in a transaction of its own. Throughput and
latency, on and off, are in docs/performance.md; the limit is `LEDGER_GROUP_COMMIT`
(1 turns it off).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from eventsourcing.persistence import IntegrityError

from ledger.adapters.store.records import CheckpointRow, IdempotentAnswer, TokenRow
from ledger.adapters.store.tree import NodeRow
from ledger.domain.record import Record

DEFAULT_LIMIT = 32
# A shared transaction takes another command only while its events stay within this many
# (a command alone may hold more): PostgreSQL's one statement takes 65,535 parameters.
BATCH_EVENTS = 1000


@dataclass(frozen=True, eq=False)
class Write:
    """One command's rows: all or none of them are recorded."""

    records: Sequence[Record]
    answer: IdempotentAnswer | None = None
    checkpoints: Sequence[CheckpointRow] = ()
    seeds: Sequence[tuple[str, int, bytes]] = ()
    tokens: Sequence[TokenRow] = ()
    nodes: Sequence[NodeRow] = ()

    def campaigns(self) -> set[str]:
        answered = self.answer.campaign_id if self.answer else None
        return ({r.campaign_id for r in self.records} | {t.campaign_id for t in self.tokens}
                | ({answered} if answered else set()))


@dataclass(eq=False)
class _Queued:
    write: Write
    done: bool = False
    error: BaseException | None = None


@dataclass(eq=False)
class GroupCommit:
    """`commit(writes)` records the writes in one transaction, or raises and records none."""

    commit: Callable[[Sequence[Write]], Any]
    limit: int = DEFAULT_LIMIT
    _queue: deque[_Queued] = field(default_factory=deque)
    _changed: threading.Condition = field(default_factory=threading.Condition)
    _leading: bool = False

    def submit(self, write: Write) -> None:
        """Record `write` (with whatever else is queued); raises what recording it raised."""
        if self.limit <= 1:
            self.commit([write])
            return
        mine = _Queued(write)
        with self._changed:
            alone = not self._leading and not self._queue
            if alone:  # no batch to form: lead with this command, not through the queue
                self._leading = True
            else:
                self._queue.append(mine)
                self._changed.wait_for(lambda: mine.done or not self._leading)
                if not mine.done:
                    self._leading = True
        if alone:
            self._lead_alone(mine)
        elif not mine.done:
            self._lead(mine)
        if mine.error is not None:
            raise mine.error

    def _lead_alone(self, mine: _Queued) -> None:
        """Write one command that found nobody queued; whoever queued meanwhile is led next."""
        try:
            self._write([mine])
        finally:
            with self._changed:
                self._settle([mine])
                self._leading = False

    def _lead(self, mine: _Queued) -> None:
        """Write queued commands, oldest first, until this thread's own is among them."""
        try:
            while not mine.done:
                with self._changed:
                    batch = self._next_batch()
                try:
                    self._write(batch)
                finally:
                    with self._changed:
                        self._settle(batch)
        finally:
            with self._changed:
                self._leading = False
                self._changed.notify_all()

    def _settle(self, batch: list[_Queued]) -> None:
        """Called holding the lock once `batch` is written or refused: its waiters go."""
        for queued in batch:
            queued.done = True
        self._refuse_queued_if_unavailable(batch)
        self._changed.notify_all()

    def _refuse_queued_if_unavailable(self, batch: list[_Queued]) -> None:
        """The store refused `batch` as unavailable (SQLite: a lock another program held
        past the busy timeout; PostgreSQL: a lost server): the commands that queued
        meanwhile hear the same. Written one batch after another, each would wait out the
        same refusal in turn, and a client behind three batches waited a minute for its 503."""
        from ledger.adapters.store.base import StoreUnavailable

        refused = next((q.error for q in batch if isinstance(q.error, StoreUnavailable)), None)
        if refused is None:
            return
        for queued in self._queue:
            queued.error, queued.done = refused, True
        self._queue.clear()

    def _next_batch(self) -> list[_Queued]:
        """The oldest queued commands, up to the limit, no two of one campaign (a later
        command of a campaign already taken waits for the next transaction)."""
        batch: list[_Queued] = []
        taken: set[str] = set()
        kept: deque[_Queued] = deque()
        events = 0
        while self._queue and len(batch) < self.limit:
            queued = self._queue.popleft()
            mine, size = queued.write.campaigns(), len(queued.write.records)
            if batch and (mine & taken or events + size > BATCH_EVENTS):
                kept.append(queued)
            else:
                batch.append(queued)
                taken |= mine
                events += size
        self._queue.extendleft(reversed(kept))
        return batch

    def _write(self, batch: list[_Queued]) -> None:
        try:
            self.commit([queued.write for queued in batch])
        except IntegrityError as exc:
            if len(batch) == 1:
                batch[0].error = exc
                return
            for queued in batch:  # none was recorded: each on its own, for its own answer
                try:
                    self.commit([queued.write])
                except Exception as own:  # handed to the thread that waits
                    queued.error = own
        except Exception as exc:  # the store's answer, for every waiter
            for queued in batch:
                queued.error = exc
        except BaseException:
            # The leader was interrupted: whether its transaction committed is unknown,
            # as after a lost connection, and the others hear so (a 503).
            from ledger.adapters.store.base import StoreUnavailable

            for queued in batch:
                queued.error = StoreUnavailable("the committing thread was interrupted")
            raise
