"""Write the upgrade fixtures: a store as the release before the versioned schema left it.

    python -m tests.upgrade.make_fixture sqlite   # tests/upgrade/store-v0.sqlite.sql
    python -m tests.upgrade.make_fixture postgres # tests/upgrade/store-v0.postgres.sql

Run it on that release's code (it was, once, to make the committed files); on later code
it would write the newer schema and prove nothing. The scenario touches every table the
versioned migrations change: events with checkpoints and seeds, tokens (one rotated), an
idempotency answer for a creation and for a campaign write, a webhook with a delivery and
an attempt. `EXPECTED` is what the upgrade test checks after opening the store.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import psycopg

from api import create_app
from ledger.adapters.store import webhooks as hooks
from ledger.service.config import Config
from tests.api_client import ApiClient
from tests.conftest import PG

HERE = Path(__file__).parent
SCHEMA = "upgrade_fixture"
CREATION_KEY = "k" * 22 + "creation"  # a secret-shaped Idempotency-Key (base64url, > 128 bits)
SPEND_KEY = "spend-1"
# A fixed server key: the fixture's tokens and sealed seeds are bound to it.
SECRET_KEY = "5e" * 32


def play(config: Config) -> dict[str, Any]:
    app = create_app(config)
    api = ApiClient(app.test_client())
    made = api.post("/v1/campaigns", {"name": "Upgrade"}, token="",
                    headers={"Idempotency-Key": CREATION_KEY})
    api.token, api.campaign = made["gm_token"], made["campaign"]["id"]
    mara = api.new_character(name="Mara", mana={"current": 12, "max": 12})
    for _ in range(10):  # past a checkpoint
        api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 1, "reason": "tick"})
    api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 2},
             headers={"Idempotency-Key": SPEND_KEY})
    player = api.post(api.c("/tokens"), {"role": "player", "character_id": mara,
                                         "label": "phone"}).body
    api.post(api.c(f"/tokens/{player['id']}/rotate"), {})
    hook = api.post(api.c("/webhooks"), {"url": "https://example.test/in", "types": ["*"]})
    store = app.extensions["ledger"].store
    found = hooks.webhook(store, api.campaign, hook["id"])
    assert found is not None
    with store.transaction(write=True) as c:
        hooks.enqueue(c, store, found, 2, "CharacterCreated", "2026-01-01T00:00:00Z")
    delivery = hooks.deliveries(store, api.campaign, found.id, 0, 10)[0]
    hooks.record_attempt(store, delivery, {
        "at": "2026-01-01T00:00:01Z", "http_status": 500, "error": None, "duration_ms": 12,
        "status": "pending", "next_attempt_at": "2026-01-01T00:01:00Z", "delivered_at": None})
    store.close()
    return {"campaign": api.campaign, "character": mara, "webhook": hook["id"]}


def main(kind: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        if kind == "sqlite":
            config = Config(data_dir=tmp, store="sqlite", secret_key=SECRET_KEY, testing=True)
            print(play(config))
            with sqlite3.connect(Path(tmp) / "ledger.sqlite3") as conn:
                dump = "\n".join(conn.iterdump())
            (HERE / "store-v0.sqlite.sql").write_text(dump + "\n")
            return
        with psycopg.connect(dbname="postgres", autocommit=True, **PG) as conn:  # type: ignore[arg-type]
            conn.execute("DROP DATABASE IF EXISTS ledger_upgrade_fixture")
            conn.execute("CREATE DATABASE ledger_upgrade_fixture")
        try:
            config = Config(data_dir=tmp, store="postgres", pg_dbname="ledger_upgrade_fixture",
                            pg_host=PG["host"], pg_port=PG["port"], pg_user=PG["user"],
                            pg_password=PG["password"], pg_schema=SCHEMA, secret_key=SECRET_KEY,
                            testing=True)
            print(play(config))
            dump = subprocess.run(
                ["pg_dump", "-h", str(PG["host"]), "-p", str(PG["port"]), "-U", str(PG["user"]),
                 "--schema", SCHEMA, "--inserts", "--no-owner", "--no-privileges",
                 "ledger_upgrade_fixture"], check=True, capture_output=True, text=True).stdout
            (HERE / "store-v0.postgres.sql").write_text(dump)
        finally:
            with psycopg.connect(dbname="postgres", autocommit=True, **PG) as conn:  # type: ignore[arg-type]
                conn.execute("DROP DATABASE IF EXISTS ledger_upgrade_fixture WITH (FORCE)")


if __name__ == "__main__":
    main(sys.argv[1])
