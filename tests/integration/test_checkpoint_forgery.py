"""Checkpoints are checked (docs/history.md, "Checkpoints"), on both stores: a forged one is
detected and never served, counted in /metrics and reported by verify; a stale one (no seal,
as older stores kept them) is rebuilt quietly; a stored row with a key twice is tampered."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator

import msgspec
import pytest
from flask import Flask

from api import create_app
from ledger.adapters.store.base import EventStore
from ledger.domain.fold import blank, decode_state, encode_state, fold
from ledger.entry.cli import main
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from ledger.service.tokens import issue_token
from tests.api_client import ApiClient
from tests.forgery import rewrite_event
from tests.integration.audit_helpers import played, sql, use_store
from tests.integration.test_checkpoints import campaign

FORGED_AT = 30  # the ledger fixture checkpoints at 10, 20 and 30; the campaign has 35 events


@pytest.fixture
def server(store_config: Config) -> Iterator[Flask]:
    """A fresh server on the same store: nothing of the campaign cached."""
    app = create_app(store_config)
    yield app
    app.extensions["ledger"].store.close()


def reader(ledger: Ledger, campaign_id: str, app: Flask) -> tuple[ApiClient, str]:
    _, token = issue_token(ledger.store, ledger.box, campaign_id, "gm", None, "GM")
    return ApiClient(app.test_client()), token


def zero_mana(store: EventStore, campaign_id: str, position: int) -> None:
    """The forger's edit: every character's Mana set to 0 in the stored checkpoint, its seal
    left as it was (the server key is not in the database)."""
    found = store.checkpoint_at(campaign_id, position)
    assert found is not None
    assert found[0] == position
    state = decode_state(found[1])
    assert state is not None
    for character in state.characters.values():
        character.mana.current = 0
    sql(store, "UPDATE ledger_checkpoints SET state=? WHERE campaign_id=? AND position=?",
        encode_state(state), campaign_id, position)


def forgeries_counted(api: ApiClient) -> float:
    text = api.client.get("/metrics").get_data(as_text=True)
    found = re.search(r'^ledger_checkpoint_forgeries_total\{problem="mac"\} (\S+)$', text,
                      re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def folded_mana(store: EventStore, campaign_id: str, position: int) -> list[int]:
    state = fold(blank(campaign_id), store.read(campaign_id, upto=position))
    return [c.mana.current for c in state.characters.values()]


def test_a_forged_checkpoint_is_not_served_is_counted_and_verify_reports_it(
        ledger: Ledger, server: Flask) -> None:
    campaign_id = campaign(ledger)
    zero_mana(ledger.store, campaign_id, FORGED_AT)
    api, token = reader(ledger, campaign_id, server)
    before = forgeries_counted(api)
    answer = api.get(f"/v1/campaigns/{campaign_id}/state?at=33", token=token)
    assert answer.status == 200, answer
    served = [c["mana"]["current"] for c in answer["state"]["characters"]]
    assert served == folded_mana(ledger.store, campaign_id, 33) != [0]
    assert forgeries_counted(api) == before + 1
    report = api.get(f"/v1/campaigns/{campaign_id}/verify", token=token)
    assert report.status == 200, report
    assert report["ok"] is False
    assert report["chain"]["ok"] is True  # the events are untouched: only the checkpoint lies
    assert report["checkpoints"]["forged"] == [{"position": FORGED_AT, "problem": "mac"}]
    assert report["checkpoints"]["checked"] == 3


def test_the_forged_checkpoint_is_logged_once_and_stays_for_verify_after_reads_pass_it(
        ledger: Ledger, caplog: pytest.LogCaptureFixture) -> None:
    campaign_id = campaign(ledger)
    zero_mana(ledger.store, campaign_id, FORGED_AT)
    forged = ledger.store.checkpoint_at(campaign_id, FORGED_AT)
    fresh = Ledger(ledger.store, ledger.box, checkpoint_every=ledger.checkpoint_every)
    with caplog.at_level(logging.WARNING, logger="ledger.service.checkpoints"):
        assert ledger.state_at(campaign_id, 34).position == 34
        assert fresh.state(campaign_id).position == 35
    incidents = [(r.campaign_id, r.position, r.problem) for r in caplog.records  # type: ignore[attr-defined]
                 if getattr(r, "incident", None) == "forged-checkpoint"]
    assert incidents == [(campaign_id, FORGED_AT, "mac")]
    assert ledger.store.checkpoint_at(campaign_id, FORGED_AT) == forged


def test_the_verify_command_reports_a_forged_checkpoint(
        ledger: Ledger, store_config: Config, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    campaign_id = campaign(ledger)
    zero_mana(ledger.store, campaign_id, FORGED_AT)
    use_store(monkeypatch, store_config)
    assert main(["verify", campaign_id]) == 1
    out = capsys.readouterr().out
    assert "checkpoints: 3 compared, 0 stale (rebuilt by reads), 1 forged" in out
    assert f"checkpoint at position {FORGED_AT} is forged (mac)" in out


def test_a_sealed_checkpoint_over_a_rewritten_chain_is_forged(
        ledger: Ledger, server: Flask) -> None:
    """An operator rewrites event 25 and rehashes the chain: the checkpoint at 30 keeps its
    seal, but no longer sits at the chain's hash there, so it is not served."""
    campaign_id = campaign(ledger)
    rewrite_event(ledger.store, campaign_id, 25)
    api, token = reader(ledger, campaign_id, server)
    report = api.get(f"/v1/campaigns/{campaign_id}/verify", token=token)
    assert report["checkpoints"]["forged"] == [{"position": FORGED_AT, "problem": "chain"}]
    found = ledger.store.stored_checkpoint(campaign_id, 33)
    assert found is not None
    assert found.position == FORGED_AT
    assert found.head_hash != found.chain_hash


