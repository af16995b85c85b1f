"""`campaign-ledger backup FILE` and `campaign-ledger restore FILE`: the operator's backup.

Unlike `export` (one campaign's shareable history), a backup holds every ledger table —
events, idempotency answers, checkpoints, tokens, the sealed seed store, webhooks — and
the server key that opens the seeds and derives the tokens, all encrypted with the
operator's key (LEDGER_BACKUP_KEY or --key-file). Read models are left out: their
runners rebuild them from the events. See docs/backups.md.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO

import psycopg
from psycopg import sql

from ledger.adapters.backup_format import BackupError, BackupKeyError, Writer, load_key, read_frames
from ledger.adapters.secrets_box import read_key
from ledger.service.config import Config, ConfigError
from ledger.service.health import utc_now
from ledger.service.wiring import build_store, existing_key, open_existing_store

# Live-process state, not history: a restored tracking row would claim read models that are
# not there, and heartbeats name processes of the old machine.
# The schema version and shape are the restoring store's own (its setup stamps them).
SKIPPED = frozenset({"ledger_projection_tracking", "ledger_runner_heartbeats",
                     "ledger_schema_version", "ledger_schema_shape"})
# The old cluster's transaction ids would hide restored events from the global order.
GENERATED = frozenset({"tx"})
BATCH = 2000


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    for name, func, text in (
        ("backup", run_backup, "write an encrypted backup of every ledger table to FILE"),
        ("restore", run_restore, "restore an encrypted backup into the configured, empty store"),
    ):
        parser = subparsers.add_parser(name, help=text, description=f"{text[0].upper()}{text[1:]}"
                                       ". Key: LEDGER_BACKUP_KEY (64 hex digits) or --key-file.")
        parser.add_argument("file", help="the backup file")
        parser.add_argument("--key-file", help="a file holding the operator key in hex")
        parser.set_defaults(func=func)


def run_backup(args: argparse.Namespace) -> int:
    return _run(lambda key: backup_to(Config.from_env(), args.file, key), args)


def run_restore(args: argparse.Namespace) -> int:
    def go(key: bytes) -> dict[str, int]:
        with open(args.file, "rb") as source:
            return restore(Config.from_env(), source, key)

    return _run(go, args)


def _run(action: Any, args: argparse.Namespace) -> int:
    try:
        key = load_key(args.key_file, os.environ.get("LEDGER_BACKUP_KEY"))
    except BackupKeyError as exc:  # a setting that cannot work: one line, exit 2, like the others
        raise ConfigError(str(exc)) from None
    try:
        counts = action(key)
    except (BackupError, OSError) as exc:
        print(f"{args.command} failed: {exc}", file=sys.stderr)
        return 1
    print(f"{args.command}: " + ", ".join(f"{t} {n}" for t, n in sorted(counts.items())))
    return 0


@contextmanager
def connect(config: Config, *, write: bool) -> Iterator[Any]:
    """A plain DB-API connection in one transaction: a snapshot to read, or the lock to write."""
    if config.store == "postgres":
        conn: Any = psycopg.connect(dbname=config.pg_dbname, host=config.pg_host,
                                    port=config.pg_port, user=config.pg_user,
                                    password=config.pg_password)
        if not write:  # every table read from the same snapshot
            conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
            conn.read_only = True
        conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(config.pg_schema)))
    else:
        conn = sqlite3.connect(config.sqlite_file, isolation_level=None)
        conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")  # WAL: readers never block writers
    try:
        yield conn
        conn.commit()
    finally:
        conn.close()


def tables(conn: Any, config: Config) -> list[str]:
    return [n for n in _all_tables(conn, config) if n.startswith("ledger_") and n not in SKIPPED]


def _all_tables(conn: Any, config: Config) -> list[str]:
    if config.store == "postgres":
        found = conn.execute("SELECT table_name FROM information_schema.tables WHERE "
                             "table_schema=%s ORDER BY 1", (config.pg_schema,)).fetchall()
    else:
        found = conn.execute("SELECT name FROM sqlite_master WHERE type='table' "
                             "ORDER BY 1").fetchall()
    return [n for (n,) in found]


def backup_to(config: Config, file: str, key: bytes) -> dict[str, int]:
    """Write the backup beside FILE, then move it into place: never half a backup."""
    open_existing_store(config).close()  # connecting to a missing SQLite file would create it
    partial = f"{file}.partial"
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            counts = backup(config, out, key)
    except BaseException:
        os.unlink(partial)
        raise
    os.replace(partial, file)
    return counts


def backup(config: Config, out: BinaryIO, key: bytes) -> dict[str, int]:
    writer = Writer(out, key)
    counts: dict[str, int] = {}
    with connect(config, write=False) as conn:
        names = tables(conn, config)
        writer.frame({"kind": "meta", "created_at": utc_now(), "store": config.store,
                      "server_key": existing_key(config).hex(), "tables": names,
                      "schema_version": _version(conn, config)})
        for table in names:
            counts[table] = _dump(conn, config, table, writer)
    writer.frame({"kind": "end", "counts": counts}, final=True)
    return counts


def _version(conn: Any, config: Config) -> int:
    """The schema version the rows are in (0: a store no versioned step has touched)."""
    if "ledger_schema_version" not in _all_tables(conn, config):
        return 0
    return int(conn.execute("SELECT MAX(version) FROM ledger_schema_version").fetchone()[0] or 0)


def _dump(conn: Any, config: Config, table: str, writer: Writer) -> int:
    # A server-side cursor on PostgreSQL: a large table streams instead of loading whole.
    cursor = conn.cursor(name=f"backup_{table}") if config.store == "postgres" else conn.cursor()
    cursor.execute(f'SELECT * FROM "{table}"')
    columns = [d[0] for d in cursor.description]
    done = 0
    while rows := cursor.fetchmany(BATCH):
        writer.frame({"kind": "rows", "table": table, "columns": columns,
                      "rows": [list(row) for row in rows]})
        done += len(rows)
    cursor.close()
    return done


def restore(config: Config, source: BinaryIO, key: bytes) -> dict[str, int]:
    """All or nothing, into an empty store; the server key comes along when there is none."""
    frames = read_frames(source, key)
    meta = next(frames)
    backed_key = bytes.fromhex(meta["server_key"])
    _check_server_key(config, backed_key)
    store = build_store(config)
    store.setup()  # this version's tables, indexes and sequences
    store.close()
    with connect(config, write=True) as conn:
        known = set(tables(conn, config))
        _refuse_non_empty(conn)
        counts = _load(conn, config, frames, known, meta.get("schema_version", 0))
    _write_server_key(config, backed_key)
    return counts


def _load(conn: Any, config: Config, frames: Iterator[dict[str, Any]],
          known: set[str], version: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    for frame in frames:
        if frame["kind"] == "end":
            if version < 1:
                conn.execute(ATTEMPTS_CAMPAIGN)
            if {t: n for t, n in frame["counts"].items() if n} != counts:
                raise BackupError(f"row counts differ from the backup's: {frame['counts']}")
            if config.store == "postgres" and "ledger_events" in counts:
                conn.execute("SELECT setval(pg_get_serial_sequence('ledger_events', 'gid'), "
                             "(SELECT COALESCE(MAX(gid), 1) FROM ledger_events))")
            return counts
        table = frame["table"]
        if table not in known:
            raise BackupError(f"the backup has a table this version does not know: {table}")
        columns, rows = frame["columns"], frame["rows"]
        if version < 1:
            columns, rows = _keyed_by_campaign(table, columns, rows)
        _insert(conn, config, table, columns, rows)
        counts[table] = counts.get(table, 0) + len(frame["rows"])
    raise BackupError("the backup ends without its final frame")


def _insert(conn: Any, config: Config, table: str, columns: list[str],
            rows: list[list[Any]]) -> None:
    keep = [i for i, name in enumerate(columns) if name not in GENERATED]
    mark = "%s" if config.store == "postgres" else "?"
    names = ", ".join(f'"{columns[i]}"' for i in keep)
    statement = f'INSERT INTO "{table}" ({names}) VALUES ({", ".join([mark] * len(keep))})'
    conn.cursor().executemany(statement, [[row[i] for i in keep] for row in rows])


# A backup from before schema version 1 (ledger/adapters/store/migrations.py): its rows
# get the campaign id their tables' keys now start with. Attempts take theirs from their
# delivery once every table is in.
ATTEMPTS_CAMPAIGN = ("UPDATE ledger_webhook_attempts SET campaign_id=(SELECT d.campaign_id FROM"
                     " ledger_webhook_deliveries d WHERE d.id=ledger_webhook_attempts.delivery_id)"
                     " WHERE campaign_id=''")


def _keyed_by_campaign(table: str, columns: list[str], rows: list[list[Any]]
                       ) -> tuple[list[str], list[list[Any]]]:
    if table == "ledger_idempotency":
        at = columns.index("campaign_id")
        return columns, [[*row[:at], row[at] or "", *row[at + 1:]] for row in rows]
    if table == "ledger_webhook_attempts" and "campaign_id" not in columns:
        return [*columns, "campaign_id"], [[*row, ""] for row in rows]
    return columns, rows


def _refuse_non_empty(conn: Any) -> None:
    for table in ("ledger_events", "ledger_tokens"):
        if conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]:
            raise BackupError(f"the target store is not empty ({table} has rows)")


def _check_server_key(config: Config, backed: bytes) -> None:
    current = read_key(config.data_path, config.secret_key)
    if current is None:
        return  # the backup's key will be written once the rows are in
    if current != backed:
        raise BackupError("this service's server key is not the backup's: tokens and sealed "
                          "seeds would not open (see docs/backups.md)")


def _write_server_key(config: Config, backed: bytes) -> None:
    path = config.data_path / "secret.key"
    if config.secret_key is None and not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(backed.hex())
