"""The campaign Merkle tree (ledger/merkle.py) against RFC 9162, checked by an independent
verifier (tests/rfc9162.py) over every size and index of small trees."""

from __future__ import annotations

import hashlib

import pytest

from ledger.domain import merkle
from tests import rfc9162


def chain_hashes(n: int) -> list[str]:
    return [hashlib.sha256(f"event {i}".encode()).hexdigest() for i in range(n)]


def stored(n: int) -> dict[merkle.Key, bytes]:
    return dict(merkle.all_nodes(chain_hashes(n)))


def leaves(n: int) -> list[bytes]:
    return [bytes.fromhex(h) for h in chain_hashes(n)]


@pytest.mark.parametrize("n", range(0, 40))
def test_root_of_stored_nodes_is_the_rfc_tree_hash(n: int) -> None:
    nodes = stored(n)
    assert merkle.root(nodes.__getitem__, n) == rfc9162.mth(leaves(n))


def test_a_tree_stores_each_complete_subtree_once() -> None:
    nodes = stored(13)
    assert len(nodes) == 13 + 6 + 3 + 1  # levels 0..3 of 13 leaves


@pytest.mark.parametrize("n", range(1, 34))
def test_inclusion_proof_of_every_leaf_verifies(n: int) -> None:
    nodes, data = stored(n), leaves(n)
    top = rfc9162.mth(data)
    for m in range(n):
        path = merkle.inclusion(nodes.__getitem__, m, n)
        assert rfc9162.verify_inclusion(m, n, data[m], path, top)


def test_an_inclusion_proof_for_the_wrong_leaf_fails() -> None:
    nodes, data = stored(11), leaves(11)
    path = merkle.inclusion(nodes.__getitem__, 3, 11)
    assert not rfc9162.verify_inclusion(3, 11, data[4], path, rfc9162.mth(data))


@pytest.mark.parametrize("new", range(1, 34))
def test_consistency_proof_between_every_pair_of_sizes_verifies(new: int) -> None:
    nodes, data = stored(new), leaves(new)
    for old in range(1, new + 1):
        proof = merkle.consistency(nodes.__getitem__, old, new)
        assert rfc9162.verify_consistency(old, new, rfc9162.mth(data[:old]), rfc9162.mth(data),
                                          proof)


def test_a_rewritten_history_fails_the_consistency_proof() -> None:
    """The operator rewrites event 3 and rebuilds the tree: the old root no longer fits."""
    honest = leaves(9)
    forged_hashes = chain_hashes(9)
    forged_hashes[2] = hashlib.sha256(b"forged").hexdigest()
    forged = dict(merkle.all_nodes(forged_hashes))
    proof = merkle.consistency(forged.__getitem__, 5, 9)
    forged_root = merkle.root(forged.__getitem__, 9)
    assert not rfc9162.verify_consistency(5, 9, rfc9162.mth(honest[:5]), forged_root, proof)


def test_appending_in_batches_builds_the_same_nodes() -> None:
    hashes = chain_hashes(21)
    edge: dict[merkle.Key, bytes] = {}
    built: dict[merkle.Key, bytes] = {}
    size = 0
    for batch in (hashes[:1], hashes[1:8], hashes[8:9], hashes[9:21]):
        new = merkle.append(edge, size, [merkle.leaf_hash(h) for h in batch])
        built.update(new)
        size += len(batch)
        edge = {key: built[key] for key in merkle.frontier(size)}
    assert built == dict(merkle.all_nodes(hashes))


def test_proofs_read_few_stored_nodes() -> None:
    """A proof at 100,000 leaves reads O(log n) stored nodes, never the history."""
    n = 100_000
    needed = merkle.keys_needed(lambda get: merkle.inclusion(get, 4242, n))
    assert len(needed) <= 2 * n.bit_length()
    needed = merkle.keys_needed(lambda get: merkle.consistency(get, 77_777, n))
    assert len(needed) <= 2 * n.bit_length()


@pytest.mark.parametrize("n", [1, 5, 16, 17, 31, 32, 48, 100])
def test_nodes_below_a_level_derive_from_their_blocks_events(n: int) -> None:
    """A store that keeps only the nodes from level 4 up derives the rest from each aligned
    block of 16 events (ledger/adapters/store/tree.py): the same hashes as the full tree."""
    hashes = chain_hashes(n)
    every = stored(n)
    derived: dict[merkle.Key, bytes] = {}
    for first in range(0, n, 16):
        derived.update(merkle.block_nodes(first, hashes[first:first + 16], 4))
    assert derived == {key: value for key, value in every.items() if key[0] < 4}
