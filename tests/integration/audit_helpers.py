"""A played campaign, raw SQL on the stores, and the CLI pointed at a test store."""

from __future__ import annotations

from typing import Any

import pytest

from ledger import characters, clock, resources, rolls
from ledger.app import Ledger
from ledger.campaign import create_campaign
from ledger.config import Config
from ledger.context import Actor
from ledger.store.base import EventStore

GM = Actor(role="gm", token_id="tok_gm")


def played(ledger: Ledger) -> tuple[str, str]:
    """1 created, 2 Mara, 3 session start, 4-6 spends, 7 a server roll, 8 session end."""
    campaign_id = ledger.create_campaign(create_campaign("Mana Noir"), GM).campaign_id
    registered = ledger.execute(campaign_id, GM, characters.register_character(
        {"name": "Mara", "mana": {"current": 12, "max": 12}}))
    mara = registered.events[0].character_id or ""
    ledger.execute(campaign_id, GM, clock.start_session)
    for amount in (1, 2, 3):
        ledger.execute(campaign_id, GM, resources.spend(mara, "mana", amount, "Arson"))
    ledger.execute(campaign_id, GM, rolls.notation_roll(mara, "3d6"))
    ledger.execute(campaign_id, GM, clock.end_session)
    return campaign_id, mara


def sql(store: EventStore, statement: str, *params: Any) -> None:
    with store.transaction(write=True) as c:
        c.execute(store.q(statement), params)


def use_store(monkeypatch: pytest.MonkeyPatch, config: Config) -> None:
    """Point `campaign-ledger` (Config.from_env) at the store of `config`."""
    env = {"LEDGER_DATA_DIR": config.data_dir, "LEDGER_STORE": config.store,
           "LEDGER_SECRET_KEY": config.secret_key or "",
           "LEDGER_CHECKPOINT_EVERY": str(config.checkpoint_every)}
    if config.store == "postgres":
        env |= {"LEDGER_POSTGRES_DBNAME": config.pg_dbname, "LEDGER_POSTGRES_HOST": config.pg_host,
                "LEDGER_POSTGRES_PORT": str(config.pg_port),
                "LEDGER_POSTGRES_USER": config.pg_user,
                "LEDGER_POSTGRES_PASSWORD": config.pg_password,
                "LEDGER_POSTGRES_SCHEMA": config.pg_schema}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
