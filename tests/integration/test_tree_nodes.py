"""The stored Merkle tree on both stores: imports build it, old stores get it built, and a
history rewritten and re-signed by the operator fails the consistency proof a witness asks
for. Roots are checked with the independent verifier in tests/rfc9162.py."""

from __future__ import annotations

from ledger.adapters.export_format import read_history
from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.signing import HeadSigner, tree_head_ok
from ledger.adapters.store.base import EventStore
from ledger.service.audit import receipts
from ledger.service.audit.importing import import_history
from tests import rfc9162
from tests.forgery import rewrite_event
from tests.golden.harness import SERVER_KEY
from tests.golden.record import HISTORY

SIGNER = HeadSigner(SecretBox(bytes.fromhex(SERVER_KEY)))


def imported(store: EventStore) -> tuple[str, list[bytes]]:
    with HISTORY.open("rb") as handle:
        done = import_history(store, read_history(handle), checkpoint_every=10)
    leaves = [bytes.fromhex(r.hash) for r in store.read(done.campaign_id)]
    return done.campaign_id, leaves


def fresh_nodes(store: EventStore) -> None:
    """Forget the process's cached nodes, as a new worker would."""
    store.__dict__.pop("tree", None)


def test_an_imported_history_has_the_rfc_root_at_every_size(store: EventStore) -> None:
    campaign_id, leaves = imported(store)
    fresh_nodes(store)
    for size in range(1, len(leaves) + 1):
        head = receipts.tree_head(store, SIGNER, campaign_id, size)
        assert bytes.fromhex(head.root_hash) == rfc9162.mth(leaves[:size]), size


def test_a_store_written_before_trees_gets_its_nodes_built(store: EventStore) -> None:
    campaign_id, leaves = imported(store)
    before = receipts.tree_head(store, SIGNER, campaign_id)
    with store.transaction(write=True) as c:
        c.execute(store.q("DELETE FROM ledger_tree_nodes WHERE campaign_id=?"), (campaign_id,))
    fresh_nodes(store)
    assert receipts.tree_head(store, SIGNER, campaign_id) == before
    proof = receipts.inclusion(store, campaign_id, 7)
    assert rfc9162.verify_inclusion(6, len(leaves), leaves[6],
                                    [bytes.fromhex(p) for p in proof.path],
                                    bytes.fromhex(before.root_hash))


def test_a_rewritten_and_resigned_history_fails_the_witness_consistency_check(
        store: EventStore) -> None:
    campaign_id, leaves = imported(store)
    saved = receipts.tree_head(store, SIGNER, campaign_id, 20)  # a witness kept this head
    honest = receipts.consistency(store, campaign_id, 20, len(leaves))
    assert rfc9162.verify_consistency(20, len(leaves), bytes.fromhex(saved.root_hash),
                                      rfc9162.mth(leaves), [bytes.fromhex(p) for p in honest.path])
    # The operator edits event 5, recomputes every hash after it and rebuilds the tree.
    rewrite_event(store, campaign_id, 5)
    forged = receipts.tree_head(store, SIGNER, campaign_id)
    proof = receipts.consistency(store, campaign_id, 20, forged.tree_size)
    assert not rfc9162.verify_consistency(20, forged.tree_size, bytes.fromhex(saved.root_hash),
                                          bytes.fromhex(forged.root_hash),
                                          [bytes.fromhex(p) for p in proof.path])
    # The operator holds the key, so the forged head is signed as well as the honest one was.
    assert tree_head_ok(forged, SIGNER.public_key)
