"""A campaign's Merkle tree (RFC 9162 §2.1): the tree hash, inclusion and consistency proofs.

The leaves are the events' chain hashes in position order (leaf index = position - 1).
Only complete, aligned subtrees are stored, as nodes `(level, index)` covering leaves
`[index * 2**level, (index + 1) * 2**level)`; they never change once written, so a proof
reads O(log n) of them and never rehashes the history. The hash of any other range is
built from stored nodes, exactly as RFC 9162 splits a range: at the largest power of two
below its size. Pure: node lookups are passed in (the store keeps the nodes from level 4
up and derives the lower ones from their events with `block_nodes`: tree.py).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator

Key = tuple[int, int]  # (level, index) of a complete, aligned subtree
Lookup = Callable[[Key], bytes]
EMPTY_ROOT = hashlib.sha256(b"").digest()


def leaf_hash(chain_hash: str) -> bytes:
    return hashlib.sha256(b"\x00" + bytes.fromhex(chain_hash)).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def _split(size: int) -> int:
    """The largest power of two smaller than `size` (size > 1)."""
    return 1 << ((size - 1).bit_length() - 1)


def frontier(size: int) -> list[Key]:
    """The complete subtrees a tree of `size` leaves splits into, left to right: the nodes
    an append needs."""
    keys, offset = [], 0
    for level in range(size.bit_length() - 1, -1, -1):
        if size >> level & 1:
            keys.append((level, offset >> level))
            offset += 1 << level
    return keys


def append(edge: dict[Key, bytes], size: int, leaves: Iterable[bytes]) -> dict[Key, bytes]:
    """The nodes completed by appending `leaves` to a tree of `size` leaves, whose
    frontier nodes `edge` holds. Returns every new node (leaves included)."""
    known = dict(edge)
    new: dict[Key, bytes] = {}
    for leaf in leaves:
        level, index, value = 0, size, leaf
        new[(level, index)] = known[(level, index)] = value
        while index & 1:  # a right child: its left sibling is complete, so the parent is too
            value = node_hash(known[(level, index - 1)], value)
            level, index = level + 1, index >> 1
            new[(level, index)] = known[(level, index)] = value
        size += 1
    return new


def subtree(lookup: Lookup, start: int, end: int) -> bytes:
    """MTH(D[start:end]) for a range that begins on a boundary of its own split."""
    count = end - start
    if count == 0:
        return EMPTY_ROOT
    if count & (count - 1) == 0 and start % count == 0:
        return lookup((count.bit_length() - 1, start // count))
    k = _split(count)
    return node_hash(subtree(lookup, start, start + k), subtree(lookup, start + k, end))


def root(lookup: Lookup, size: int) -> bytes:
    """MTH(D[0:size]): the frontier's subtrees folded right to left, which is where
    RFC 9162's splits land, without recursing (every receipt computes one)."""
    if size == 0:
        return EMPTY_ROOT
    peaks = [lookup(key) for key in frontier(size)]
    value = peaks.pop()
    while peaks:
        value = node_hash(peaks.pop(), value)
    return value


def inclusion(lookup: Lookup, index: int, size: int) -> list[bytes]:
    """PATH(index, D[0:size]) of RFC 9162 §2.1.3.1, leaf-side first."""
    if not 0 <= index < size:
        raise ValueError("the leaf index must be below the tree size")

    # RFC 9162's recursion unrolled: walk down from the root, taking the sibling range
    # at each split, then give the siblings leaf-side first.
    siblings, start, end = [], 0, size
    while end - start > 1:
        k = _split(end - start)
        if index - start < k:
            siblings.append(subtree(lookup, start + k, end))
            end = start + k
        else:
            siblings.append(subtree(lookup, start, start + k))
            start += k
    siblings.reverse()
    return siblings


def consistency(lookup: Lookup, old: int, new: int) -> list[bytes]:
    """PROOF(old, D[0:new]) of RFC 9162 §2.1.4.1 (empty when old is 0 or equals new)."""
    if not 0 <= old <= new:
        raise ValueError("the old size must not exceed the new size")
    if old in (0, new):
        return []

    def sub(m: int, start: int, end: int, whole: bool) -> list[bytes]:
        if m == end - start:
            return [] if whole else [subtree(lookup, start, end)]
        k = _split(end - start)
        if m <= k:
            return [*sub(m, start, start + k, whole), subtree(lookup, start + k, end)]
        return [*sub(m - k, start + k, end, False), subtree(lookup, start, start + k)]

    return sub(old, 0, new, True)


def keys_needed(compute: Callable[[Lookup], object]) -> set[Key]:
    """The stored nodes a computation reads: run it once against a recording lookup, so
    the caller can fetch them in one query."""
    seen: set[Key] = set()

    def record(key: Key) -> bytes:
        seen.add(key)
        return bytes(32)

    compute(record)
    return seen


def all_nodes(chain_hashes: Iterable[str]) -> Iterator[tuple[Key, bytes]]:
    """Every node of the tree over these leaves, in append order (to build a missing tree)."""
    edge: dict[Key, bytes] = {}
    for size, chain_hash in enumerate(chain_hashes):
        new = append(edge, size, [leaf_hash(chain_hash)])
        yield from new.items()
        known = {**edge, **new}
        edge = {key: known[key] for key in frontier(size + 1)}


def block_nodes(first: int, chain_hashes: list[str], below: int) -> dict[Key, bytes]:
    """The complete nodes under level `below` over consecutive leaves, the first at leaf
    index `first` (a multiple of 2**below, so that the pairs here are the tree's): what a
    store that keeps only the nodes from level `below` up derives from the events."""
    nodes: dict[Key, bytes] = {}
    values = [leaf_hash(h) for h in chain_hashes]
    for level in range(below):
        base = first >> level
        nodes.update({(level, base + i): value for i, value in enumerate(values)})
        values = [node_hash(values[i], values[i + 1]) for i in range(0, len(values) - 1, 2)]
    return nodes
