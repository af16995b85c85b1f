"""Mana, Conviction and Health.

Spending what a character lacks is refused. Damage never is: Health stops at 0
and the character is then Dying (wound damage) or Unconscious (stun damage).
Healing stops at the maximum. The commands (who may give them, who acts) are in
ledger/domain/resource_commands.py.
"""

from __future__ import annotations

from ledger.domain.characters import require_alive, require_character
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.mana_recovery import limited_event
from ledger.domain.state import CampaignState, Character, Pool

SPENDABLE = ("mana", "conviction")
DAMAGE_TYPES = ("wound", "stun", "penetrating")


class ResourceSpent(DomainEvent, frozen=True, kw_only=True):
    resource: str  # "mana" or "conviction"
    amount: int
    before: int
    after: int
    reason: str


class ResourceGained(DomainEvent, frozen=True, kw_only=True):
    resource: str
    amount: int
    before: int
    after: int
    reason: str


class Damaged(DomainEvent, frozen=True, kw_only=True):
    amount: int
    damage_type: str
    before: int
    after: int
    reason: str
    dying: bool = False
    unconscious: bool = False
    from_backlash: bool = False
    # The spell whose damage this is ("Stun", "Stunwave"; ledger/domain/stun_spell.py).
    spell: str | None = None


class Healed(DomainEvent, frozen=True, kw_only=True):
    amount: int
    before: int
    after: int
    reason: str
    magical: bool = False


def pool(character: Character, resource: str) -> Pool:
    pool_: Pool = getattr(character, resource)
    return pool_


@evolves(ResourceSpent)
def _spent(state: CampaignState, e: ResourceSpent) -> None:
    pool(state.characters[e.character_id or ""], e.resource).current = e.after


@evolves(ResourceGained)
def _gained(state: CampaignState, e: ResourceGained) -> None:
    pool(state.characters[e.character_id or ""], e.resource).current = e.after


@evolves(Damaged)
def _damaged(state: CampaignState, e: Damaged) -> None:
    character = state.characters[e.character_id or ""]
    character.health.current = e.after
    character.dying = character.dying or e.dying
    character.unconscious = character.unconscious or e.unconscious


@evolves(Healed)
def _healed(state: CampaignState, e: Healed) -> None:
    character = state.characters[e.character_id or ""]
    character.health.current = e.after
    if e.after > 0:
        character.dying = False


def check_can_spend(character: Character, resource: str, amount: int) -> None:
    have = pool(character, resource).current
    if amount > have:
        raise RuleViolation(
            f"insufficient-{resource}",
            f"{character.name} has {have} {resource.title()}, cannot spend {amount}",
            field="amount",
        )


def spend_event(character: Character, resource: str, amount: int, reason: str) -> ResourceSpent:
    check_can_spend(character, resource, amount)
    before = pool(character, resource).current
    return ResourceSpent(character_id=character.id, resource=resource, amount=amount,
                         before=before, after=before - amount, reason=reason)


def gain_event(character: Character, resource: str, amount: int, reason: str) -> ResourceGained:
    p = pool(character, resource)
    after = min(p.max, p.current + amount)
    return ResourceGained(character_id=character.id, resource=resource, amount=amount,
                          before=p.current, after=after, reason=reason)


def damage_event(
    character: Character, amount: int, damage_type: str, reason: str, *, from_backlash: bool = False,
    spell: str | None = None,
) -> Damaged:
    before = character.health.current
    after = max(0, before - amount)
    at_zero = after == 0 and amount > 0
    return Damaged(
        character_id=character.id, amount=amount, damage_type=damage_type, before=before,
        after=after, reason=reason, from_backlash=from_backlash, spell=spell,
        dying=at_zero and damage_type != "stun", unconscious=at_zero and damage_type == "stun",
    )


def check_backlash_harm_heals_normally(character: Character, before: int, after: int) -> None:
    """Health lost to Backlash (002) is never restored by magic: a magical heal may only
    reach the maximum less that harm, and one that would go further is refused whole."""
    ceiling = character.health.max - character.backlash.harm
    if after > max(ceiling, before):
        raise RuleViolation(
            "backlash-harm-never-heals-magically",
            f"{character.backlash.harm} of {character.name}'s lost Health was caused by "
            f"Backlash and heals only normally: magic can restore at most "
            f"{max(0, ceiling - before)} now", field="amount")


def heal_event(character: Character, amount: int, reason: str, *, magical: bool = False) -> Healed:
    before = character.health.current
    after = min(character.health.max, before + amount)
    if magical:
        check_backlash_harm_heals_normally(character, before, after)
    return Healed(character_id=character.id, amount=amount, before=before, after=after,
                  reason=reason, magical=magical)


def spend(character_id: str, resource: str, amount: int, reason: str) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        return [spend_event(require_alive(state, character_id), resource, amount, reason)]

    return decide


def gain_events(character: Character, resource: str, amount: int,
                reason: str) -> list[DomainEvent]:
    """Every Mana gain passes Limited Mana Recovery (ledger/domain/mana_recovery.py) first."""
    limited = limited_event(character, amount) if resource == "mana" else None
    if limited is None:
        return [gain_event(character, resource, amount, reason)]
    out: list[DomainEvent] = [limited]
    if limited.kept:
        out.append(gain_event(character, resource, limited.kept,
                              f"{reason} (kept {limited.kept} of {amount}: Limited Mana Recovery)"))
    return out


def gain(character_id: str, resource: str, amount: int, reason: str) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        return gain_events(require_alive(state, character_id), resource, amount, reason)

    return decide


def damage(character_id: str, amount: int, damage_type: str, reason: str,
           spell: str | None = None) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_character(state, character_id)
        if spell is not None and damage_type != "stun":  # the Stun spells deal stun damage
            raise RuleViolation(
                "stun-spell-deals-stun-damage",
                f"{spell} deals stun damage (001: \"psychic shock\"): give type \"stun\"",
                field="type", allowed=["stun"])
        return [damage_event(character, amount, damage_type, reason, spell=spell)]

    return decide


def heal(character_id: str, amount: int, reason: str, magical: bool = False) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        return [heal_event(character, amount, reason, magical=magical)]

    return decide
