"""Webhooks that subscribe to signed tree heads (`tree_heads: true`): each delivery carries
the head at its event, so a third party keeps heads and checks each newer one with a
consistency proof, as the client's witness does (docs/feed-and-webhooks.md, docs/trust.md)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from campaign_ledger_client import HistoryRewritten, Witness

from tests.api_client import ApiClient
from tests.e2e.test_webhooks import Receiver, _gains, runner
from tests.waiting import wait_until

__all__ = ["runner"]


def proofs(api: ApiClient) -> Callable[[str, int, int], list[str]]:
    def consistency(campaign_id: str, first: int, second: int) -> list[str]:
        answer = api.get(f"/v1/campaigns/{campaign_id}/proofs/consistency?from={first}"
                         f"&to={second}")
        path: list[str] = answer["path"]
        return path
    return consistency


def test_a_tree_head_subscription_delivers_the_signed_head_at_each_event(
        api: ApiClient, runner: Callable[[], None]) -> None:
    heads, plain = Receiver(lambda n, body: False), Receiver(lambda n, body: False)
    api.new_campaign()
    mara = api.new_character(mana={"current": 0, "max": 50})
    made = api.post(api.c("/webhooks"), {"url": heads.url, "types": ["ResourceGained"],
                                         "tree_heads": True})
    assert made.status == 201
    assert made["tree_heads"] is True
    assert api.post(api.c("/webhooks"), {"url": plain.url, "types": ["*"]})["tree_heads"] is False
    runner()
    _gains(api, mara, 3)
    wait_until(lambda: len(heads.accepted()) == 3 and len(plain.accepted()) == 3,
               "three deliveries to each receiver")
    key = api.get("/v1/signing-key")["public_key"]
    witness = Witness(public_key=key)  # in memory: the third party's store of heads
    for body in heads.accepted():
        head, event = body["tree_head"], body["event"]
        assert (head["campaign_id"], head["tree_size"], head["head_hash"]) == (
            api.campaign, event["position"], event["hash"])
        witness.observe(head, proofs(api))  # signed by the key, and extends the one before
    assert witness.saved(api.campaign) == heads.accepted()[-1]["tree_head"]
    assert api.get(api.c("/head"))["tree_head"] == heads.accepted()[-1]["tree_head"]
    assert all("tree_head" not in body for body in plain.accepted())


def test_a_kept_head_catches_a_delivered_head_that_does_not_extend_it(
        api: ApiClient, runner: Callable[[], None]) -> None:
    receiver = Receiver(lambda n, body: False)
    api.new_campaign()
    mara = api.new_character(mana={"current": 0, "max": 50})
    api.post(api.c("/webhooks"), {"url": receiver.url, "types": ["*"], "tree_heads": True})
    runner()
    _gains(api, mara, 2)
    wait_until(lambda: len(receiver.accepted()) == 2, "two deliveries")
    first, second = (body["tree_head"] for body in receiver.accepted())
    witness = Witness()
    witness.observe(second, proofs(api))
    # Another history's head of the same size: what a rewritten store would deliver.
    other = {**second, "root_hash": first["root_hash"]}
    with pytest.raises(HistoryRewritten) as caught:
        witness.observe(other, proofs(api))
    assert (caught.value.saved, caught.value.seen) == (second, other)
