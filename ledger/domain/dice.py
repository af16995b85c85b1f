"""The ledger's own dice: verifiable server dice and checked reported dice.

Server dice come from HMAC-SHA256 over a per-epoch secret seed (docs/dice.md
specifies the derivation to the byte). d20 parses the notation, but its dice
are drawn from our source, never from the `random` module.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Iterator
from typing import Protocol

DERIVATION = "campaign-ledger/dice/v1"


class DiceSource(Protocol):
    def draw(self, sides: int) -> int:
        """One die from 1 to `sides`."""
        ...


class DiceExhausted(Exception):
    """Reported values ran out, or one did not fit its die."""


def die_message(campaign_id: str, epoch: int, command_position: int, index: int) -> bytes:
    return f"{DERIVATION}|{campaign_id}|{epoch}|{command_position}|{index}".encode()


def derive_die(seed: bytes, message: bytes, sides: int) -> int:
    """Rejection sampling over the smallest power of two >= sides: unbiased, no modulo."""
    if sides < 1:
        raise ValueError("a die has at least one side")
    if sides == 1:
        return 1
    bits = (sides - 1).bit_length()
    width = (bits + 7) // 8
    mask = (1 << bits) - 1
    for block in _blocks(seed, message):
        for start in range(0, len(block) - width + 1, width):
            candidate = int.from_bytes(block[start : start + width], "big") & mask
            if candidate < sides:
                return candidate + 1
    raise AssertionError("unreachable")  # pragma: no cover


def _blocks(seed: bytes, message: bytes) -> Iterator[bytes]:
    counter = 0
    while True:
        yield hmac.new(seed, message + b"|" + str(counter).encode(), hashlib.sha256).digest()
        counter += 1


class SeededDice:
    """Server dice of one command, numbered from 0 in the order they are drawn.

    The seed may be given lazily (a callable): commands that roll nothing never
    need the secret seed, which an imported campaign's open epoch does not have.
    """

    def __init__(
        self, seed: bytes | Callable[[], bytes], campaign_id: str, epoch: int, command_position: int
    ) -> None:
        self._seed = seed
        self.campaign_id = campaign_id
        self.epoch = epoch
        self.command_position = command_position
        self.index = 0

    @property
    def seed(self) -> bytes:
        if callable(self._seed):
            self._seed = self._seed()
        return self._seed

    def draw(self, sides: int) -> int:
        msg = die_message(self.campaign_id, self.epoch, self.command_position, self.index)
        self.index += 1
        return derive_die(self.seed, msg, sides)

    def mark(self) -> int:
        """The index the next die will get: roll events record where their dice start."""
        return self.index


class ReportedDice:
    """Physical dice reported by a client, consumed in order and checked against each die."""

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)
        self.used = 0

    def draw(self, sides: int) -> int:
        if self.used >= len(self.values):
            raise DiceExhausted(f"the notation needs more than the {len(self.values)} dice reported")
        value = self.values[self.used]
        if not 1 <= value <= sides:
            raise DiceExhausted(f"reported die #{self.used + 1} is {value}, not a d{sides} result")
        self.used += 1
        return value

    def check_all_used(self) -> None:
        if self.used != len(self.values):
            raise DiceExhausted(
                f"{len(self.values)} dice reported but the notation uses {self.used}"
            )


def seed_commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()
