"""An independent check of Merkle proofs, written from RFC 9162 alone (not the server's code):
the naive tree hash of §2.1.1 and the verification algorithms of §2.1.3.2 and §2.1.4.2."""

from __future__ import annotations

import hashlib


def mth(leaves: list[bytes]) -> bytes:
    """MTH(D[n]) over raw leaf inputs (§2.1.1)."""
    n = len(leaves)
    if n == 0:
        return hashlib.sha256(b"").digest()
    if n == 1:
        return hashlib.sha256(b"\x00" + leaves[0]).digest()
    k = 1
    while k * 2 < n:
        k *= 2
    return hashlib.sha256(b"\x01" + mth(leaves[:k]) + mth(leaves[k:])).digest()


def _node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def verify_inclusion(leaf_index: int, tree_size: int, leaf_input: bytes, path: list[bytes],
                     root: bytes) -> bool:
    """§2.1.3.2, step by step."""
    if leaf_index >= tree_size:
        return False
    fn, sn = leaf_index, tree_size - 1
    r = hashlib.sha256(b"\x00" + leaf_input).digest()
    for p in path:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = _node(p, r)
            if not fn & 1:
                while fn and not fn & 1:
                    fn >>= 1
                    sn >>= 1
        else:
            r = _node(r, p)
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == root


def verify_consistency(first: int, second: int, first_hash: bytes, second_hash: bytes,
                       proof: list[bytes]) -> bool:
    """§2.1.4.2, step by step."""
    if first == second:
        return not proof and first_hash == second_hash
    if first == 0 or first > second or not proof:
        return False
    if first & (first - 1) == 0:  # a power of two: prepend first_hash
        proof = [first_hash, *proof]
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = proof[0]
    for c in proof[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr = _node(c, fr)
            sr = _node(c, sr)
            if not fn & 1:
                while fn and not fn & 1:
                    fn >>= 1
                    sn >>= 1
        else:
            sr = _node(sr, c)
        fn >>= 1
        sn >>= 1
    return fr == first_hash and sr == second_hash and sn == 0
