"""Closing a store while other threads still use it (a worker's shutdown, a test's
teardown with a feed hub polling): those threads finish or are refused with a 503's
StoreUnavailable, and nothing runs on a connection being closed. On SQLite that used to
crash the process (a statement and `close()` on one sqlite3 connection at once)."""

from __future__ import annotations

import threading

import msgspec

from ledger.adapters.store.base import EventStore, StoreUnavailable
from ledger.domain.chain import GENESIS, chain_hash
from ledger.domain.record import Record
from tests.waiting import wait_until


def _one_event(store: EventStore) -> str:
    draft = Record("cmp_close", 1, "ResourceGained", 1, b'{"amount":1}',
                   "2026-01-01T00:00:00.000000Z", "gm", "tok", None, "cor", None, 0, 0, "")
    record = msgspec.structs.replace(draft, hash=chain_hash(GENESIS, draft))
    store.append([record])
    return record.campaign_id


def test_closing_waits_for_running_reads_and_refuses_new_ones(store: EventStore) -> None:
    campaign_id = _one_event(store)
    reads = [0] * 4
    outcomes: list[BaseException | None] = [None] * 4

    def reader(slot: int) -> None:
        try:
            while True:
                assert store.head(campaign_id) == 1
                reads[slot] += 1
        except BaseException as exc:  # asserted below, in the test's thread
            outcomes[slot] = exc

    threads = [threading.Thread(target=reader, args=(i,), daemon=True) for i in range(4)]
    for t in threads:
        t.start()
    wait_until(lambda: all(reads), "every reader to have read")
    store.close()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads)
    # Each reader ended on the store's refusal, never on a closed connection's error.
    assert all(isinstance(o, StoreUnavailable) for o in outcomes), outcomes
