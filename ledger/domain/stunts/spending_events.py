"""Events of spending a roll's Stunt Points, attacks, locks and stunt resistances, and how each
changes the state (rules: spending.py, attacks.py, effects.py)."""

from __future__ import annotations

import msgspec

from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState
from ledger.domain.state.stunt_spending import Attack, Lock, Resistance, RollSpending, SpentStunt


class StuntsSpent(DomainEvent, frozen=True, kw_only=True):
    """SP of the roll at `roll_position` spent on `stunts`; the budget as it stood."""

    roll_position: int
    stunts: list[SpentStunt]
    target: str | None = None
    generated: int
    from_pool: int
    contributed: int
    spent_before: int
    budget: int  # generated + from_pool - contributed - spent_before
    paid: int
    locks: list[Lock] = []
    resistances: list[Resistance] = []
    approved_by: str | None = None  # the GM who approved a Condition bought with SP
    # The encounter and turn the spend came in (none outside an encounter; ledger/domain/
    # stunts/turns.py): Full Force and Opportunist's Minor Action, a GM-named Grapple's turn.
    encounter_id: str | None = None
    turn_number: int | None = None


class AttackRolled(DomainEvent, frozen=True, kw_only=True):
    """The roll at `roll_position` is an attack of `kind`, generating `generated` SP."""

    roll_position: int
    kind: str
    target: str | None = None
    hit: bool
    generated: int


class LockEscapeTried(DomainEvent, frozen=True, kw_only=True):
    lock_id: str
    target: str
    escaped: bool
    damage: int = 0  # 1d6 + the lock's SP, penetrating, on a failed escape
    die: int | None = None


class StuntResisted(DomainEvent, frozen=True, kw_only=True):
    resistance_id: str
    roll_position: int
    attempt: int
    bonus: int  # Frighten: +1 per earlier attempt (it accumulates)
    success: bool
    outcome: str
    ends_condition: str | None = None  # the Cowed Condition a successful later roll ends
    gives_condition: str | None = None  # the Cowed Condition a failed first roll gives
    encounter_id: str | None = None  # the encounter and turn of the roll (one per turn)
    turn_number: int | None = None
    lasts_turns: int = 0  # Suggest Action: the target's own turns the outcome holds for


@evolves(StuntsSpent)
def _spent(state: CampaignState, e: StuntsSpent) -> None:
    spending = state.stunt_spending
    roll = spending.rolls.setdefault(e.roll_position, RollSpending(
        position=e.roll_position, character_id=e.character_id or "", generated=e.generated))
    roll.from_pool, roll.contributed = e.from_pool, e.contributed
    roll.spent += e.paid
    roll.stunts.extend(e.stunts)
    by = e.character_id or ""
    for stunt in e.stunts:
        lowered = stunt.name.lower()
        if lowered == "opportunist" and by not in spending.prepared:
            spending.prepared.append(by)
        if lowered == "grapple" and stunt.target and [by, stunt.target] not in spending.grapples:
            spending.grapples.append([by, stunt.target])
        if lowered == "throw" and stunt.target:
            spending.locks = [k for k in spending.locks if (k.by, k.target) != (by, stunt.target)]
            spending.grapples = [g for g in spending.grapples if g != [by, stunt.target]]
    spending.locks.extend(e.locks)
    encounter = state.encounter
    if e.turn_number is not None and encounter is not None and encounter.id == e.encounter_id:
        for stunt in e.stunts:
            if stunt.minor_action:
                encounter.minor_actions[by] = e.turn_number
            if stunt.name.lower() == "grapple" and stunt.target:
                encounter.grapples[f"{by}>{stunt.target}"] = e.turn_number
    for resistance in e.resistances:  # a copy: the state never shares the event's objects
        spending.resistances[resistance.id] = msgspec.structs.replace(resistance)


@evolves(AttackRolled)
def _attack(state: CampaignState, e: AttackRolled) -> None:
    state.stunt_spending.attacks[e.roll_position] = Attack(
        position=e.roll_position, character_id=e.character_id or "", kind=e.kind,
        target=e.target, hit=e.hit, generated=e.generated)
    if e.kind == "opportunist":
        prepared = state.stunt_spending.prepared
        state.stunt_spending.prepared = [c for c in prepared if c != e.character_id]


@evolves(LockEscapeTried)
def _escape(state: CampaignState, e: LockEscapeTried) -> None:
    if e.escaped:
        state.stunt_spending.locks = [k for k in state.stunt_spending.locks if k.id != e.lock_id]


@evolves(StuntResisted)
def _resisted(state: CampaignState, e: StuntResisted) -> None:
    resistance = state.stunt_spending.resistances[e.resistance_id]
    resistance.attempts = e.attempt
    resistance.outcome = e.outcome
    if e.turn_number is not None:
        resistance.encounter_id, resistance.turn_number = e.encounter_id, e.turn_number
    resistance.turns_left = e.lasts_turns
    if e.gives_condition:
        resistance.condition_id = e.gives_condition
    if e.ends_condition:
        character = state.characters[resistance.target]
        character.conditions = [c for c in character.conditions if c.id != e.ends_condition]
        resistance.condition_id = None
