"""Restore drills on both stores: our encrypted backup, pg_dump/pg_restore, SQLite's backup API.

After each restore into an empty store: the same state and head hash for every campaign,
the old tokens still work, and the unrevealed seed still derives the same dice (the next
server roll on the copy equals the next one on the original).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import psycopg
import pytest

from api import create_app
from ledger.adapters.backup_format import BackupError
from ledger.entry.cli import main
from ledger.entry.tools.backup import backup_to, restore
from ledger.service.config import Config
from tests.api_client import ApiClient
from tests.conftest import PG
from tests.security.seed import Seeded, seed

KEY = "ab" * 32


class Apps:
    """Apps over configs, closed at the end of the test."""

    def __init__(self) -> None:
        self.built: list[Any] = []

    def client(self, config: Config) -> ApiClient:
        app = create_app(msgspec.structs.replace(config, rate_limit_per_minute=0))
        self.built.append(app)
        return ApiClient(app.test_client())

    def close(self) -> None:
        for app in self.built:
            built = app.extensions.get("ledger")
            if built is not None:
                built.store.close()


@pytest.fixture
def apps() -> Iterator[Apps]:
    made = Apps()
    yield made
    made.close()


@pytest.fixture
def target(store_config: Config, tmp_path: Path) -> Iterator[Config]:
    """An empty store of the same kind, with no server key of its own."""
    schema = f"r_{uuid.uuid4().hex[:12]}"
    yield msgspec.structs.replace(store_config, data_dir=str(tmp_path / "restored"),
                                  secret_key=None, pg_schema=schema)
    if store_config.store == "postgres":
        with psycopg.connect(dbname=store_config.pg_dbname, autocommit=True, **PG) as conn:  # type: ignore[arg-type]
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


def played(api: ApiClient) -> Seeded:
    seeded = seed(api)
    for _ in range(3):
        roll = api.post(api.c(f"/characters/{seeded.ids['character_id']}/rolls"),
                        {"expression": "3d6"})
        assert roll.status == 201, roll
    return seeded


def picture(api: ApiClient, seeded: Seeded) -> dict[str, Any]:
    """What must survive: each campaign's head hash, position and state, as its GM sees them."""
    found = {}
    for campaign, token in ((seeded.campaign, seeded.tokens["gm"]),
                            (seeded.foreign_campaign, seeded.tokens["foreign"])):
        head = api.get(f"/v1/campaigns/{campaign}", token=token)
        state = api.get(f"/v1/campaigns/{campaign}/state", token=token)
        assert (head.status, state.status) == (200, 200), (head, state)
        found[campaign] = (head["campaign"]["head_hash"], head["position"], state.body)
    return found


def next_roll(api: ApiClient, seeded: Seeded) -> list[Any]:
    roll = api.post(f"/v1/campaigns/{seeded.campaign}/characters/{seeded.ids['character_id']}"
                    "/rolls", {"expression": "4d20"}, token=seeded.tokens["own"])
    assert roll.status == 201, roll
    return [e["data"] for e in roll["events"]]


def assert_same_campaigns(original: ApiClient, copy: ApiClient, seeded: Seeded) -> None:
    assert picture(copy, seeded) == picture(original, seeded)
    for caller, token in seeded.tokens.items():
        campaign = seeded.foreign_campaign if caller == "foreign" else seeded.campaign
        assert copy.get(f"/v1/campaigns/{campaign}", token=token).status == 200, caller
    assert next_roll(copy, seeded) == next_roll(original, seeded)


def use_env(monkeypatch: pytest.MonkeyPatch, config: Config) -> None:
    for name in list(os.environ):
        if name.startswith("LEDGER_"):
            monkeypatch.delenv(name)
    for name, value in config.to_env().items():
        monkeypatch.setenv(name, value)


