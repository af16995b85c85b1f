"""Finding the dice an event records, and reading them for verification (docs/dice.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec

from ledger.domain.audit.reports import ServerRoll
from ledger.domain.record import Record


def roll_holders(data: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    """Objects carrying dice: `source` and `dice` at the top of the event data, or one
    level down (a list of rolls). Carried state snapshots (`state`) are never scanned."""
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
        return b""  # fails its commitment, and every die derived from it is a mismatch


def server_roll(record: Record, holder: dict[str, Any]) -> ServerRoll | None:
    try:
        roll = msgspec.convert({"position": record.position, "type": record.type,
                                "epoch": holder["epoch"],
                                "command_position": holder["command_position"],
                                "first_index": holder["first_index"],
                                "dice": [(d["sides"], d["value"]) for d in holder["dice"]]},
                               ServerRoll)
    except (KeyError, TypeError, msgspec.ValidationError):
        return None
    return roll if all(sides >= 1 for sides, _ in roll.dice) else None
