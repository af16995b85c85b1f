"""A live server per store for the client's end-to-end tests (import `served` to use it)."""

from __future__ import annotations

import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import msgspec
import psycopg
import pytest
from campaign_ledger_client import Campaign, Client

from ledger.service.config import Config
from tests.conftest import PG, SECRET_KEY, STORES
from tests.live_server import live_server

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Served:
    url: str
    config: Config


@pytest.fixture(scope="module", params=STORES)
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
           ) -> Iterator[Served]:
    """One live server per store for this module; each test makes its own campaigns."""
    # Short heartbeats and token re-checks keep the feed tests quick; webhooks may go to
    # loopback, where the tests' receivers listen.
    config = Config(data_dir=str(tmp_path_factory.mktemp("client")), secret_key=SECRET_KEY,
                    feed_heartbeat_seconds=1.0, feed_auth_recheck_seconds=0.5,
                    webhook_allow_private=True)
    if request.param == "postgres":
        config = msgspec.structs.replace(
            config, store="postgres", pg_dbname=request.getfixturevalue("pg_database"),
            pg_schema=f"c_{uuid.uuid4().hex[:12]}", **{f"pg_{k}": v for k, v in PG.items()})
    with live_server(config, workers=2) as url:
        yield Served(url, config)
    if config.store == "postgres":
        with psycopg.connect(dbname=config.pg_dbname, autocommit=True, **PG) as conn:  # type: ignore[arg-type]
            conn.execute(f'DROP SCHEMA IF EXISTS "{config.pg_schema}" CASCADE')


def new_campaign(served: Served) -> tuple[Client, Campaign]:
    created = Client(served.url).create_campaign("Mana Noir")
    gm = Client(served.url, created.gm_token)
    return gm, gm.campaign(created.id)


def export(served: Served, campaign_id: str, target: Path) -> Path:
    subprocess.run([sys.executable, "-m", "ledger.entry.cli", "export", campaign_id, "-o", str(target)],
                   env={**served.config.to_env(), "PATH": "/usr/bin:/bin"}, check=True,
                   cwd=ROOT, capture_output=True)
    return target
