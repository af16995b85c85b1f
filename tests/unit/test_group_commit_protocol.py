"""Group commit's protocol without a database (ledger/adapters/store/group_commit.py): a
shared transaction that fails for a reason other than a unique key fails every command in
it, each waiter hears it, and the next leader carries on; a shared transaction stays
within its event budget."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from ledger.adapters.store.base import StoreUnavailable
from ledger.adapters.store.group_commit import BATCH_EVENTS, GroupCommit, Write
from ledger.domain.record import Record
from tests.waiting import wait_until


def _submitted(group: GroupCommit, outcomes: dict[str, BaseException | None], name: str,
               write: Write) -> threading.Thread:
    """A started thread submitting `write`; its outcome (None or the error) lands in
    `outcomes[name]`, to be asserted in the test's thread."""
    def run() -> None:
        try:
            group.submit(write)
            outcomes[name] = None
        except BaseException as exc:
            outcomes[name] = exc

    thread = threading.Thread(target=run, name=name)
    thread.start()
    return thread


def test_an_unreachable_store_fails_every_command_of_the_shared_transaction() -> None:
    release, sizes = threading.Event(), []

    def commit(writes: Sequence[Write]) -> None:
        sizes.append(len(writes))
        if len(sizes) == 1:
            assert release.wait(timeout=120), "the first commit was never released"
        elif len(sizes) == 2:
            raise StoreUnavailable("the database went away")

    group = GroupCommit(commit, limit=8)
    outcomes: dict[str, BaseException | None] = {}
    threads = [_submitted(group, outcomes, "first", Write(records=()))]
    wait_until(lambda: sizes, "the first commit to start")
    for n in range(1, 4):
        threads.append(_submitted(group, outcomes, f"queued-{n}", Write(records=())))
        wait_until(lambda n=n: len(group._queue) == n, f"{n} queued commands")
    release.set()
    for thread in threads:
        thread.join(timeout=120)
    assert sizes == [1, 3]
    assert outcomes["first"] is None
    assert {name: type(error) for name, error in outcomes.items() if error} == {
        f"queued-{n}": StoreUnavailable for n in range(1, 4)}
    # Leadership was handed back: the next command commits at once, on its own.
    group.submit(Write(records=()))
    assert sizes == [1, 3, 1]


def _events(campaign_id: str, count: int) -> tuple[Record, ...]:
    return tuple(Record(campaign_id, p, "ResourceGained", 1, b"{}", "2026-01-01T00:00:00.000000Z",
                        "gm", None, None, "cor", None, 0, 0, "") for p in range(1, count + 1))


def _batches(writes: list[Write]) -> list[int]:
    """The command count of each transaction when `writes` queue behind a held commit."""
    release, sizes = threading.Event(), []

    def commit(batch: Sequence[Write]) -> None:
        sizes.append(len(batch))
        if len(sizes) == 1:
            assert release.wait(timeout=120), "the first commit was never released"

    group = GroupCommit(commit, limit=32)
    threads = [threading.Thread(target=group.submit, args=(Write(records=()),))]
    threads[0].start()
    wait_until(lambda: sizes, "the first commit to start")
    for n, write in enumerate(writes, start=1):
        threads.append(threading.Thread(target=group.submit, args=(write,)))
        threads[-1].start()
        wait_until(lambda n=n: len(group._queue) == n, f"{n} queued commands")
    release.set()
    for thread in threads:
        thread.join(timeout=120)
    return sizes


def test_a_shared_transaction_stays_within_its_event_budget() -> None:
    assert BATCH_EVENTS == 1000
    # Two commands of 400 events share one; the third would pass 1,000 and waits.
    assert _batches([Write(_events(f"cmp_{i}", 400)) for i in range(3)]) == [1, 2, 1]
    # A command over the budget still commits, alone.
    assert _batches([Write(_events("cmp_big", 1500)), Write(_events("cmp_small", 1))]) == [1, 1, 1]


def test_commands_queued_behind_a_refused_transaction_are_refused_with_it() -> None:
    """A store that refuses a transaction as unavailable (a lock held past SQLite's busy
    timeout) refuses the commands queued meanwhile too, at once: written one transaction
    after another (these are of one campaign, so one each), each would wait out the same
    refusal in turn."""
    release, sizes = threading.Event(), []

    def commit(writes: Sequence[Write]) -> None:
        sizes.append(len(writes))
        if len(sizes) == 1:
            assert release.wait(timeout=120), "the first commit was never released"
            raise StoreUnavailable("database is locked")

    group = GroupCommit(commit, limit=8)
    outcomes: dict[str, BaseException | None] = {}
    threads = [_submitted(group, outcomes, "first", Write(_events("cmp_one", 1)))]
    wait_until(lambda: sizes, "the first commit to start")
    for n in range(1, 4):
        threads.append(_submitted(group, outcomes, f"queued-{n}", Write(_events("cmp_one", 1))))
        wait_until(lambda n=n: len(group._queue) == n, f"{n} queued commands")
    release.set()
    for thread in threads:
        thread.join(timeout=120)
    assert sizes == [1]
    assert {name: type(error) for name, error in outcomes.items()} == {
        name: StoreUnavailable for name in ("first", "queued-1", "queued-2", "queued-3")}
    group.submit(Write(records=()))  # the next command is written as usual
    assert sizes == [1, 1]
