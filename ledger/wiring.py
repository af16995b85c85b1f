"""Building a store and a Ledger from a Config: shared by the web app and the CLI tools."""

from __future__ import annotations

from pathlib import Path

from ledger.app import Ledger
from ledger.config import Config
from ledger.secrets_box import SecretBox, load_or_create_key
from ledger.store.base import EventStore
from ledger.store.postgres import PostgresStore
from ledger.store.sqlite import SQLiteStore


def build_store(config: Config) -> EventStore:
    if config.store == "postgres":
        return PostgresStore(
            dbname=config.pg_dbname, host=config.pg_host, port=config.pg_port,
            user=config.pg_user, password=config.pg_password, schema=config.pg_schema,
        )
    return SQLiteStore(config.sqlite_path or Path(config.data_dir) / "ledger.sqlite3")


def build_ledger(config: Config) -> Ledger:
    store = build_store(config)
    store.setup()
    box = SecretBox(load_or_create_key(config.data_path, config.secret_key))
    return Ledger(store, box, checkpoint_every=config.checkpoint_every)
