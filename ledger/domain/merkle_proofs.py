"""Checking a Merkle consistency proof (RFC 9162 §2.1.4.2): that a tree of `second` leaves
extends the one of `first` leaves, given both roots. Used where one campaign vouches for
another's past (a fork's origin, docs/forks.md)."""

from __future__ import annotations

from ledger.domain.merkle import node_hash


def consistent(first: int, second: int, first_root: bytes, second_root: bytes,
               proof: list[bytes]) -> bool:
    if first == second:
        return not proof and first_root == second_root
    if not 0 < first < second or not proof:
        return False
    if first & (first - 1) == 0:  # a complete subtree: its root starts the proof
        proof = [first_root, *proof]
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = proof[0]
    for c in proof[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr, sr = node_hash(c, fr), node_hash(c, sr)
            while fn and not fn & 1:
                fn, sn = fn >> 1, sn >> 1
        else:
            sr = node_hash(sr, c)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and fr == first_root and sr == second_root
