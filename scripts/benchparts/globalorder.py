"""The runners' global order: reading it through the store, against a plain streaming
SELECT of the same columns in the same order; and a read-model rebuild against the read."""

from __future__ import annotations

import sqlite3
import time

import psycopg

from ledger.adapters.store.records import EVENT_COLUMNS, GlobalCursor
from ledger.service.config import Config
from ledger.service.wiring import build_store
from scripts.benchparts.common import PG

BATCH = 2000  # the runners' batch (projections/runner.py)


def store_read_rate(config: Config) -> tuple[float, int]:
    """Rows/s of `read_global` in the runners' batches, from the start to the end."""
    store = build_store(config)
    start, rows, cursor = time.perf_counter(), 0, GlobalCursor()
    while (page := store.read_global(cursor, BATCH)).records:
        rows += len(page.records)
        cursor = page.end
    rate = rows / (time.perf_counter() - start)
    store.close()
    return rate, rows


def plain_read_rate(config: Config) -> float:
    """Rows/s of one SELECT of the same columns in the same order: a server-side cursor
    fetching BATCH rows at a time on PostgreSQL, a plain cursor on SQLite. No objects."""
    rows, start = 0, time.perf_counter()
    if config.store == "postgres":
        with psycopg.connect(dbname=config.pg_dbname, **PG) as conn, \
                conn.cursor(name="bench_global") as cur:  # type: ignore[arg-type]
            cur.itersize = BATCH
            cur.execute(f"SELECT tx::text::bigint AS tx_number, gid, {EVENT_COLUMNS}"
                        " FROM ledger_events ORDER BY tx, gid")
            while chunk := cur.fetchmany(BATCH):
                rows += len(chunk)
    else:
        conn = sqlite3.connect(str(config.sqlite_file))
        cur = conn.execute(f"SELECT gid, {EVENT_COLUMNS} FROM ledger_events ORDER BY gid")
        while chunk := cur.fetchmany(BATCH):
            rows += len(chunk)
        conn.close()
    return rows / (time.perf_counter() - start)


def rebuild_rate(config: Config, rows: int) -> float:
    """Events/s of rebuilding every read model from the global order (each rebuild
    reads the whole order once, so the rate compares with the read alone)."""
    from projections.catalog import all_projections
    from projections.runner import ProjectionRunner

    store = build_store(config)
    start = time.perf_counter()
    for projection in all_projections():
        ProjectionRunner(store, projection).rebuild()
    rate = rows * len(all_projections()) / (time.perf_counter() - start)
    store.close()
    return rate


def measure(config: Config) -> dict[str, float]:
    plain = plain_read_rate(config)
    read, rows = store_read_rate(config)
    plain = max(plain, plain_read_rate(config))  # the baseline's better run of two: warm cache
    return {"read": read, "plain": plain, "rebuild": rebuild_rate(config, rows)}
