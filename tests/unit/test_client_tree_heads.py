"""A signed tree head received outside the client's own calls (a webhook delivery) goes to
its witness through `Client.observe_tree_head` (docs/client.md)."""

from __future__ import annotations

import pytest
from campaign_ledger_client import Client, HistoryRewritten, Witness

HEAD = {"campaign_id": "cmp_x", "tree_size": 3, "root_hash": "aa" * 32, "head_hash": "bb" * 32,
        "timestamp": "2030-01-01T00:00:00.000000Z", "key_id": "cc" * 32,
        "algorithm": "Ed25519", "signature": "dd" * 64}


def test_an_observed_tree_head_is_kept_by_the_witness() -> None:
    witness = Witness()
    Client("http://ledger.invalid", witness=witness).observe_tree_head(HEAD)
    assert witness.saved("cmp_x") == HEAD


def test_an_observed_head_of_the_same_size_with_another_root_is_a_rewrite() -> None:
    witness = Witness()
    client = Client("http://ledger.invalid", witness=witness)
    client.observe_tree_head(HEAD)
    with pytest.raises(HistoryRewritten):
        client.observe_tree_head({**HEAD, "root_hash": "ee" * 32})
