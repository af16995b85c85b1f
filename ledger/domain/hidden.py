"""GM blind rolls and secret notes: hidden events, their commitments, and their reveal.

A hidden event stores a commitment to its data and the data sealed under the server key
(with the nonce, and a roll's own seed). Everyone but the server sees a placeholder: the
envelope and the commitment. The chain hashes the commitment (ledger/domain/chain.py,
envelope version 2), so a player's copy of the history verifies without the data. A reveal
records the data, the nonce and the seed in the open; anyone can then check them
(`check_reveal`). A hidden event changes no state and runs no reactions.

    commitment = SHA-256(nonce (32 bytes) || canonical(data)), 64 lowercase hex digits
    hidden die  = derive_die(seed, "campaign-ledger/hidden-dice/v1|<cid>|<position>|<index>")

The seed is 32 fresh random bytes per hidden roll, never the session's dice seed: that
one is revealed at the session's end, which would give the roll away before the GM does.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ledger.domain.chain import HIDDEN_TYPES, canonical
from ledger.domain.dice import derive_die
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState

HIDDEN_DERIVATION = "campaign-ledger/hidden-dice/v1"
SECRET_BYTES = 32


def commitment(nonce: bytes, data: Any) -> str:
    """SHA-256 of the nonce and the data's canonical JSON: salted, so a 3d6 cannot be
    guessed by trying its 216 outcomes."""
    return hashlib.sha256(nonce + canonical(data)).hexdigest()


def hidden_die_message(campaign_id: str, position: int, index: int) -> bytes:
    return f"{HIDDEN_DERIVATION}|{campaign_id}|{position}|{index}".encode()


class HiddenDice:
    """The dice of one hidden roll, from its own seed, numbered from 0 as drawn."""

    def __init__(self, seed: bytes, campaign_id: str, position: int) -> None:
        self.seed = seed
        self.campaign_id = campaign_id
        self.position = position
        self.index = 0

    def draw(self, sides: int) -> int:
        value = derive_die(self.seed, hidden_die_message(self.campaign_id, self.position,
                                                         self.index), sides)
        self.index += 1
        return value


def is_hidden(event_type: str) -> bool:
    return event_type in HIDDEN_TYPES


def public_data(event_type: str, data: bytes) -> bytes:
    """What anyone may read of an event's data: a hidden event's commitment alone."""
    if not is_hidden(event_type):
        return data
    return canonical({"commitment": stored_commitment(data)})


def stored_commitment(data: bytes) -> str | None:
    try:
        found = json.loads(data.decode())
    except ValueError:
        return None
    value = found.get("commitment") if isinstance(found, dict) else None
    return value if isinstance(value, str) else None


class HiddenRolled(DomainEvent, frozen=True, kw_only=True):
    """The GM rolled behind the screen. `sealed` (the data, nonce and seed under the
    server key) never leaves the server; readers see `commitment` alone."""

    commitment: str
    sealed: str = ""


class HiddenNoted(DomainEvent, frozen=True, kw_only=True):
    """The GM wrote a secret note. As a hidden roll, without dice or seed."""

    commitment: str
    sealed: str = ""


class HiddenRevealed(DomainEvent, frozen=True, kw_only=True):
    """The GM revealed a hidden event: its data, nonce and (a roll's) seed, in the open."""

    hidden_position: int
    hidden_type: str
    commitment: str
    data: dict[str, Any]
    nonce: str
    seed: str | None = None


@evolves(HiddenRolled)
def _hidden_rolled(state: CampaignState, event: HiddenRolled) -> None:
    """Nothing a reader can see changes (the position moves on, as for every event)."""


@evolves(HiddenNoted)
def _hidden_noted(state: CampaignState, event: HiddenNoted) -> None:
    """Nothing a reader can see changes."""


@evolves(HiddenRevealed)
def _hidden_revealed(state: CampaignState, event: HiddenRevealed) -> None:
    """A reveal shows what was already decided; it changes no state either."""


def check_reveal(campaign_id: str, hidden_commitment: str | None,
                 reveal: dict[str, Any]) -> list[str]:
    """The problems of one reveal against the commitment the chain holds at its position
    (an empty list when the data, the nonce and every die check out)."""
    problems: list[str] = []
    data, position = reveal.get("data"), reveal.get("hidden_position")
    try:
        nonce = bytes.fromhex(str(reveal.get("nonce")))
    except ValueError:
        return ["nonce"]
    if hidden_commitment is None:
        return ["not-hidden"]
    if reveal.get("commitment") != hidden_commitment or len(nonce) != SECRET_BYTES \
            or commitment(nonce, data) != hidden_commitment:
        problems.append("commitment")
    if not isinstance(data, dict) or data.get("position") != position:
        return [*problems, "position"]
    if reveal.get("hidden_type") == "HiddenRolled":
        problems += _dice_problems(campaign_id, position, reveal.get("seed"), data.get("dice"))
    return problems


def _dice_problems(campaign_id: str, position: Any, seed_hex: Any, dice: Any) -> list[str]:
    try:
        seed = bytes.fromhex(str(seed_hex))
    except ValueError:
        return ["seed"]
    if len(seed) != SECRET_BYTES or not isinstance(dice, list) or not isinstance(position, int):
        return ["seed"]
    for index, die in enumerate(dice):
        sides, value = (die.get("sides"), die.get("value")) if isinstance(die, dict) else (0, 0)
        if not isinstance(sides, int) or sides < 1 or derive_die(
                seed, hidden_die_message(campaign_id, position, index), sides) != value:
            return [f"die-{index}"]
    return []
