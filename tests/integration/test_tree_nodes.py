"""The stored Merkle tree on both stores: imports build it, old stores get it built, and a
history rewritten and re-signed by the operator fails the consistency proof a witness asks
for. Roots are checked with the independent verifier in tests/rfc9162.py."""

from __future__ import annotations

import msgspec

from ledger.adapters.export_format import read_history
from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.signing import HeadSigner, tree_head_ok
from ledger.adapters.store.base import EventStore
from ledger.domain.chain import GENESIS, chain_hash
from ledger.domain.record import Record
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


def _chained(campaign_id: str, count: int) -> list[Record]:
    prev, out = GENESIS, []
    for position in range(1, count + 1):
        draft = Record(campaign_id, position, "NoteAdded", 1, b'{"text":"n"}',
                       "2026-01-01T00:00:00.000000Z", "gm", "tok", None, "cor", None, 0, 0, "")
        out.append(msgspec.structs.replace(draft, hash=chain_hash(prev, draft)))
        prev = out[-1].hash
    return out


def test_node_rows_written_by_large_and_small_appends_give_the_rfc_root(store: EventStore) -> None:
    # One append of 100 events completes ten stored nodes (levels 4 to 6); of the appends
    # after it, most complete none that is stored (the lower levels derive from the events).
    records = _chained("cmp_tree_sizes", 110)
    store.append(records[:100])
    for record in records[100:]:
        store.append([record])
    fresh_nodes(store)
    leaves = [bytes.fromhex(r.hash) for r in records]
    for size in (1, 64, 99, 100, 101, 105, 110):
        head = receipts.tree_head(store, SIGNER, "cmp_tree_sizes", size)
        assert bytes.fromhex(head.root_hash) == rfc9162.mth(leaves[:size]), size


def test_one_append_larger_than_a_statement_stores_every_event_and_node(
        store: EventStore) -> None:
    """An append of more rows than one INSERT carries (SQLite splits it into several; on
    PostgreSQL its 134 nodes go as arrays) keeps every event and every stored Merkle node:
    the root read back by a fresh worker is the RFC one."""
    records = _chained("cmp_big_append", 1100)
    store.append(records)
    fresh_nodes(store)
    assert [r.position for r in store.read("cmp_big_append")] == list(range(1, 1101))
    leaves = [bytes.fromhex(r.hash) for r in records]
    head = receipts.tree_head(store, SIGNER, "cmp_big_append")
    assert bytes.fromhex(head.root_hash) == rfc9162.mth(leaves)
    with store.transaction(write=False) as c:
        c.execute(store.q("SELECT COUNT(*) FROM ledger_tree_nodes WHERE campaign_id=?"),
                  ("cmp_big_append",))
        # Every complete, aligned subtree from level 4 up: 68 of 16 leaves, 34 of 32 ...
        # one of 1,024; the levels below derive from the events.
        assert c.fetchone()[0] == sum(1100 >> level for level in range(4, 11)) == 134
