"""The client as a witness of the history (client witness.py, docs/trust.md): it keeps the
newest signed tree head it sees in write receipts, `signed_head()` and the feed, checks
each newer one with a consistency proof, and catches a rewritten, re-signed history."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import msgspec
import pytest
from campaign_ledger_client import Client, Feed, HistoryRewritten, Witness

from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.signing import HeadSigner
from ledger.service.audit import receipts
from tests.conftest import SECRET_KEY, make_store
from tests.e2e.client_fixtures import Served, served
from tests.forgery import rewrite_event
from tests.waiting import wait_until

__all__ = ["served"]


def witnessed(served: Served, heads: Path) -> tuple[Client, str, str]:
    created = Client(served.url).create_campaign("Witnessed")
    key = Client(served.url).signing_key()["public_key"]
    gm = Client(served.url, created.gm_token, witness=Witness(heads, public_key=key))
    campaign = gm.campaign(created.id)
    mara = campaign.register_character({"name": "Mara", "mana": {"current": 20, "max": 20}})
    return gm, created.id, str(mara.resource["id"])


def test_the_client_keeps_the_newest_head_it_saw_and_checks_each_newer_one(
        served: Served, tmp_path: Path) -> None:
    heads = tmp_path / "heads.json"
    gm, campaign_id, mara = witnessed(served, heads)
    character = gm.campaign(campaign_id).character(mara)
    for _ in range(5):
        character.spend("mana", 1)
    saved = json.loads(heads.read_text())[campaign_id]
    head = gm.campaign(campaign_id).signed_head()
    assert saved == head["tree_head"]
    assert saved["tree_size"] == head["position"] == 7


def test_the_feed_shows_the_client_tree_heads(served: Served, tmp_path: Path) -> None:
    heads = tmp_path / "heads.json"
    gm, campaign_id, mara = witnessed(served, heads)
    reader = Client(served.url, gm._transport.token, witness=Witness(tmp_path / "feed.json"))
    gm.campaign(campaign_id).character(mara).spend("mana", 1)
    failures: list[BaseException] = []

    def follow(feed: Feed) -> None:
        try:
            for _ in feed:
                pass
        except BaseException as exc:  # asserted below, in the test's thread
            failures.append(exc)

    with reader.campaign(campaign_id).feed(after=0, read_timeout=30) as feed:
        following = threading.Thread(target=follow, args=(feed,), daemon=True)
        following.start()
        # Heartbeats (1 s here) carry the tree head of what the feed has sent.
        wait_until(lambda: (tmp_path / "feed.json").exists(), "a tree head from the feed")
    # Closed from this thread, the feed ends in the reading thread without an error.
    following.join(timeout=60)
    assert not following.is_alive()
    assert failures == []
    assert campaign_id in json.loads((tmp_path / "feed.json").read_text())


def test_a_history_rewritten_and_resigned_by_the_operator_is_caught(
        served: Served, tmp_path: Path) -> None:
    heads = tmp_path / "heads.json"
    gm, campaign_id, mara = witnessed(served, heads)
    for _ in range(4):
        gm.campaign(campaign_id).character(mara).spend("mana", 1)
    saved = json.loads(heads.read_text())[campaign_id]
    # The operator edits event 3 with the database and the server key in hand: every hash
    # after it is recomputed, the tree rebuilt and the new head signed with the real key.
    store = make_store(served.config)
    try:
        rewrite_event(store, campaign_id, 3)
        signer = HeadSigner(SecretBox(bytes.fromhex(SECRET_KEY)))
        forged = msgspec.to_builtins(receipts.tree_head(store, signer, campaign_id))
        forged_size = forged["tree_size"]

        def forged_proof(cid: str, first: int, second: int) -> list[str]:
            return receipts.consistency(store, cid, first, second).path

        witness = Witness(heads, public_key=Client(served.url).signing_key()["public_key"])
        with pytest.raises(HistoryRewritten) as caught:
            witness.observe(forged, forged_proof)
        assert caught.value.saved == saved
        assert caught.value.seen == forged
        assert forged_size >= saved["tree_size"]
    finally:
        store.close()
