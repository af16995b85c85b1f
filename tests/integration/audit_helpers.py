"""A played campaign, raw SQL on the stores, the CLI pointed at a test store, old events."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from ledger.adapters.store.base import EventStore
from ledger.domain import characters, clock, resources, rolls
from ledger.domain.campaign import create_campaign
from ledger.domain.chain import chain_hash
from ledger.domain.context import Actor
from ledger.domain.record import Record
from ledger.service.config import Config
from ledger.service.ledger import Ledger

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


def append_v1_session_end(ledger: Ledger, store: EventStore, campaign_id: str,
                           head_hash: str) -> None:
    """A version 1 `SessionEnded` as the ledger recorded it before version 2."""
    head = ledger.state(campaign_id)
    data = msgspec.json.encode({"character_id": None, "session": 1, "head_hash": head_hash,
                                "revealed_epoch": 1, "revealed_seed": "", "dice_epoch": 2,
                                "dice_commitment": "ab" * 32})
    draft = Record(campaign_id, head.position + 1, "SessionEnded", 1, data,
                   "2030-01-01T00:00:00.000000Z", "gm", None, None, "cor_old", None, 1, 0, "")
    store.append([msgspec.structs.replace(draft, hash=chain_hash(head.head_hash, draft))])