def test_a_checkpoint_without_a_seal_is_stale_and_rebuilt_quietly(
        ledger: Ledger, server: Flask) -> None:
    campaign_id = campaign(ledger)
    sql(ledger.store, "UPDATE ledger_checkpoints SET head_hash=NULL, mac=NULL "
        "WHERE campaign_id=? AND position=?", campaign_id, FORGED_AT)
    api, token = reader(ledger, campaign_id, server)
    before = forgeries_counted(api)
    report = api.get(f"/v1/campaigns/{campaign_id}/verify", token=token)
    assert report["ok"] is True
    assert (report["checkpoints"]["stale"], report["checkpoints"]["forged"]) == ([FORGED_AT], [])
    assert api.get(f"/v1/campaigns/{campaign_id}/state?at=33", token=token).status == 200
    assert forgeries_counted(api) == before
    rebuilt = ledger.store.stored_checkpoint(campaign_id, FORGED_AT)
    assert rebuilt is not None
    assert rebuilt.position == FORGED_AT
    assert ledger.seal.holds(campaign_id, FORGED_AT, rebuilt.head_hash, rebuilt.state, rebuilt.mac)
    again = api.get(f"/v1/campaigns/{campaign_id}/verify", token=token)
    assert (again["checkpoints"]["stale"], again["checkpoints"]["checked"]) == ([], 3)


def test_a_checkpoint_table_from_an_older_version_gains_the_seal_columns(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id = campaign(ledger)
    with store.transaction(write=True) as c:
        for column in ("head_hash", "mac"):
            c.execute(f"ALTER TABLE ledger_checkpoints DROP COLUMN {column}")
        c.execute("DROP TABLE ledger_schema_shape")  # older versions stamped none
    store.setup()
    store.setup()  # a second start finds nothing to add
    found = store.stored_checkpoint(campaign_id, 33)
    assert found is not None
    assert (found.position, found.mac) == (FORGED_AT, None)
    fresh = Ledger(store, ledger.box, checkpoint_every=ledger.checkpoint_every)
    assert encode_state(fresh.state_at(campaign_id, 33)) == encode_state(
        fold(blank(campaign_id), store.read(campaign_id, upto=33)))


def hidden_duplicate(data: bytes, key: str, value: object) -> bytes:
    """The row's data with `key` written twice, the original last: a last-key-wins parser
    (and the hash) reads the original, a first-key-wins parser reads `value`."""
    return b"{" + json.dumps(key).encode() + b":" + json.dumps(value).encode() + b"," + data[1:]


def test_a_stored_row_with_a_key_twice_is_reported_as_tampered(
        ledger: Ledger, server: Flask, store_config: Config, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    campaign_id, _ = played(ledger)
    (spend,) = ledger.store.read(campaign_id, after=4, upto=5)
    doubled = hidden_duplicate(spend.data, "amount", 99)
    assert json.loads(doubled) == msgspec.json.decode(spend.data)  # invisible to a lax parser
    sql(ledger.store, "UPDATE ledger_events SET data=? WHERE campaign_id=? AND position=5",
        doubled, campaign_id)
    api, token = reader(ledger, campaign_id, server)
    report = api.get(f"/v1/campaigns/{campaign_id}/verify", token=token)
    assert report["ok"] is False
    assert report["tampered"] == [{"position": 5, "problem": "duplicate-keys"}]
    assert (report["chain"]["first_break"], report["chain"]["problem"]) == (5, "duplicate-keys")
    state = api.get(f"/v1/campaigns/{campaign_id}/state", token=token)
    assert state.status == 500
    assert (state["type"].rsplit("/", 1)[1], state["position"]) == ("history-damaged", 5)
    use_store(monkeypatch, store_config)
    assert main(["verify", campaign_id]) == 1
    assert "breaks at position 5 (its data has a key twice)" in capsys.readouterr().out