def test_backup_then_restore_into_an_empty_store_keeps_everything(
        apps: Apps, store_config: Config, target: Config, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    original = apps.client(store_config)
    seeded = played(original)
    file = str(tmp_path / "ledger.backup")
    use_env(monkeypatch, store_config)
    monkeypatch.setenv("LEDGER_BACKUP_KEY", KEY)
    assert main(["backup", file]) == 0
    use_env(monkeypatch, target)
    monkeypatch.setenv("LEDGER_BACKUP_KEY", KEY)
    assert main(["restore", file]) == 0
    # The server key came with the backup: the restored service opens seeds and tokens.
    assert (Path(target.data_dir) / "secret.key").read_text() == store_config.secret_key
    assert_same_campaigns(original, apps.client(target), seeded)
    assert main(["restore", file]) == 1  # never into a store that has events


def test_a_backup_is_unreadable_without_its_key_and_refused_when_damaged(
        apps: Apps, store_config: Config, target: Config, tmp_path: Path) -> None:
    played(apps.client(store_config))
    file = tmp_path / "ledger.backup"
    backup_to(store_config, str(file), bytes.fromhex(KEY))
    data = file.read_bytes()
    assert b"CampaignCreated" not in data
    assert b"clt_" not in data
    damaged = data[:200] + bytes([data[200] ^ 1]) + data[201:]
    for content, key in ((data, "cd" * 32), (damaged, KEY), (data[:-40], KEY)):
        (tmp_path / "bad.backup").write_bytes(content)
        with open(tmp_path / "bad.backup", "rb") as source, pytest.raises(BackupError):
            restore(target, source, bytes.fromhex(key))
    with open(file, "rb") as source:  # nothing was left behind: the store is still empty
        assert restore(target, source, bytes.fromhex(KEY))["ledger_events"] > 0


@pytest.mark.parametrize("default_schema", [False, True], ids=["own-schema", "public"])
def test_postgres_drill_pg_dump_and_pg_restore_into_a_fresh_database(
        apps: Apps, store_config: Config, tmp_path: Path, default_schema: bool) -> None:
    """The commands README.md and docs/backups.md give. With the default schema `public`
    the dump's CREATE SCHEMA met the fresh database's own `public` and the restore failed,
    until `--clean --if-exists` joined the documented command."""
    if store_config.store != "postgres":
        pytest.skip("the PostgreSQL drill")
    env = {**os.environ, "PGHOST": PG["host"], "PGPORT": str(PG["port"]), "PGUSER": PG["user"],
           "PGPASSWORD": PG["password"]}
    made: list[str] = []

    def database(prefix: str) -> str:
        made.append(f"{prefix}_{uuid.uuid4().hex[:10]}")
        subprocess.run(["createdb", made[-1]], env=env, check=True)
        return made[-1]

    try:
        source = (msgspec.structs.replace(store_config, pg_dbname=database("drill_src"),
                                          pg_schema="public")
                  if default_schema else store_config)
        original = apps.client(source)
        seeded = played(original)
        dump = str(tmp_path / "ledger.dump")
        subprocess.run(["pg_dump", "--format=custom", f"--schema={source.pg_schema}",
                        f"--file={dump}", source.pg_dbname], env=env, check=True)
        fresh = database("drill")
        subprocess.run(["pg_restore", "--clean", "--if-exists", "--exit-on-error",
                        f"--dbname={fresh}", dump], env=env, check=True)
        copy = apps.client(msgspec.structs.replace(source, pg_dbname=fresh))
        assert_same_campaigns(original, copy, seeded)
    finally:
        apps.close()
        for name in made:
            subprocess.run(["dropdb", "--force", name], env=env, check=True)


def test_sqlite_drill_online_backup_api(apps: Apps, store_config: Config, tmp_path: Path) -> None:
    if store_config.store != "sqlite":
        pytest.skip("the SQLite drill")
    original = apps.client(store_config)
    seeded = played(original)
    copy_dir = tmp_path / "copy"
    copy_dir.mkdir()
    source = sqlite3.connect(Path(store_config.data_dir) / "ledger.sqlite3")
    with sqlite3.connect(copy_dir / "ledger.sqlite3") as copy_db:
        source.backup(copy_db)  # a consistent copy while the service keeps writing
    source.close()
    copy = apps.client(msgspec.structs.replace(store_config, data_dir=str(copy_dir)))
    assert_same_campaigns(original, copy, seeded)
