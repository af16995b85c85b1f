"""The per-process Ledger, built lazily on first use: after gunicorn forks, never at import."""

from __future__ import annotations

import os
import threading

from flask import current_app

from api.config import Config
from ledger.app import Ledger
from ledger.secrets_box import SecretBox, load_or_create_key
from ledger.store.base import EventStore
from ledger.store.postgres import PostgresStore
from ledger.store.sqlite import SQLiteStore

_lock = threading.Lock()


def build_store(config: Config) -> EventStore:
    if config.store == "postgres":
        return PostgresStore(
            dbname=config.pg_dbname, host=config.pg_host, port=config.pg_port,
            user=config.pg_user, password=config.pg_password, schema=config.pg_schema,
        )
    path = config.sqlite_path or str(config.data_path / "ledger.sqlite3")
    return SQLiteStore(path)


def build_ledger(config: Config) -> Ledger:
    store = build_store(config)
    store.setup()
    box = SecretBox(load_or_create_key(config.data_path, config.secret_key))
    return Ledger(store, box, checkpoint_every=config.checkpoint_every)


def ledger() -> Ledger:
    ext = current_app.extensions
    built: Ledger | None = ext.get("ledger")
    if built is None or ext.get("ledger_pid") != os.getpid():
        with _lock:
            built = ext.get("ledger")
            if built is None or ext.get("ledger_pid") != os.getpid():
                built = build_ledger(current_app.config["LEDGER"])
                ext["ledger"] = built
                ext["ledger_pid"] = os.getpid()
    return built
