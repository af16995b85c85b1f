"""Bonds and the group Stunt Pool (Mana Noir "Stunts"). Filled in by ledger/domain/stunts/rules.py."""

from __future__ import annotations

import msgspec


class Bond(msgspec.Struct):
    """Character `a`'s Relationship toward `b`, with its Bond rank (0: no Bond)."""

    a: str
    b: str
    rank: int


class RollNote(msgspec.Struct):
    """A successful active roll of the current session, and what the pool did with it."""

    position: int
    character_id: str
    generated: int  # the SP the roll generated (0 without doubles)
    contributed: int = 0  # SP placed into the pool from this roll
    from_pool: int = 0  # pool SP spent on this roll


class StuntPoolState(msgspec.Struct):
    bonds: list[Bond] = msgspec.field(default_factory=list)
    # The group; None means every living character of the campaign.
    members: list[str] | None = None
    # The group started the current (or last) session with a pool.
    active: bool = False
    base: int = 0  # the base fixed when the session started
    sp: int = 0
    # Successful active rolls of the open session, by position; cleared at session start and end.
    rolls: dict[int, RollNote] = msgspec.field(default_factory=dict)

    def bond(self, a: str, b: str) -> Bond | None:
        return next((x for x in self.bonds if x.a == a and x.b == b), None)
