"""Stunt Points spent from rolls, and what the stunts left in play (filled in by
ledger/domain/stunts/spending.py and ledger/domain/stunts/attacks.py)."""

from __future__ import annotations

import msgspec


class SpentStunt(msgspec.Struct, frozen=True, kw_only=True):
    """One stunt bought with a roll's SP: `tier` is the SP it is taken at, `paid` what the roll
    gave for it (a Grabbed target of a grappling stunt adds 2: `bonus`)."""

    name: str
    tier: int
    paid: int
    bonus: int = 0
    effect: str = ""
    target: str | None = None
    condition: str | None = None  # a Condition it gave the target
    minor_action: bool = False  # it uses up the character's Minor Action
    gm_named: bool = False  # a stunt the GM named with its cost, not of the catalogue
    discount: int = 0  # SP less from the roller's talents (ledger/domain/stunts/talents.py)
    talents: list[str] = msgspec.field(default_factory=list)  # those talents, with degree


class RollSpending(msgspec.Struct, kw_only=True):
    """A roll whose SP were spent: what it generated and every stunt bought with it."""

    position: int
    character_id: str
    generated: int
    from_pool: int = 0  # pool SP spent on it, as of its latest spend
    contributed: int = 0  # SP placed from it into the pool, as of its latest spend
    spent: int = 0
    stunts: list[SpentStunt] = msgspec.field(default_factory=list)


class Attack(msgspec.Struct, frozen=True, kw_only=True):
    """A roll recorded as an attack: "attack", "stunt-attack" or "opportunist"."""

    position: int
    character_id: str
    kind: str
    target: str | None = None
    hit: bool = False
    generated: int = 0


class Lock(msgspec.Struct, frozen=True, kw_only=True):
    """A joint or limb lock (Lock stunt) held by `by` on `target` at `tier` SP."""

    id: str
    by: str
    target: str
    tier: int
    roll_position: int
    escape_penalty: int = 0  # 3 SP: -2 to actions trying to escape the hold


class Resistance(msgspec.Struct, kw_only=True):
    """A roll a stunt offers its target (Frighten, Suggest Action at 4 SP, Mentalist's Trick)."""

    id: str
    stunt: str
    by: str
    target: str
    ability: str
    focus: str
    tn: int
    roll_position: int
    attempts: int = 0
    outcome: str = ""  # "" while open; then what the rolls decided
    condition_id: str | None = None  # Frighten: the Cowed Condition while it lasts
    # The encounter and its turn number of the latest roll (one roll per turn in it).
    encounter_id: str | None = None
    turn_number: int = 0
    # Suggest Action in an encounter: the target's own turns its outcome still holds for.
    turns_left: int = 0


class StuntSpending(msgspec.Struct):
    rolls: dict[int, RollSpending] = msgspec.field(default_factory=dict)
    attacks: dict[int, Attack] = msgspec.field(default_factory=dict)
    locks: list[Lock] = msgspec.field(default_factory=list)
    resistances: dict[str, Resistance] = msgspec.field(default_factory=dict)
    # Characters holding a prepared Opportunist attack (spent, not yet rolled).
    prepared: list[str] = msgspec.field(default_factory=list)
    # (by, target) pairs a stunt the GM named "Grapple" recorded.
    grapples: list[list[str]] = msgspec.field(default_factory=list)
