"""GM blind rolls and secret notes, checked from docs/history.md and docs/dice.md alone.

A hidden event's line carries `envelope: 2` and its `commitment`; its chain hash covers
the commitment instead of the data. A `HiddenRevealed` event later carries the data, the
32-byte nonce and, for a roll, the roll's own seed:

    commitment = SHA-256(nonce || canonical(data))
    die k      = the server-die derivation keyed by the seed, with the message
                 "campaign-ledger/hidden-dice/v1|<campaign_id>|<position>|<k>"
"""

from __future__ import annotations

import hashlib
from typing import Any

from campaign_ledger_client._derive import canonical, derive_die

HIDDEN_ENVELOPE = 2
HIDDEN_DERIVATION = "campaign-ledger/hidden-dice/v1"


def hidden_die(seed: bytes, campaign_id: str, position: int, index: int, sides: int) -> int:
    return derive_die(seed, f"{HIDDEN_DERIVATION}|{campaign_id}|{position}|{index}", sides)


def reveal_problem(campaign_id: str, committed: str | None, reveal: dict[str, Any]) -> str | None:
    """Why a reveal does not match what was committed at its position, or None."""
    data, position = reveal.get("data"), reveal.get("hidden_position")
    if committed is None:
        return "hidden-not-hidden"
    try:
        nonce = bytes.fromhex(str(reveal.get("nonce")))
    except ValueError:
        return "hidden-nonce"
    if len(nonce) != 32 or reveal.get("commitment") != committed \
            or hashlib.sha256(nonce + canonical(data)).hexdigest() != committed:
        return "hidden-commitment"
    if not isinstance(data, dict) or data.get("position") != position \
            or not isinstance(position, int):
        return "hidden-position"
    if reveal.get("hidden_type") != "HiddenRolled":
        return None
    try:
        seed = bytes.fromhex(str(reveal.get("seed")))
    except ValueError:
        return "hidden-seed"
    dice = data.get("dice")
    if len(seed) != 32 or not isinstance(dice, list):
        return "hidden-seed"
    for index, one in enumerate(dice):
        sides = one.get("sides") if isinstance(one, dict) else None
        if not isinstance(sides, int) or sides < 1 or hidden_die(
                seed, campaign_id, position, index, sides) != one.get("value"):
            return "hidden-value"
    return None
