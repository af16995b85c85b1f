"""Runs projections over the global order with exactly-once, in-order updates.

Each batch and the projection's tracking record are written in one
transaction. The tracking update is a compare-and-set, so two runners started
by mistake never apply the same event twice: the loser rolls back.

A batch with nothing the projection handles is not written at once: the tracking row
moves past it with the next batch that is (or after `SKIPPED_PAGES_MAX` such batches,
or at the end of a catch-up). A crash before then only reads those batches again, and
they change nothing. Most of a history is events a read model ignores, so a rebuild
no longer pays a commit for every page of them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ledger.adapters.store.base import Cursor, EventStore
from ledger.adapters.store.ops_tables import TRACKING_DDL
from ledger.adapters.store.records import GlobalCursor, GlobalPage
from ledger.domain.events import decode_data
from projections.base import Projection

SKIPPED_PAGES_MAX = 50  # the tracking row (and so the reported lag) moves at least this often


class LostRace(Exception):
    """Another runner advanced this projection first."""


class ProjectionRunner:
    def __init__(self, store: EventStore, projection: Projection, batch_size: int = 2000) -> None:
        self.store = store
        self.projection = projection
        self.batch_size = batch_size

    def setup(self) -> None:
        with self.store.transaction(write=True) as c:
            c.execute(TRACKING_DDL)
            for statement in self.projection.ddl(self.store.kind):
                c.execute(statement)
            c.execute(self.store.q("INSERT INTO ledger_projection_tracking (name, tx, seq) "
                                   "VALUES (?, 0, 0) ON CONFLICT DO NOTHING"),
                      (self.projection.name,))

    def position(self) -> GlobalCursor:
        with self.store.transaction(write=False) as c:
            c.execute(self.store.q("SELECT tx, seq FROM ledger_projection_tracking WHERE name=?"),
                      (self.projection.name,))
            row = c.fetchone()
        return GlobalCursor(int(row[0]), int(row[1])) if row else GlobalCursor()

    def run_once(self) -> int:
        """Apply the next batch; returns how many events were read."""
        return self._step(self.position())[1]

    def _step(self, start: GlobalCursor) -> tuple[GlobalCursor, int]:
        """Apply the batch after `start`: where the projection now stands, and how many read."""
        page = self.store.read_global(start, self.batch_size)
        if page.records:
            self._apply(start, page)
        return page.end, len(page.records)

    def _needs_write(self, page: GlobalPage) -> bool:
        """Whether applying `page` would change the read model (else it may be skipped)."""
        handles = self.projection.handles
        return any(record.type in handles for record in page.records)

    def _apply(self, start: GlobalCursor, page: GlobalPage) -> None:
        handles = self.projection.handles
        with self.store.transaction(write=True) as c:
            # A read model is derived, and its rows commit with the tracking row: a crash
            # can only lose whole batches, which the runner applies again. Not waiting
            # for each batch's WAL flush kept a PostgreSQL rebuild at 1,000,000 events
            # from keeping up with its own read.
            self.store.relax_commit(c)
            for record in page.records:
                if record.type in handles:
                    event = decode_data(record.type, record.version, record.data)
                    self.projection.apply(c, self.store.q, record, event)
            self._advance(c, start, page.end)

    def _advance(self, c: Cursor, start: GlobalCursor, end: GlobalCursor) -> None:
        c.execute(
            self.store.q("UPDATE ledger_projection_tracking SET tx=?, seq=? "
                         "WHERE name=? AND tx=? AND seq=? RETURNING name"),
            (end.tx, end.seq, self.projection.name, start.tx, start.seq),
        )
        if c.fetchone() is None:  # compare-and-set failed: someone else moved it
            raise LostRace(self.projection.name)

    def catch_up(self, progress: Callable[[int], None] | None = None) -> int:
        # The tracking row is read once, then followed in memory: each batch's
        # compare-and-set still proves nobody else moved it, and a lost race reads it again.
        total, stored = 0, self.position()
        start, skipped = stored, 0
        while True:
            try:
                page = self.store.read_global(start, self.batch_size)
                done = len(page.records)
                last = done < self.batch_size
                if done and (last or skipped >= SKIPPED_PAGES_MAX or self._needs_write(page)):
                    self._apply(stored, page)  # moves the row over the skipped pages too
                    stored, skipped = page.end, 0
                elif done:
                    skipped += 1
                elif stored != start:  # an empty page ends a run of skipped ones
                    self._apply(stored, page)
                    stored, skipped = start, 0
            except LostRace:
                start = stored = self.position()
                skipped = 0
                continue
            start = page.end
            total += done
            if progress:
                progress(total)
            if last:
                return total

    def rebuild(self, progress: Callable[[int], None] | None = None) -> int:
        """Drop the read model, recreate it, and replay the whole global order into it."""
        with self.store.transaction(write=True) as c:
            for table in self.projection.tables:
                c.execute(f"DROP TABLE IF EXISTS {table}")
            c.execute(TRACKING_DDL)
            c.execute(self.store.q("DELETE FROM ledger_projection_tracking WHERE name=?"),
                      (self.projection.name,))
        self.setup()
        return self.catch_up(progress)

    def follow(self, stop: threading.Event, poll_seconds: float = 0.5) -> None:
        while not stop.is_set():
            try:
                if self.catch_up() == 0:
                    stop.wait(poll_seconds)
            except LostRace:
                time.sleep(poll_seconds)
