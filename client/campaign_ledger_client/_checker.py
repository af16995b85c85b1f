"""Walking a history event by event: the chain, the dice epochs, every server roll.

The epoch in effect for a command is the `dice_epoch` of the latest event before
the command's first event that carries one; a command is the run of consecutive
events sharing a correlation id (docs/dice.md, "Verifying"). A `SessionEnded`
records the head hash (docs/history.md): version 2 the hash of the event just
before it, version 1 that of the event before its command.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign_ledger_client._derive import GENESIS, chain_hash, commitment, die, roll_holders
from campaign_ledger_client._derive import seed_bytes as _seed
from campaign_ledger_client._hidden import HIDDEN_ENVELOPE, reveal_problem


@dataclass(frozen=True)
class Mismatch:
    position: int
    problem: str  # value, epoch, command-position, reused-index, unreadable, commitment
    epoch: int | None = None
    index: int | None = None
    recorded: int | None = None
    derived: int | None = None


@dataclass(frozen=True)
class Roll:
    position: int
    epoch: int
    command_position: int
    first_index: int
    dice: list[tuple[int, int]]  # (sides, value)


@dataclass(frozen=True)
class DiceResult:
    verified: int
    pending: int
    mismatches: list[Mismatch]
    epochs: dict[int, bool]


class Checker:
    def __init__(self, campaign_id: str, expect_head: str | None = None) -> None:
        self.campaign_id = campaign_id
        self.expect_head = expect_head.lower() if expect_head else None
        self.found_at: int | None = None
        self.previous, self.position = GENESIS, 0
        self.first_break: int | None = None
        self.command: tuple[Any, int, int] = (None, 0, 0)  # correlation, first position, epoch
        self.command_previous = GENESIS  # the hash just before the current command
        self.stale_heads: list[int] = []  # positions of session ends whose head hash is stale
        self.epoch = 0
        self.commitments: dict[int, str] = {}
        self.revealed: dict[Any, tuple[str, int]] = {}
        self.rolls: list[Roll] = []
        self.used: set[tuple[int, int, int]] = set()
        self.mismatches: list[Mismatch] = []
        self.flagged: set[int] = set()  # positions with a mismatch: their rolls are not verified
        self.reported: list[int] = []
        self.hidden: dict[int, str | None] = {}  # position -> commitment of a hidden event

    def add(self, event: dict[str, Any]) -> None:
        position, before = event.get("position"), self.previous
        self._chain(event, position if isinstance(position, int) else -1)
        if event.get("correlation_id") != self.command[0]:
            self.command = (event.get("correlation_id"), self.position, self.epoch)
            self.command_previous = before
        data = event.get("data")
        if event.get("envelope") == HIDDEN_ENVELOPE:
            found = event.get("commitment")
            self.hidden[self.position] = found if isinstance(found, str) else None
            return
        if isinstance(data, dict):
            if event.get("type") == "HiddenRevealed":
                self._reveal(data)
            if event.get("type") == "SessionEnded":
                version = event.get("version")
                chain = before if isinstance(version, int) and version >= 2 \
                    else self.command_previous
                if data.get("head_hash") != chain:
                    self.stale_heads.append(self.position)
            for holder in roll_holders(data):
                self._roll(holder)
            self._epochs(data)

    def _chain(self, event: dict[str, Any], position: int) -> None:
        expected = self.position + 1
        stored = str(event.get("hash", ""))
        if self.first_break is None and (position != expected or not _links(
                self.previous, self.campaign_id, event, stored)):
            self.first_break = expected
        if self.expect_head and self.found_at is None and stored == self.expect_head:
            self.found_at = position
        self.previous, self.position = stored, position

    def _reveal(self, data: dict[str, Any]) -> None:
        at = data.get("hidden_position")
        problem = reveal_problem(self.campaign_id,
                                 self.hidden.get(at) if isinstance(at, int) else None, data)
        if problem:
            self._flag(problem, None)

    def _epochs(self, data: dict[str, Any]) -> None:
        epoch, revealed = data.get("revealed_epoch"), data.get("revealed_seed")
        if isinstance(epoch, int) and revealed:
            self.revealed.setdefault(epoch, (str(revealed), self.position))
        epoch, committed = data.get("dice_epoch"), data.get("dice_commitment")
        if isinstance(epoch, int) and isinstance(committed, str):
            if self.commitments.setdefault(epoch, committed) != committed:
                self._flag("commitment", epoch)
            self.epoch = epoch

    def _roll(self, holder: dict[str, Any]) -> None:
        if holder["source"] == "reported":
            self.reported.append(self.position)
            return
        roll = _read_roll(self.position, holder)
        if roll is None:
            epoch = holder.get("epoch")
            self._flag("unreadable", epoch if isinstance(epoch, int) else None)
            return
        _, first, epoch_then = self.command
        if roll.epoch != epoch_then:
            self._flag("epoch", roll.epoch)
        if roll.command_position != first:
            self._flag("command-position", roll.epoch)
        for i in range(len(roll.dice)):
            key = (roll.epoch, roll.command_position, roll.first_index + i)
            if key in self.used:
                self._flag("reused-index", roll.epoch, index=key[2])
            self.used.add(key)
        self.rolls.append(roll)

    def _flag(self, problem: str, epoch: int | None, **more: Any) -> None:
        self._note(Mismatch(self.position, problem, epoch, **more))

    def _note(self, mismatch: Mismatch) -> None:
        self.mismatches.append(mismatch)
        self.flagged.add(mismatch.position)

    def dice(self) -> DiceResult:
        epochs: dict[int, bool] = {}
        for epoch in sorted(set(self.commitments) | set(self.revealed)):
            seed, revealed_at = self.revealed.get(epoch, (None, 0))
            epochs[epoch] = seed is None or commitment(_seed(seed)) == self.commitments.get(epoch)
            if not epochs[epoch]:
                self._note(Mismatch(revealed_at, "commitment", epoch))
        verified = pending = 0
        for roll in self.rolls:
            if roll.epoch not in self.revealed:
                pending += 1
            elif self._derive(roll, _seed(self.revealed[roll.epoch][0])) \
                    and roll.position not in self.flagged:
                verified += 1
        order = sorted(self.mismatches, key=lambda m: (m.position, m.index or 0))
        return DiceResult(verified, pending, order, epochs)

    def _derive(self, roll: Roll, seed: bytes) -> bool:
        good = True
        for i, (sides, value) in enumerate(roll.dice):
            index = roll.first_index + i
            derived = die(seed, self.campaign_id, roll.epoch, roll.command_position, index, sides)
            if derived != value:
                good = False
                self._note(Mismatch(roll.position, "value", roll.epoch, index, value, derived))
        return good


def _links(previous: str, campaign_id: str, event: dict[str, Any], stored: str) -> bool:
    try:
        return stored == chain_hash(previous, campaign_id, event)
    except ValueError:  # NaN or infinities in the data: no canonical form, so no valid hash
        return False


def _read_roll(position: int, holder: dict[str, Any]) -> Roll | None:
    try:
        dice = [(d["sides"], d["value"]) for d in holder["dice"]]
        fields = (holder["epoch"], holder["command_position"], holder["first_index"])
    except (KeyError, TypeError):
        return None
    numbers = [*fields, *(n for pair in dice for n in pair)]
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
        return None
    if any(sides < 1 for sides, _ in dice):
        return None
    return Roll(position, fields[0], fields[1], fields[2], dice)
