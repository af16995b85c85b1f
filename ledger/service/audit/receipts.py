"""Signed tree heads, Merkle proofs and write receipts, read from a store (docs/trust.md).

A receipt is the signed tree head at the position a write recorded, with the inclusion
proof of each event it recorded. Everything here is deterministic: the same history gives
the same heads, proofs and receipts, so a replayed write's receipt equals the first one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import msgspec

from ledger.adapters.signing import HeadSigner, TreeHead
from ledger.adapters.store.base import EventStore
from ledger.domain import merkle
from ledger.domain.errors import InvalidInput, NotFound

T = TypeVar("T")


class Inclusion(msgspec.Struct, frozen=True, kw_only=True):
    position: int
    tree_size: int
    leaf_index: int  # position - 1
    chain_hash: str  # the leaf: hashed as SHA-256(0x00 || chain hash bytes)
    path: list[str]


class Consistency(msgspec.Struct, frozen=True, kw_only=True):
    first: int
    second: int
    path: list[str]


class Receipt(msgspec.Struct, frozen=True, kw_only=True):
    tree_head: TreeHead
    inclusions: list[Inclusion]


class _NotRecent(Exception):
    """A node the campaign's last append did not touch."""


def _computed(store: EventStore, campaign_id: str, size: int,
              compute: Callable[[merkle.Lookup], T]) -> T:
    """Run `compute` over the stored nodes it reads. A write's receipt finds them all among
    the nodes its append just touched; otherwise they are fetched in one query, named by
    a first run against a recording lookup."""
    recent = store.tree.recent(campaign_id)

    def cached(key: merkle.Key) -> bytes:
        try:
            return recent[key]
        except KeyError:
            raise _NotRecent from None

    if recent:
        try:
            return compute(cached)
        except _NotRecent:
            pass
    found = store.tree.lookup(campaign_id, merkle.keys_needed(compute), size)
    return compute(found.__getitem__)


def _proof(get: merkle.Lookup, position: int, size: int, chain_hash: str) -> Inclusion:
    path = merkle.inclusion(get, position - 1, size)
    return Inclusion(position=position, tree_size=size, leaf_index=position - 1,
                     chain_hash=chain_hash, path=[p.hex() for p in path])


def _head(store: EventStore, campaign_id: str) -> int:
    head = store.head(campaign_id)
    if head == 0:
        raise NotFound("campaign", campaign_id)
    return head


def _size(store: EventStore, campaign_id: str, size: int | None, field: str) -> int:
    head = _head(store, campaign_id)
    if size is None:
        return head
    if not 1 <= size <= head:
        raise InvalidInput("tree-size-out-of-range",
                            f"{field} must be from 1 to the head position {head}", field=field)
    return size


def tree_head(store: EventStore, signer: HeadSigner, campaign_id: str,
              size: int | None = None) -> TreeHead:
    size = _size(store, campaign_id, size, "size")
    record = store.read(campaign_id, after=size - 1, upto=size)[0]
    root = _computed(store, campaign_id, size, lambda get: merkle.root(get, size))
    return signer.sign_tree(campaign_id, size, root.hex(), record.hash, record.recorded_at)


def _required(value: int | None, field: str) -> int:
    if value is None:
        raise InvalidInput("field-required", f"{field} is required", field=field)
    return value


def inclusion(store: EventStore, campaign_id: str, position: int | None,
              size: int | None = None) -> Inclusion:
    position = _required(position, "position")
    size = _size(store, campaign_id, size, "size")
    if not 1 <= position <= size:
        raise InvalidInput("position-out-of-range",
                            f"position must be from 1 to the tree size {size}", field="position")

    record = store.read(campaign_id, after=position - 1, upto=position)[0]
    return _computed(store, campaign_id, size,
                     lambda get: _proof(get, position, size, record.hash))


def consistency(store: EventStore, campaign_id: str, first: int | None,
                second: int | None) -> Consistency:
    first = _required(first, "from")
    second = _size(store, campaign_id, second, "to")
    if not 1 <= first <= second:
        raise InvalidInput("tree-size-out-of-range",
                            f"from must be from 1 to `to` ({second})", field="from")

    path = _computed(store, campaign_id, second,
                     lambda get: merkle.consistency(get, first, second))
    return Consistency(first=first, second=second, path=[p.hex() for p in path])


def receipt(store: EventStore, signer: HeadSigner, campaign_id: str, size: int,
            positions: Sequence[int], hashes: Sequence[str],
            head_recorded_at: str | None = None) -> Receipt:
    """The receipt of a write that recorded `positions` (with these chain hashes) and left
    the campaign at `size`. A write that knows when its last event was recorded passes it,
    and its nodes are still cached: then nothing is read from the store."""

    def compute(get: merkle.Lookup) -> tuple[bytes, list[Inclusion]]:
        return merkle.root(get, size), [_proof(get, p, size, h)
                                        for p, h in zip(positions, hashes, strict=True)]

    root, inclusions = _computed(store, campaign_id, size, compute)
    if head_recorded_at is not None and positions and positions[-1] == size:
        head_hash, recorded_at = hashes[-1], head_recorded_at
    else:
        head_record = store.read(campaign_id, after=size - 1, upto=size)[0]
        head_hash, recorded_at = head_record.hash, head_record.recorded_at
    head = signer.sign_tree(campaign_id, size, root.hex(), head_hash, recorded_at)
    return Receipt(tree_head=head, inclusions=inclusions)


def tree_root(store: EventStore, campaign_id: str, size: int) -> str:
    """The campaign's Merkle root at `size` (hex), unsigned."""
    return _computed(store, campaign_id, size, lambda get: merkle.root(get, size)).hex()
