"""What a decision may use beyond the state: dice, fresh ids, and who asks."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, Protocol

import msgspec

from ledger.domain.dice import DiceSource


class Actor(msgspec.Struct, frozen=True):
    """Who recorded an event: the token's principal."""

    role: str  # "gm", "player", "observer", "system", "admin"
    token_id: str | None = None
    character_id: str | None = None


SYSTEM = Actor(role="system")


def random_id(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:16]}"


class SeedBroker(Protocol):
    """Dice epochs: commit to a fresh secret seed, or reveal a finished epoch's seed."""

    def commit_new(self, epoch: int) -> str: ...
    def reveal(self, epoch: int) -> str: ...


class NoSeeds:
    def commit_new(self, epoch: int) -> str:
        raise RuntimeError("this context cannot create dice seeds")

    def reveal(self, epoch: int) -> str:
        raise RuntimeError("this context cannot reveal dice seeds")


class Earlier(msgspec.Struct, frozen=True):
    """An event already recorded, read back by position, with the session it was recorded in."""

    event: Any  # a DomainEvent (typed loosely: the events module builds on this one)
    session: int


def no_history(position: int) -> Earlier | None:
    return None


class HiddenVault(Protocol):
    """Secrets of hidden events (ledger/domain/hidden.py): fresh random bytes, data sealed
    under the server key, and a hidden event opened again to reveal it."""

    def secret(self) -> bytes: ...
    def seal(self, payload: dict[str, object], position: int) -> str: ...
    def open(self, position: int) -> tuple[str, str, dict[str, object]] | None: ...
    def revealed(self, position: int) -> bool: ...


class NoHidden:
    def secret(self) -> bytes:
        raise RuntimeError("this context cannot record hidden events")

    def seal(self, payload: dict[str, object], position: int) -> str:
        raise RuntimeError("this context cannot record hidden events")

    def open(self, position: int) -> tuple[str, str, dict[str, object]] | None:
        raise RuntimeError("this context cannot reveal hidden events")

    def revealed(self, position: int) -> bool:
        raise RuntimeError("this context cannot reveal hidden events")


class Context:
    """Passed to `decide`; ids and dice are drawn here and recorded as facts in events.

    `earlier(position)` reads an event recorded before the command (a spend of a roll's
    Stunt Points reads that roll); None when there is none or no history is at hand."""

    def __init__(
        self,
        dice: DiceSource,
        actor: Actor = SYSTEM,
        new_id: Callable[[str], str] = random_id,
        epoch: int = 0,
        command_position: int = 0,
        seeds: SeedBroker | None = None,
        earlier: Callable[[int], Earlier | None] = no_history,
        hidden: HiddenVault | None = None,
    ) -> None:
        self.dice = dice
        self.actor = actor
        self.new_id = new_id
        self.epoch = epoch
        self.command_position = command_position
        self.seeds: SeedBroker = seeds or NoSeeds()
        self.earlier = earlier
        self.hidden: HiddenVault = hidden or NoHidden()
