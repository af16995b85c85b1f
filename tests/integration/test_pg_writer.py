"""The PostgreSQL store's writer connection (ledger/adapters/store/pg_writer.py): appends
reuse one checked-out connection; a lost one costs one 503, never a 500 or a lost event,
and the next append checks out another; a unique-key clash is still a clean conflict."""

from __future__ import annotations

import msgspec
import psycopg
import pytest

from ledger.adapters.store.base import EventStore, PositionTaken, StoreUnavailable
from ledger.adapters.store.postgres import PostgresStore
from ledger.domain.chain import GENESIS, chain_hash
from ledger.domain.record import Record


def _chain(campaign_id: str, count: int) -> list[Record]:
    out, prev = [], GENESIS
    for position in range(1, count + 1):
        data = msgspec.json.encode({"amount": 1, "reason": f"r{position}"})
        draft = Record(campaign_id, position, "ResourceGained", 1, data,
                       "2026-01-01T00:00:00.000000Z", "gm", "tok", None, "cor", None, 0, 0, "")
        out.append(msgspec.structs.replace(draft, hash=chain_hash(prev, draft)))
        prev = out[-1].hash
    return out


def _postgres(store: EventStore) -> PostgresStore:
    if not isinstance(store, PostgresStore):
        pytest.skip("the writer connection is PostgreSQL's")
    return store


def _writer_pid(store: PostgresStore) -> int:
    conn = store.writer._conn
    assert conn is not None, "no writer connection is checked out"
    return conn.info.backend_pid


def test_appends_reuse_one_checked_out_connection(store: EventStore) -> None:
    pg = _postgres(store)
    records = _chain("cmp_writer_reuse", 3)
    pg.append(records[:1])
    first = _writer_pid(pg)
    pg.append(records[1:2])
    pg.append(records[2:])
    assert _writer_pid(pg) == first
    assert [r.position for r in pg.read("cmp_writer_reuse")] == [1, 2, 3]


def test_a_lost_writer_connection_is_one_503_then_a_new_connection(store: EventStore) -> None:
    pg = _postgres(store)
    records = _chain("cmp_writer_lost", 3)
    pg.append(records[:1])
    lost = _writer_pid(pg)
    with psycopg.connect(**pg._params, autocommit=True) as admin:  # type: ignore[arg-type]
        admin.execute("SELECT pg_terminate_backend(%s)", (lost,))
    with pytest.raises(StoreUnavailable):
        pg.append(records[1:2])
    assert pg.writer._conn is None  # given back: the pool discards it
    pg.append(records[1:2])  # the same command, retried as a client would
    pg.append(records[2:])
    assert _writer_pid(pg) != lost
    assert [r.position for r in pg.read("cmp_writer_lost")] == [1, 2, 3]


def test_a_position_clash_on_the_writer_is_a_conflict_then_appends_go_on(store: EventStore) -> None:
    pg = _postgres(store)
    records = _chain("cmp_writer_clash", 2)
    pg.append(records[:1])
    other = msgspec.structs.replace(records[0], hash="0" * 64)
    with pytest.raises(PositionTaken):
        pg.append([other])
    pg.append(records[1:])
    assert [r.hash for r in pg.read("cmp_writer_clash")] == [r.hash for r in records]


def test_a_lost_race_keeps_the_connections_prepared_statements(store: EventStore) -> None:
    """A conflict gives the connection back; checked out again, it still has its
    statements: preparing them anew each time left more on the server after every clash."""
    pg = _postgres(store)
    records = _chain("cmp_writer_races", 12)
    pg.append(records[:1])
    for record in records[1:]:
        pg.append([record])
        with pytest.raises(PositionTaken):
            pg.append([msgspec.structs.replace(record, hash="0" * 64)])
    pg.append(_chain("cmp_writer_races_2", 1))  # checks the connection out again
    conn = pg.writer._conn
    assert conn is not None
    row = conn.execute("SELECT count(*) AS n FROM pg_prepared_statements"
                       " WHERE name LIKE 'ledger_w%'").fetchone()  # the pool's rows are dicts
    assert row is not None
    assert 1 <= row["n"] <= 3, row  # one per shape, not one per clash
