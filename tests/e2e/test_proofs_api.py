"""Receipts, signed tree heads and Merkle proofs over HTTP, on both stores, checked with the
independent RFC 9162 verifier in tests/rfc9162.py (never the server's code)."""

from __future__ import annotations

from typing import Any

from ledger.adapters.signing import TreeHead, tree_head_ok
from tests import rfc9162
from tests.api_client import ApiClient


def play(api: ApiClient, writes: int = 12) -> list[dict[str, Any]]:
    """A campaign with a character and `writes` spends; every write answer."""
    created = api.post("/v1/campaigns", {"name": "Witnessed"}, token="")
    assert created.status == 201, created
    api.campaign, api.token = created["campaign"]["id"], created["gm_token"]
    answers = [created]
    mara = api.new_character(name="Mara", mana={"current": 99, "max": 99})
    for _ in range(writes):
        answers.append(api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 1}))
    answers.append(api.post(api.c("/clock/start-session")))
    return answers


def root(receipt: dict[str, Any]) -> bytes:
    return bytes.fromhex(receipt["tree_head"]["root_hash"])


def public_key(api: ApiClient) -> str:
    key: str = api.get("/v1/signing-key")["public_key"]
    return key


def test_every_write_answer_carries_a_receipt_that_verifies(api: ApiClient) -> None:
    key = public_key(api)
    for answer in play(api):
        receipt = answer["receipt"]
        head = receipt["tree_head"]
        assert head["tree_size"] == answer["position"]
        assert head["head_hash"] == answer["events"][-1]["hash"]
        assert tree_head_ok(TreeHead(**head), key)
        assert [i["position"] for i in receipt["inclusions"]] == [
            e["position"] for e in answer["events"]]
        for inclusion, event in zip(receipt["inclusions"], answer["events"], strict=True):
            assert rfc9162.verify_inclusion(
                inclusion["leaf_index"], head["tree_size"], bytes.fromhex(event["hash"]),
                [bytes.fromhex(p) for p in inclusion["path"]], root(receipt))


def test_the_tree_head_is_the_same_however_it_is_asked_for(api: ApiClient) -> None:
    answers = play(api, writes=3)
    head = api.get(api.c("/head"))
    assert head["tree_head"] == answers[-1]["receipt"]["tree_head"]
    # Today's signed head is still there, unchanged, for heads saved before tree heads.
    assert head["position"] == answers[-1]["position"]
    assert head["head_hash"] == answers[-1]["events"][-1]["hash"]


def test_consistency_proofs_link_every_earlier_receipt_to_the_head(api: ApiClient) -> None:
    answers = play(api)
    newest = answers[-1]["receipt"]
    for answer in answers[:-1]:
        old = answer["receipt"]["tree_head"]
        proof = api.get(api.c(f"/proofs/consistency?from={old['tree_size']}"))
        assert proof.status == 200, proof
        assert proof["second"] == newest["tree_head"]["tree_size"]
        assert rfc9162.verify_consistency(
            old["tree_size"], proof["second"], bytes.fromhex(old["root_hash"]), root(newest),
            [bytes.fromhex(p) for p in proof["path"]])


def test_inclusion_proofs_of_every_event_at_an_earlier_size(api: ApiClient) -> None:
    answers = play(api)
    middle = answers[len(answers) // 2]["receipt"]["tree_head"]
    size = middle["tree_size"]
    events = api.get(api.c("/events?limit=200"))["events"]
    for event in events[:size]:
        proof = api.get(api.c(f"/proofs/inclusion?position={event['position']}&size={size}"))
        assert proof.status == 200, proof
        assert proof["chain_hash"] == event["hash"]
        assert rfc9162.verify_inclusion(
            proof["leaf_index"], size, bytes.fromhex(event["hash"]),
            [bytes.fromhex(p) for p in proof["path"]], bytes.fromhex(middle["root_hash"]))


def test_proofs_past_the_head_are_refused_naming_the_field(api: ApiClient) -> None:
    answers = play(api, writes=2)
    head = answers[-1]["position"]
    answer = api.get(api.c(f"/proofs/inclusion?position={head + 1}"))
    assert (answer.status, answer["rule"], list(answer["errors"])) == (
        422, "position-out-of-range", ["position"])
    answer = api.get(api.c(f"/proofs/consistency?from=2&to={head + 5}"))
    assert (answer.status, answer["rule"], list(answer["errors"])) == (
        422, "tree-size-out-of-range", ["to"])
    answer = api.get(api.c("/proofs/consistency?from=0"))
    assert answer.status == 422
    answer = api.get(api.c("/proofs/inclusion"))
    assert (answer.status, answer["rule"], list(answer["errors"])) == (
        422, "field-required", ["position"])


def test_a_replayed_write_derives_the_same_receipt(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(mana={"current": 9, "max": 9})
    path = api.c(f"/characters/{mara}/mana/spend")
    key = "r" * 32
    first = api.post(path, {"amount": 1}, headers={"Idempotency-Key": key})
    api.post(path, {"amount": 1})
    again = api.post(path, {"amount": 1}, headers={"Idempotency-Key": key})
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again["receipt"] == first["receipt"]
