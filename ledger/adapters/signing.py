"""The signed head: Ed25519 over the campaign's head, with a key kept outside the database.

The private key is derived from the server key (LEDGER_SECRET_KEY or secret.key in the
data directory), never stored in the database, so someone who rewrites the database
and recomputes every hash still cannot sign the forged head (docs/history.md).
"""

from __future__ import annotations

import hashlib

import msgspec
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from ledger.adapters.secrets_box import SecretBox

ALGORITHM = "Ed25519"
PURPOSE = b"campaign-ledger/head/v1\n"
# Signed tree heads sign under their own context, so neither signature can pass as the other.
STH_PURPOSE = b"campaign-ledger/tree-head/v1\n"


class SignedHead(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    position: int
    head_hash: str
    algorithm: str = ALGORITHM
    public_key: str
    signature: str


def canonical_fields(fields: dict[str, str | int]) -> bytes:
    """`canonical()` of an object of strings and integers, by msgspec's encoder: the same
    bytes (tests/unit/test_signing.py), at a tenth of the cost. Every write's receipt
    signs one. Floats are why `canonical()` itself keeps the standard encoder."""
    return msgspec.json.encode(fields, order="sorted")


def head_message(campaign_id: str, position: int, head_hash: str) -> bytes:
    """The signed bytes: a purpose line, then the canonical JSON of the head."""
    return PURPOSE + canonical_fields({"campaign_id": campaign_id, "position": position,
                                       "head_hash": head_hash})


class TreeHead(msgspec.Struct, frozen=True, kw_only=True):
    """A signed tree head (RFC 9162 §4.10, our fields): what a witness keeps."""

    campaign_id: str
    tree_size: int
    root_hash: str
    head_hash: str
    timestamp: str  # the recorded_at of the event at tree_size: the same head always
    key_id: str  # SHA-256 of the raw public key
    algorithm: str = ALGORITHM
    signature: str


def tree_head_message(h: TreeHead) -> bytes:
    return STH_PURPOSE + canonical_fields({
        "campaign_id": h.campaign_id, "tree_size": h.tree_size, "root_hash": h.root_hash,
        "head_hash": h.head_hash, "timestamp": h.timestamp, "key_id": h.key_id})


def key_id(public_key: str) -> str:
    return hashlib.sha256(bytes.fromhex(public_key)).hexdigest()


class HeadSigner:
    def __init__(self, box: SecretBox) -> None:
        self._key = Ed25519PrivateKey.from_private_bytes(box.derive("head-signing/ed25519"))
        raw = self._key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.public_key = raw.hex()
        self.key_id = key_id(self.public_key)

    def sign(self, campaign_id: str, position: int, head_hash: str) -> SignedHead:
        signature = self._key.sign(head_message(campaign_id, position, head_hash))
        return SignedHead(campaign_id=campaign_id, position=position, head_hash=head_hash,
                          public_key=self.public_key, signature=signature.hex())

    def sign_tree(self, campaign_id: str, tree_size: int, root_hash: str, head_hash: str,
                  timestamp: str) -> TreeHead:
        unsigned = TreeHead(campaign_id=campaign_id, tree_size=tree_size, root_hash=root_hash,
                            head_hash=head_hash, timestamp=timestamp,
                            key_id=self.key_id, signature="")
        signature = self._key.sign(tree_head_message(unsigned)).hex()
        return msgspec.structs.replace(unsigned, signature=signature)


def signature_ok(head: SignedHead, public_key: str | None = None) -> bool:
    """Whether `head` is signed by `public_key` (by default the key it names)."""
    key_hex = public_key or head.public_key
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(key_hex))
        key.verify(bytes.fromhex(head.signature),
                   head_message(head.campaign_id, head.position, head.head_hash))
    except (InvalidSignature, ValueError):
        return False
    return head.algorithm == ALGORITHM


def tree_head_ok(head: TreeHead, public_key: str) -> bool:
    """Whether `head` is signed by `public_key` and names that key."""
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_key))
        key.verify(bytes.fromhex(head.signature), tree_head_message(head))
    except (InvalidSignature, ValueError):
        return False
    return head.algorithm == ALGORITHM and head.key_id == key_id(public_key)
