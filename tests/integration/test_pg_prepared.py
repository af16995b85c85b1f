"""The writer connection's prepared statements (ledger/adapters/store/pg_prepared.py): the
same rows and the same errors as psycopg's execute, prepared on a shape's second use,
and everything the path cannot take left to psycopg."""

from __future__ import annotations

import psycopg
import pytest

from ledger.adapters.store import statements
from ledger.adapters.store.base import EventStore
from ledger.adapters.store.pg_prepared import PREPARED_MAX, PreparedStatements, encoded, numbered
from ledger.adapters.store.postgres import PostgresStore


def test_parameters_are_sent_as_libpq_takes_them() -> None:
    assert encoded(["é", 7, b"\x00\x01", None, ""]) == (
        ["é".encode(), b"7", b"\x00\x01", None, b""], [0, 0, 1, 0, 0])


@pytest.mark.parametrize("value", [True, 1.5, [1, 2], bytearray(b"x"), "nul\x00inside",
                                   "lone \ud800 surrogate"])
def test_a_parameter_of_another_kind_is_left_to_psycopg(value: object) -> None:
    # A bool would be sent as "True" and a NUL would cut a text short in libpq.
    assert encoded(["ok", value]) is None


def test_placeholders_are_numbered_and_any_other_percent_is_left_to_psycopg() -> None:
    assert numbered("INSERT INTO t VALUES (%s,%s)") == b"INSERT INTO t VALUES ($1,$2)"
    assert numbered("SELECT '100%%' || %s") is None
    assert numbered("SELECT %(name)s") is None


@pytest.fixture
def prepared(store: EventStore):  # type: ignore[no-untyped-def]
    if not isinstance(store, PostgresStore):
        pytest.skip("prepared statements are PostgreSQL's")
    conn = psycopg.connect(**store._params, autocommit=True)  # type: ignore[arg-type]
    conn.execute(f'SET search_path TO "{store.schema}"')
    conn.execute("CREATE TEMPORARY TABLE prep_probe (k text PRIMARY KEY, n bigint, b bytea,"
                 " t text)")
    yield PreparedStatements(conn), conn
    conn.close()


def _prepared_names(conn: psycopg.Connection[object]) -> list[str]:
    return [row[0] for row in conn.execute("SELECT name FROM pg_prepared_statements")]


def test_rows_written_are_the_ones_psycopg_would_write(prepared) -> None:  # type: ignore[no-untyped-def]
    ours, conn = prepared
    insert = "INSERT INTO prep_probe (k, n, b) VALUES (%s,%s,%s)"
    assert ours.run(insert, ["é ✓", 2**62, b"\x00\xff"])
    assert ours.run(insert, ["null", None, None])
    assert conn.execute("SELECT k, n, b FROM prep_probe ORDER BY n NULLS LAST").fetchall() == [
        ("é ✓", 2**62, b"\x00\xff"), ("null", None, None)]


def test_a_shape_is_prepared_on_its_second_use_and_old_ones_are_let_go(prepared) -> None:  # type: ignore[no-untyped-def]
    ours, conn = prepared
    insert = "INSERT INTO prep_probe (k, n) VALUES (%s,%s)"
    ours.run(insert, ["a", 1])
    assert _prepared_names(conn) == []
    ours.run(insert, ["b", 2])
    assert len(_prepared_names(conn)) == 1
    for i in range(PREPARED_MAX + 5):  # each shape twice: prepared, then the oldest let go
        shape = f"INSERT INTO prep_probe (k, n) VALUES (%s,%s + {i})"
        ours.run(shape, [f"x{i}", 0])
        ours.run(shape, [f"y{i}", 0])
    assert len(_prepared_names(conn)) == PREPARED_MAX


def test_a_failure_is_the_error_psycopg_raises(prepared) -> None:  # type: ignore[no-untyped-def]
    ours, _ = prepared
    insert = "INSERT INTO prep_probe (k, n) VALUES (%s,%s)"
    ours.run(insert, ["same", 1])
    for _ in range(2):  # unprepared, then prepared
        with pytest.raises(psycopg.errors.UniqueViolation, match="prep_probe_pkey") as caught:
            ours.run(insert, ["same", 1])
        assert caught.value.sqlstate == "23505"
    with pytest.raises(psycopg.errors.NumericValueOutOfRange):
        ours.run(insert, ["big", 2**64])


