"""Store append: events/s for 1 and 16 writers on different campaigns, against raw
single-row commits on the same database (and the library's default recorder on PostgreSQL).
Each arm runs in two halves, in the order A B ... B A (common.alternating).

Writers are processes, and also threads sharing a process's store as the API's worker
threads do (4 processes x 4 threads), with group commit on and off: its throughput and
its latency (ledger/adapters/store/group_commit.py)."""

from __future__ import annotations

import os
import sqlite3
import statistics
import threading
import time
import uuid
from collections.abc import Callable

import msgspec
import psycopg

from ledger.adapters.store.pg_prepared import PreparedStatements
from ledger.domain.chain import GENESIS, chain_hash
from ledger.domain.record import Record
from ledger.service.config import Config
from ledger.service.wiring import build_store
from scripts.benchparts.common import PG, alternating, in_processes, percentile, ready

DATA = b'{"character_id":"chr_x","resource":"mana","amount":1,"before":1,"after":2,"reason":"b"}'


def _record(cid: str, position: int, prev: str) -> Record:
    draft = Record(cid, position, "ResourceGained", 1, DATA, "2026-01-01T00:00:00.000000Z", "gm",
                   "tok", None, "cor", "chr_x", 0, 0, "")
    return msgspec.structs.replace(draft, hash=chain_hash(prev, draft))


def _chain(count: int) -> list[Record]:
    """Rows prepared before the clock starts, as the raw baseline's are: this measures
    the store. Hashing (about 20 us an event) is part of the HTTP figure."""
    cid, prev, out = f"cmp_{uuid.uuid4().hex[:16]}", GENESIS, []
    for position in range(1, count + 1):
        out.append(_record(cid, position, prev))
        prev = out[-1].hash
    return out


def ledger_writer(config: Config, seconds: float, count: int) -> float:
    # One pooled connection (and the NOTIFY one): sixteen processes with the API's pool
    # of four passed PostgreSQL's 100 connections, and their NOTIFYs failed to connect.
    store = build_store(config, pool_size=1)
    records = _chain(count)
    store.append(records[:1])
    ready()
    done, start = 1, time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline and done < count:
        store.append(records[done : done + 1])
        done += 1
    elapsed = time.perf_counter() - start
    store.close()
    return (done - 1) / elapsed


def _in_threads(threads: int, run: Callable[[threading.Barrier], float]) -> list[float]:
    """Each thread's result; they start their clocks together, with the other processes'."""
    barrier, out = threading.Barrier(threads, action=ready), [0.0] * threads

    def one(slot: int) -> None:
        out[slot] = run(barrier)

    started = [threading.Thread(target=one, args=(i,)) for i in range(threads)]
    for t in started:
        t.start()
    for t in started:
        t.join()
    return out


def ledger_threads(config: Config, seconds: float, threads: int, limit: int
                   ) -> tuple[float, list[float]]:
    """Events/s of `threads` threads sharing one store, and every append's ms."""
    store = build_store(msgspec.structs.replace(config, group_commit=limit))
    latencies: list[float] = []

    def run(barrier: threading.Barrier) -> float:
        records = _chain(int(seconds * 3000) + 500)
        store.append(records[:1])
        mine, done = [], 1
        barrier.wait()
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline and done < len(records):
            start = time.perf_counter()
            store.append(records[done : done + 1])
            mine.append((time.perf_counter() - start) * 1000)
            done += 1
        latencies.extend(mine)
        return (done - 1) / seconds

    rates = _in_threads(threads, run)
    store.close()
    return sum(rates), latencies


def raw_threads(kind: str, target: str, seconds: float, threads: int) -> float:
    """Raw single-row commits from `threads` threads, each its own writer and connection."""
    writer = raw_pg_writer if kind == "postgres" else raw_sqlite_writer

    def run(barrier: threading.Barrier) -> float:
        barrier.wait()
        return writer(target, seconds, threaded=True)

    return sum(_in_threads(threads, run))


RAW_INSERT = "INSERT INTO raw_bench (campaign_id, position, data) VALUES (%s,%s,%s)"


def raw_pg_writer(dbname: str, seconds: float, *, threaded: bool = False,
                  prepared: bool = False) -> float:
    """`threaded`: one of several threads, whose barrier already waited in ready().
    `prepared`: each INSERT prepared and run through libpq, as our writer connection runs
    its appends (ledger/adapters/store/pg_prepared.py): the same driver path on both
    sides, shown beside the main baseline rather than instead of it."""
    with psycopg.connect(dbname=dbname, autocommit=True, **PG) as conn:  # type: ignore[arg-type]
        run = PreparedStatements(conn).run if prepared else conn.execute
        if not threaded:
            ready()
        done, deadline = 0, time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            run(RAW_INSERT, (str(os.getpid()), done, DATA))
            done += 1
    return done / seconds


def raw_pg_prepared_writer(dbname: str, seconds: float) -> float:
    return raw_pg_writer(dbname, seconds, prepared=True)


def raw_sqlite_writer(path: str, seconds: float, *, threaded: bool = False) -> float:
    conn = sqlite3.connect(path, isolation_level=None, timeout=30)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    if not threaded:
        ready()
    done, deadline = 0, time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        conn.execute("INSERT INTO raw_bench (campaign_id, position, data) VALUES (?,?,?)",
                     (str(os.getpid()), done, DATA))
        done += 1
    conn.close()
    return done / seconds


