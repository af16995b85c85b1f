"""A witness of each campaign's history: keeps the newest signed tree head it has seen and
checks that every newer one extends it (RFC 9162 consistency proofs), in plain Python.

    witness = Witness("heads.json")                 # or Witness(on_head=save_somewhere)
    client = Client(url, token, witness=witness)    # checks write receipts, head(), the feed

A head that does not extend the saved one raises `HistoryRewritten` carrying both heads:
that pair, signed by the server, is the evidence of a rewritten history (docs/trust.md).
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from campaign_ledger_client import ed25519
from campaign_ledger_client.errors import LedgerError

Head = dict[str, Any]
# (campaign_id, first size, second size) -> the consistency proof's hashes (hex)
ProofSource = Callable[[str, int, int], list[str]]
CONTEXT = b"campaign-ledger/tree-head/v1\n"


class HistoryRewritten(LedgerError):
    """A signed tree head that cannot extend the one saved earlier."""

    def __init__(self, saved: Head, seen: Head, why: str) -> None:
        super().__init__(f"campaign {saved.get('campaign_id')}: the head of size "
                         f"{seen.get('tree_size')} does not extend the saved head of size "
                         f"{saved.get('tree_size')}: {why}")
        self.saved = saved
        self.seen = seen


class BadTreeHead(LedgerError):
    """A tree head whose signature does not verify under the expected key."""


def _node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def consistent(first: int, second: int, first_root: bytes, second_root: bytes,
               proof: list[bytes]) -> bool:
    """RFC 9162 §2.1.4.2."""
    if first == second:
        return not proof and first_root == second_root
    if not 0 < first < second or not proof:
        return False
    if first & (first - 1) == 0:
        proof = [first_root, *proof]
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = proof[0]
    for c in proof[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr, sr = _node(c, fr), _node(c, sr)
            while fn and not fn & 1:
                fn, sn = fn >> 1, sn >> 1
        else:
            sr = _node(sr, c)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and fr == first_root and sr == second_root


def included(index: int, size: int, chain_hash: str, path: list[str], root: bytes) -> bool:
    """RFC 9162 §2.1.3.2, the leaf input being the event's chain hash."""
    if not 0 <= index < size:
        return False
    fn, sn = index, size - 1
    r = hashlib.sha256(b"\x00" + bytes.fromhex(chain_hash)).digest()
    for p in (bytes.fromhex(x) for x in path):
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = _node(p, r)
            while fn and not fn & 1:
                fn, sn = fn >> 1, sn >> 1
        else:
            r = _node(r, p)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and r == root


def signed(head: Head, public_key: str) -> bool:
    fields = ("campaign_id", "tree_size", "root_hash", "head_hash", "timestamp", "key_id")
    message = CONTEXT + json.dumps({k: head[k] for k in fields}, sort_keys=True,
                                   separators=(",", ":")).encode()
    key = bytes.fromhex(public_key)
    return (head.get("key_id") == hashlib.sha256(key).hexdigest()
            and ed25519.verify(key, message, bytes.fromhex(head["signature"])))


class Witness:
    """The newest tree head per campaign, in a JSON file or in memory (with `on_head`)."""

    def __init__(self, path: str | Path | None = None, *,
                 on_head: Callable[[Head], None] | None = None,
                 public_key: str | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.on_head = on_head
        self.public_key = public_key
        self._lock = threading.Lock()
        self.heads: dict[str, Head] = {}
        if self.path is not None and self.path.exists():
            self.heads = json.loads(self.path.read_text())

    def saved(self, campaign_id: str) -> Head | None:
        return self.heads.get(campaign_id)

    def observe(self, head: Head, proofs: ProofSource) -> None:
        """Check `head` against the saved head of its campaign; keep it when newer."""
        if self.public_key is not None and not signed(head, self.public_key):
            raise BadTreeHead(f"tree head of size {head.get('tree_size')} is not signed by "
                              "the expected key")
        with self._lock:
            campaign_id = head["campaign_id"]
            saved = self.heads.get(campaign_id)
            if saved is not None:
                self._check(saved, head, proofs)
            if saved is None or head["tree_size"] > saved["tree_size"]:
                self.heads[campaign_id] = head
                self._save(head)

    @staticmethod
    def _check(saved: Head, seen: Head, proofs: ProofSource) -> None:
        old, new = sorted((saved, seen), key=lambda h: int(h["tree_size"]))
        if old["tree_size"] == new["tree_size"]:
            if old["root_hash"] != new["root_hash"]:
                raise HistoryRewritten(saved, seen, "two roots for the same size")
            return
        proof = [bytes.fromhex(p) for p in proofs(old["campaign_id"], old["tree_size"],
                                                  new["tree_size"])]
        if not consistent(old["tree_size"], new["tree_size"], bytes.fromhex(old["root_hash"]),
                          bytes.fromhex(new["root_hash"]), proof):
            raise HistoryRewritten(saved, seen, "the consistency proof fails")

    def _save(self, head: Head) -> None:
        if self.on_head is not None:
            self.on_head(head)
        if self.path is not None:
            partial = self.path.with_name(self.path.name + ".partial")
            partial.write_text(json.dumps(self.heads, sort_keys=True, indent=1))
            os.replace(partial, self.path)
