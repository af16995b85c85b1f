"""The projection runner: batches and tracking in one transaction, exactly once."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest

from ledger.adapters.store.base import Cursor, EventStore
from ledger.domain.campaign import create_campaign
from ledger.domain.characters import register_character
from ledger.domain.context import Actor
from ledger.domain.events import DomainEvent
from ledger.domain.record import Record
from ledger.domain.resources import gain
from ledger.service.ledger import Ledger
from projections import runner as runner_module
from projections.base import Projection
from projections.runner import LostRace, ProjectionRunner
from tests.waiting import settle

GM = Actor(role="gm")


class CountGains(Projection):
    name = "test_count_gains"
    tables = ("test_gain_counts",)
    handles = frozenset({"ResourceGained"})

    def ddl(self, kind: str) -> list[str]:
        return ["CREATE TABLE IF NOT EXISTS test_gain_counts (campaign_id TEXT PRIMARY KEY, n INT)"]

    def apply(self, c: Cursor, q: Callable[[str], str], record: Record, event: DomainEvent) -> None:
        c.execute(q("INSERT INTO test_gain_counts (campaign_id, n) VALUES (?, 1) "
                    "ON CONFLICT (campaign_id) DO UPDATE SET n = test_gain_counts.n + 1"),
                  (record.campaign_id,))


def _settle(runner: ProjectionRunner, expected: int) -> int:
    """Catch up until `expected` events are in (a foreign transaction can delay the horizon)."""
    return settle(runner.catch_up, expected, f"the runner to catch up {expected} events")


def _count(store: EventStore, cid: str) -> int:
    with store.transaction(write=False) as c:
        c.execute(store.q("SELECT n FROM test_gain_counts WHERE campaign_id=?"), (cid,))
        row = c.fetchone()
    return int(row[0]) if row else 0


def _seed(ledger: Ledger, gains: int) -> str:
    cid = ledger.execute(f"cmp_{uuid.uuid4().hex[:12]}", GM, create_campaign("Noir"),
                         creating=True).campaign_id
    character = ledger.execute(cid, GM, register_character({"name": "Mara"})).events[0].character_id
    for _ in range(gains):
        ledger.execute(cid, GM, gain(str(character), "mana", 1, "tick"))
    return cid


def test_runner_applies_each_event_once_across_batches(ledger: Ledger, store: EventStore) -> None:
    cid = _seed(ledger, 25)
    runner = ProjectionRunner(store, CountGains(), batch_size=7)
    runner.setup()
    assert _settle(runner, 27) == 27
    assert runner.catch_up() == 0
    assert _count(store, cid) == 25


def test_a_second_runner_that_lost_the_race_applies_nothing(ledger: Ledger, store: EventStore) -> None:
    cid = _seed(ledger, 5)
    first = ProjectionRunner(store, CountGains())
    first.setup()
    stale_start = first.position()
    _settle(first, 7)
    batch = store.read_global(stale_start, 100)
    try:
        first._apply(stale_start, batch)
        raised = False
    except LostRace:
        raised = True
    assert raised
    assert _count(store, cid) == 5


def test_rebuild_recreates_the_same_read_model(ledger: Ledger, store: EventStore) -> None:
    cid = _seed(ledger, 9)
    runner = ProjectionRunner(store, CountGains())
    runner.setup()
    _settle(runner, 11)
    assert runner.rebuild() == 11
    assert _count(store, cid) == 9


class SeesCommitMode(CountGains):
    """Counts gains, and notes the commit mode each batch runs under."""

    def __init__(self) -> None:
        self.modes: list[str] = []

    def apply(self, c: Cursor, q: Callable[[str], str], record: Record, event: DomainEvent) -> None:
        c.execute("SHOW synchronous_commit")
        self.modes.append(str(c.fetchone()[0]))
        super().apply(c, q, record, event)


def test_a_read_models_batches_commit_without_waiting_for_the_wal_flush(
        ledger: Ledger, store: EventStore) -> None:
    if store.kind != "postgres":
        pytest.skip("SQLite's synchronous setting belongs to the connection, not a transaction")
    cid = _seed(ledger, 3)
    projection = SeesCommitMode()
    runner = ProjectionRunner(store, projection)
    runner.setup()
    _settle(runner, 5)
    assert _count(store, cid) == 3
    assert projection.modes == ["off"] * 3
    # Only the runner's own transactions: the appends beside it still wait for the flush.
    with store.transaction(write=True) as c:
        c.execute("SHOW synchronous_commit")
        assert c.fetchone()[0] == "on"


def _write_transactions(store: EventStore) -> list[int]:
    """Counts the store's write transactions from now on (the real ones run)."""
    count = [0]
    real = store.transaction

    def counted(*, write: bool):  # type: ignore[no-untyped-def]
        count[0] += write
        return real(write=write)

    store.transaction = counted  # type: ignore[method-assign]
    return count


def test_pages_the_read_model_ignores_are_not_written_one_by_one(
        ledger: Ledger, store: EventStore) -> None:
    """Rule of the runner: a page with nothing the projection handles moves the tracking
    row only with the next page that is written, or at the end of the catch-up."""
    cid = _seed(ledger, 0)  # two events the projection ignores
    for _ in range(20):  # twenty more, one page of two each at batch_size=2
        ledger.execute(cid, GM, register_character({"name": "Extra"}))
    ledger.execute(cid, GM, gain(_first_character(ledger, cid), "mana", 1, "tick"))
    runner = ProjectionRunner(store, CountGains(), batch_size=2)
    runner.setup()
    writes = _write_transactions(store)
    assert _settle(runner, 23) == 23
    # Eleven ignored pages, then the one with the gain: one write, not twelve.
    assert writes[0] == 1
    assert _count(store, cid) == 1
    assert runner.catch_up() == 0
    assert runner.position() == store.read_global(runner.position(), 10).end


def test_a_run_of_ignored_pages_ends_with_the_tracking_row_at_the_end(
        ledger: Ledger, store: EventStore) -> None:
    _seed(ledger, 0)
    runner = ProjectionRunner(store, CountGains(), batch_size=1)
    runner.setup()
    writes = _write_transactions(store)
    assert _settle(runner, 2) == 2
    # The first page was skipped; the empty page after the second (also skipped: it was
    # full) ends the run with one move of the tracking row.
    assert writes[0] == 1
    end = runner.position()
    assert store.read_global(end, 10).records == []
    assert runner.catch_up() == 0


def test_a_long_run_of_ignored_pages_still_moves_the_tracking_row(
        ledger: Ledger, store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tracking row (and the lag it reports) moves at least every SKIPPED_PAGES_MAX."""
    monkeypatch.setattr(runner_module, "SKIPPED_PAGES_MAX", 3)
    cid = _seed(ledger, 0)
    for _ in range(20):
        ledger.execute(cid, GM, register_character({"name": "Extra"}))
    runner = ProjectionRunner(store, CountGains(), batch_size=2)
    runner.setup()
    writes = _write_transactions(store)
    assert _settle(runner, 22) == 22
    # Pages 1-3 skipped, page 4 written, 5-7 skipped, 8 written, 9-11 skipped, then the
    # empty page ends the run.
    assert writes[0] == 3


def _first_character(ledger: Ledger, cid: str) -> str:
    return next(iter(ledger.state(cid).characters))