def test_an_error_reads_as_psycopg_words_it(prepared) -> None:  # type: ignore[no-untyped-def]
    ours, conn = prepared
    insert = "INSERT INTO prep_probe (k, n) VALUES (%s,%s)"
    conn.execute(insert, ["same", 1])
    with pytest.raises(psycopg.Error) as theirs:
        conn.execute(insert, ["same", 1])
    for _ in range(2):
        with pytest.raises(psycopg.Error) as mine:
            ours.run(insert, ["same", 1])
        assert (type(mine.value), str(mine.value)) == (type(theirs.value), str(theirs.value))


def test_a_code_psycopg_does_not_list_takes_its_class_from_the_code_class(prepared) -> None:  # type: ignore[no-untyped-def]
    ours, conn = prepared
    conn.execute("CREATE FUNCTION pg_temp.odd() RETURNS trigger LANGUAGE plpgsql AS"
                 " $$BEGIN RAISE EXCEPTION 'odd' USING ERRCODE = '23ZZZ'; END$$")
    conn.execute("CREATE TRIGGER odd BEFORE INSERT ON prep_probe FOR EACH ROW"
                 " EXECUTE FUNCTION pg_temp.odd()")
    with pytest.raises(psycopg.IntegrityError):  # a unique-key-like conflict, as psycopg says
        ours.run("INSERT INTO prep_probe (k, n) VALUES (%s,%s)", ["x", 1])


def test_bytes_are_sent_as_bytea_as_psycopg_sends_them(prepared) -> None:  # type: ignore[no-untyped-def]
    ours, conn = prepared
    conn.execute("INSERT INTO prep_probe (k, t) VALUES (%s,%s)", ["theirs", b"\xff\xfe"])
    for key in ("a", "b"):  # unprepared, then prepared
        assert ours.run("INSERT INTO prep_probe (k, t) VALUES (%s,%s)", [key, b"\xff\xfe"])
    assert {row[0] for row in conn.execute("SELECT t FROM prep_probe")} == {"\\xfffe"}


def test_a_placeholder_count_that_does_not_match_is_left_to_psycopg(prepared) -> None:  # type: ignore[no-untyped-def]
    ours, _ = prepared
    insert = "INSERT INTO prep_probe (k, n) VALUES (%s,%s)"
    ours.run(insert, ["a", 1])
    ours.run(insert, ["b", 2])  # prepared now
    assert not ours.run(insert, ["c"])
    assert not ours.run(insert, ["d", 4, 5])


def test_a_lost_connection_is_an_operational_error(prepared, store: EventStore) -> None:  # type: ignore[no-untyped-def]
    ours, conn = prepared
    assert isinstance(store, PostgresStore)
    with psycopg.connect(**store._params, autocommit=True) as admin:  # type: ignore[arg-type]
        admin.execute("SELECT pg_terminate_backend(%s)", (conn.info.backend_pid,))
    with pytest.raises(psycopg.OperationalError):
        ours.run("INSERT INTO prep_probe (k, n) VALUES (%s,%s)", ["gone", 1])


def test_what_the_path_cannot_take_runs_nothing(prepared) -> None:  # type: ignore[no-untyped-def]
    ours, conn = prepared
    assert not ours.run("INSERT INTO prep_probe (k, n) VALUES (%s,%s)", ["x", 1.5])
    assert not ours.run("INSERT INTO prep_probe (k) VALUES ('100%%')", [])
    assert conn.execute("SELECT count(*) FROM prep_probe").fetchone() == (0,)


def test_statements_are_reported_to_the_observers(prepared) -> None:  # type: ignore[no-untyped-def]
    ours, _ = prepared
    seen: list[str] = []
    statements.OBSERVERS.append(seen.append)
    try:
        insert = "INSERT INTO prep_probe (k, n) VALUES (%s,%s)"
        ours.run(insert, ["a", 1])
        ours.run(insert, ["b", 2])
        ours.run(insert, ["c", 3])
    finally:
        statements.OBSERVERS.remove(seen.append)
    assert seen == [insert] * 3
