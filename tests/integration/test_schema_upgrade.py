"""A store written before the versioned schema opens at version 1 with everything intact.

The fixtures (tests/upgrade/) were written by the release before schema version 1: its
keys did not start with the campaign id. Opening one runs the migration step; then the
campaign verifies and folds, its tokens authenticate, its Idempotency-Key answers replay
(the creation's too, stored under the campaign's random id before creation ids derived
from the key), and the webhook log keeps its delivery and attempt.
"""

from __future__ import annotations

import re
import sqlite3
import uuid
from pathlib import Path

import msgspec
import psycopg

from api import create_app
from ledger.adapters.store.migrations import LATEST
from ledger.entry.tools.backup import backup_to, connect, restore
from ledger.service.config import Config
from tests.api_client import ApiClient
from tests.conftest import PG
from tests.upgrade.make_fixture import CREATION_KEY, SCHEMA, SECRET_KEY, SPEND_KEY

FIXTURES = Path(__file__).parents[1] / "upgrade"


def _load_fixture(config: Config) -> str:
    """Write the old store where `config` points; answer the fixture's SQL."""
    if config.store == "sqlite":
        script = (FIXTURES / "store-v0.sqlite.sql").read_text()
        with sqlite3.connect(Path(config.data_dir) / "ledger.sqlite3") as conn:
            conn.executescript(script)
        return script
    dump = (FIXTURES / "store-v0.postgres.sql").read_text()
    # psql's own commands (\restrict) are not SQL; the schema is this test's.
    script = "\n".join(line for line in dump.splitlines() if not line.startswith("\\"))
    script = script.replace(SCHEMA, config.pg_schema)
    with psycopg.connect(dbname=config.pg_dbname, autocommit=True, **PG) as conn:  # type: ignore[arg-type]
        conn.execute(script)  # type: ignore[call-overload]
    return script


def _rows_written(script: str, table: str) -> int:
    return len(re.findall(rf'^INSERT INTO (?:"{table}"|\w+\.{table}) ', script, re.MULTILINE))


def _count(config: Config, table: str) -> int:
    with connect(config, write=False) as conn:
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


TABLES = ("ledger_events", "ledger_tokens", "ledger_idempotency", "ledger_checkpoints",
          "ledger_seeds", "ledger_tree_nodes", "ledger_webhooks", "ledger_webhook_deliveries",
          "ledger_webhook_attempts")


def assert_intact(config: Config, script: str) -> None:
    """The fixture's campaign, tokens, answers and webhook log, served from `config`."""
    api = ApiClient(create_app(config).test_client())  # its store's setup runs the migration
    # The creation retried with its key answers as the first time, with the GM token.
    again = api.post("/v1/campaigns", {"name": "Upgrade"}, token="",
                     headers={"Idempotency-Key": CREATION_KEY})
    assert again.status == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    # Stored by the release before: it replays as stored, in that release's shape (`id`).
    api.token, api.campaign = again["gm_token"], again["id"]

    assert {t: _count(config, t) for t in TABLES} == {t: _rows_written(script, t) for t in TABLES}
    assert _count(config, "ledger_schema_version") == LATEST == 1

    assert api.get(api.c("/verify"))["ok"] is True
    mara = api.get(api.c("/characters"))["characters"][0]
    assert mara["mana"]["current"] == 0  # 12, less ten spends of 1 and one of 2
    spent = api.post(api.c(f"/characters/{mara['id']}/mana/spend"), {"amount": 2},
                     headers={"Idempotency-Key": SPEND_KEY})
    assert spent.headers["Idempotent-Replayed"] == "true"
    assert spent["position"] == 13

    hook = api.get(api.c("/webhooks"))["webhooks"][0]
    log = api.get(api.c(f"/webhooks/{hook['id']}/deliveries"))["deliveries"]
    assert [(d["position"], [a["http_status"] for a in d["attempt_log"]]) for d in log] == [(2, [500])]

    # New writes go on as usual, keyed by the campaign; opening again applies nothing.
    assert api.post(api.c(f"/characters/{mara['id']}/mana/gain"), {"amount": 1}).status == 200
    create_app(config).test_client().get("/readyz")
    assert _count(config, "ledger_schema_version") == 1


def test_a_store_of_the_release_before_opens_upgraded_and_intact(store_config: Config) -> None:
    config = msgspec.structs.replace(store_config, secret_key=SECRET_KEY)
    assert_intact(config, _load_fixture(config))


def test_a_backup_of_the_release_before_restores_upgraded_and_intact(
        store_config: Config, tmp_path: Path) -> None:
    config = msgspec.structs.replace(store_config, secret_key=SECRET_KEY)
    script = _load_fixture(config)  # not opened: the backup reads the old tables as they are
    key = bytes.fromhex("b0" * 32)
    backup_to(config, str(tmp_path / "old.backup"), key)
    target = msgspec.structs.replace(config, data_dir=str(tmp_path / "restored"),
                                     pg_schema=f"r_{uuid.uuid4().hex[:12]}")
    try:
        with open(tmp_path / "old.backup", "rb") as source:
            restore(target, source, key)
        assert_intact(target, script)
    finally:
        if target.store == "postgres":
            with psycopg.connect(dbname=target.pg_dbname, autocommit=True, **PG) as conn:  # type: ignore[arg-type]
                conn.execute(f'DROP SCHEMA IF EXISTS "{target.pg_schema}" CASCADE')