def library_writer(dbname: str, seconds: float) -> float:
    """eventsourcing's default PostgreSQL recorder, which locks the table on every insert."""
    from eventsourcing.persistence import StoredEvent
    from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore

    ds = PostgresDatastore(dbname, PG["host"], PG["port"], PG["user"], "", pool_size=1,
                           originator_id_type="text")
    recorder = PostgresApplicationRecorder(ds, events_table_name="library_bench")
    cid, done, deadline = uuid.uuid4().hex, 0, time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        done += 1
        recorder.insert_events([StoredEvent(cid, done, "ResourceGained", DATA)])
    ds.close()
    return done / seconds


def _prepare_raw(config: Config) -> str:
    ddl = "CREATE TABLE IF NOT EXISTS raw_bench (id {pk}, campaign_id TEXT, position INT, data {blob})"
    if config.store == "postgres":
        with psycopg.connect(dbname=config.pg_dbname, autocommit=True, **PG) as conn:  # type: ignore[arg-type]
            conn.execute(ddl.format(pk="BIGSERIAL PRIMARY KEY", blob="BYTEA"))
        return config.pg_dbname
    path = os.path.join(config.data_dir, "raw.sqlite3")
    with sqlite3.connect(path) as conn:
        conn.execute(ddl.format(pk="INTEGER PRIMARY KEY AUTOINCREMENT", blob="BLOB"))
    return path


def measure(configs: dict[str, Config], seconds: float) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for kind, config in configs.items():
        setup = build_store(config)
        setup.setup()
        setup.close()
        target = _prepare_raw(config)
        for writers in (1, 16):
            ours, base, prepared = _processes(config, target, writers, seconds)
            rows.append({"measure": f"append events/s, {kind}, {writers} writer(s)",
                         "value": ours, "baseline": base, "target": 0.6
                         if kind == "postgres" and writers == 16 else None})
            if prepared is not None:
                rows.append({"measure": f"append events/s, {kind}, {writers} writer(s), against"
                             " raw commits prepared through libpq", "value": ours,
                             "baseline": prepared, "target": None})
        rows += _threaded(kind, config, target, seconds)
        if kind == "postgres":
            from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore

            ds = PostgresDatastore(config.pg_dbname, PG["host"], PG["port"], PG["user"], "",
                                   originator_id_type="text")
            PostgresApplicationRecorder(ds, events_table_name="library_bench").create_table()
            ds.close()
            lib = sum(in_processes(16, library_writer, [(config.pg_dbname, seconds)] * 16))
            rows.append({"measure": "append events/s, postgres, 16 writers, library default recorder",
                         "value": lib, "baseline": base, "target": None})
    return rows


def _processes(config: Config, target: str, writers: int, seconds: float
               ) -> tuple[float, float, float | None]:
    """Events/s of `writers` single-threaded processes: ours, raw single-row commits, and
    (16 on PostgreSQL) raw commits prepared through libpq."""
    raw = raw_pg_writer if config.store == "postgres" else raw_sqlite_writer
    count = int(seconds * 6000 / writers) + 1000
    arms: dict[str, Callable[[float], float]] = {
        "ours": lambda s: sum(in_processes(writers, ledger_writer, [(config, s, count)] * writers)),
        "raw": lambda s: sum(in_processes(writers, raw, [(target, s)] * writers)),
    }
    if config.store == "postgres" and writers == 16:
        arms["prepared"] = lambda s: sum(in_processes(writers, raw_pg_prepared_writer,
                                                      [(target, s)] * writers))
    runs = alternating(arms, seconds)
    prepared = statistics.mean(runs["prepared"]) if "prepared" in runs else None
    return statistics.mean(runs["ours"]), statistics.mean(runs["raw"]), prepared


def _threaded(kind: str, config: Config, target: str, seconds: float) -> list[dict[str, object]]:
    """16 writers as 4 processes x 4 threads, group commit on (32) and off (1)."""
    layout = "16 writers, 4 processes x 4 threads"

    def ours(limit: int) -> Callable[[float], tuple[float, list[float]]]:
        def run(s: float) -> tuple[float, list[float]]:
            results: list[tuple[float, list[float]]] = in_processes(  # type: ignore[assignment]
                4, ledger_threads, [(config, s, 4, limit)] * 4)
            return sum(r for r, _ in results), [ms for _, mine in results for ms in mine]
        return run

    runs = alternating({"32": ours(32), "off": ours(1), "raw": lambda s: (
        sum(in_processes(4, raw_threads, [(kind, target, s, 4)] * 4)), [])}, seconds)
    base = statistics.mean(rate for rate, _ in runs["raw"])
    latency = {limit: [ms for _, mine in runs[name] for ms in mine]
               for limit, name in ((32, "32"), (1, "off"))}
    rows: list[dict[str, object]] = [
        {"measure": f"append events/s, {kind}, {layout}, group commit "
         + ("32" if name == "32" else "off"), "value": statistics.mean(r for r, _ in runs[name]),
         "baseline": base, "target": 0.6 if kind == "postgres" else None}
        for name in ("32", "off")]
    for name, pick in (("p50", statistics.median), ("p99", lambda v: percentile(v, 99))):
        rows.append({"measure": f"append {name} ms, {kind}, {layout}, group commit 32"
                     " (baseline: off)", "value": pick(latency[32]),
                     "baseline": pick(latency[1]), "target": None})
    return rows
