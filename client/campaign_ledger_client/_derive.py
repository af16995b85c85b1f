"""The published algorithms, written again from docs/history.md and docs/dice.md.

Nothing here comes from the server's package: an export is checked with these
alone, so a bug in the server cannot vouch for itself.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterator
from typing import Any

GENESIS = "0" * 64
DICE_DERIVATION = "campaign-ledger/dice/v1"
HEAD_PURPOSE = b"campaign-ledger/head/v1\n"


def canonical(value: Any) -> bytes:
    """Keys sorted, no whitespace, UTF-8 as itself, numbers as Python writes them."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode()


def envelope(campaign_id: str, event: dict[str, Any]) -> dict[str, Any]:
    """Everything stored with an event except its hash (docs/history.md); a hidden event's
    (`envelope: 2`) has its commitment and the envelope version instead of its data."""
    keys = ("position", "type", "version", "recorded_at", "actor", "correlation_id",
            "character_id", "session", "scene")
    if event.get("envelope") == 2:
        hashed = {"envelope": 2, "commitment": event.get("commitment")}
    else:
        hashed = {"data": event.get("data")}
    return {"campaign_id": campaign_id, **hashed, **{k: event.get(k) for k in keys}}


def chain_hash(previous: str, campaign_id: str, event: dict[str, Any]) -> str:
    """hash(P) = SHA-256(hash(P-1) || "\\n" || canonical(envelope(P)))."""
    return hashlib.sha256(previous.encode() + b"\n"
                          + canonical(envelope(campaign_id, event))).hexdigest()


def head_message(campaign_id: str, position: int, head_hash: str) -> bytes:
    """The bytes a signed head signs."""
    return HEAD_PURPOSE + canonical({"campaign_id": campaign_id, "position": position,
                                     "head_hash": head_hash})


def die(seed: bytes, campaign_id: str, epoch: int, command_position: int, index: int,
        sides: int) -> int:
    """One server die: HMAC-SHA256 blocks, rejection sampling, no modulo (docs/dice.md)."""
    return derive_die(seed, f"{DICE_DERIVATION}|{campaign_id}|{epoch}|{command_position}|{index}",
                      sides)


def derive_die(seed: bytes, message: str, sides: int) -> int:
    """A die of `sides` from `seed` and the die's `message`: session dice and blind rolls
    differ only in the message."""
    if sides == 1:
        return 1
    bits = (sides - 1).bit_length()
    width, mask = (bits + 7) // 8, (1 << bits) - 1
    counter = 0
    while True:
        block = hmac.new(seed, f"{message}|{counter}".encode(), hashlib.sha256).digest()
        for start in range(0, 32 - width + 1, width):
            candidate = int.from_bytes(block[start:start + width], "big") & mask
            if candidate < sides:
                return candidate + 1
        counter += 1


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def roll_holders(data: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    """Objects that carry dice: at the top of an event's data or one level down (in an
    object or a list of objects); never inside a carried state snapshot (`state`)."""
    if isinstance(data, dict):
        if data.get("source") in ("server", "reported") and "dice" in data:
            yield data
        elif depth < 2:
            for key, value in data.items():
                if key != "state":
                    yield from roll_holders(value, depth + 1)
    elif isinstance(data, list) and depth < 2:
        for value in data:
            yield from roll_holders(value, depth + 1)


def seed_bytes(seed_hex: str) -> bytes:
    try:
        return bytes.fromhex(seed_hex)
    except ValueError:
        return b""  # fails its commitment, so every die derived from it is flagged
