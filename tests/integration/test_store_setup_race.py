"""Workers starting together set up one store at once: none may fail doing so.

Seen as a 500 on a fresh server's first requests: two `CREATE SCHEMA IF NOT EXISTS` at
once (one fails on a unique key), and, in the pipelined setup transaction, a fetch that
read an earlier statement's result. Every worker builds its store on its first request.
"""

from __future__ import annotations

import threading

import msgspec
import pytest

from ledger.adapters.store.base import EventStore
from ledger.service.config import Config
from tests.conftest import make_store

WORKERS, ROUNDS = 4, 8


def _set_up(store: EventStore, failures: list[str]) -> None:
    try:
        store.setup()
    except Exception as exc:  # any failure is the finding
        failures.append(repr(exc))


def test_workers_setting_up_one_new_store_together_all_succeed(store_config: Config) -> None:
    if store_config.store != "postgres":
        pytest.skip("SQLite's first writers are serialized by the file lock")
    for round_ in range(ROUNDS):
        config = msgspec.structs.replace(store_config, pg_schema=f"{store_config.pg_schema}_{round_}")
        stores = [make_store(config) for _ in range(WORKERS)]
        failures: list[str] = []
        threads = [threading.Thread(target=_set_up, args=(s, failures)) for s in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        try:
            assert failures == [], failures
            assert stores[0].head("cmp_none") == 0  # the tables are there
        finally:
            for store in stores:
                store.close()
