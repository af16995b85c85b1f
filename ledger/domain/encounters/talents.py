"""Talents limited per encounter or per turn (Mana Noir "Talents"; docs/rules/talents.md).

- Adventurer Grandmaster: "Once per combat encounter, you may spend one Conviction point
  to completely avoid the damage from a single attack". Recorded as the attack's damage
  avoided (`DamageAvoided`: amount, type, reason; Health unchanged) after 1 Conviction
  spent. Our reading: a combat encounter is the ledger's encounter, so outside one it is
  refused (409 `adventurer-grandmaster-needs-an-encounter`), and once per character per
  encounter (409 `adventurer-grandmaster-once-per-encounter`). The Hazard half of the
  sentence is the GM's (a Hazard's consequences are not damage the ledger records).
- Leader Apex: "Once per turn, you may spend Conviction on behalf of any member of your
  group you can see and communicate with, giving them the benefit". The leader's
  Conviction is spent; `ConvictionSpentForAlly` records who spent it for whom. "Once per
  turn" counts the encounter's turns (`Encounter.turn_number`, whoever's turn it is): a
  second use in the same turn is 409 `leader-apex-once-per-turn`. Our reading: outside an
  encounter the ledger counts no turns, so the use is recorded without a turn and not
  limited (the GM's call). Seeing and communicating with the ally is the GM's judgement.
"""

from __future__ import annotations

from ledger.domain.character_refs import resolve_character
from ledger.domain.characters import require_alive
from ledger.domain.context import Context
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.resources import spend_event
from ledger.domain.state import CampaignState, Character
from ledger.domain.stunts.talents import has

AVOID_COST = 1  # "one Conviction point"


class DamageAvoided(DomainEvent, frozen=True, kw_only=True):
    """An attack's damage avoided by Adventurer Grandmaster (Conviction spent just before)."""

    encounter_id: str
    amount: int
    damage_type: str
    reason: str
    conviction: int = AVOID_COST


class ConvictionSpentForAlly(DomainEvent, frozen=True, kw_only=True):
    """Leader Apex: `character_id` spent Conviction (its own event, just before) for `ally_id`."""

    ally_id: str
    amount: int
    reason: str
    encounter_id: str | None = None
    turn_number: int | None = None  # the encounter's turn; None outside an encounter


@evolves(DamageAvoided)
def _avoided(state: CampaignState, e: DamageAvoided) -> None:
    if state.encounter is not None:
        state.encounter.damage_avoided_by.append(e.character_id or "")


@evolves(ConvictionSpentForAlly)
def _for_ally(state: CampaignState, e: ConvictionSpentForAlly) -> None:
    if state.encounter is not None and e.turn_number is not None:
        state.encounter.conviction_for_ally[e.character_id or ""] = e.turn_number


def require_talent(character: Character, name: str, degree: str) -> None:
    if not has(character, name, degree):
        raise RuleViolation("talent-not-on-sheet",
                            f"{character.name} lacks {name} {degree.title()}", field="character_id")


def avoid_damage(state: CampaignState, character_id: str, amount: int, damage_type: str,
                 reason: str) -> list[DomainEvent]:
    """Adventurer Grandmaster: 1 Conviction, once per encounter, avoids one attack's damage."""
    character = require_alive(state, character_id)
    require_talent(character, "Adventurer", "grandmaster")
    encounter = state.encounter
    if encounter is None:
        raise RuleViolation("adventurer-grandmaster-needs-an-encounter",
                            "Adventurer Grandmaster avoids damage once per combat encounter: "
                            "no encounter is under way")
    if character.id in encounter.damage_avoided_by:
        raise RuleViolation("adventurer-grandmaster-once-per-encounter",
                            f"{character.name} already avoided an attack's damage in this "
                            "encounter")
    spent = spend_event(character, "conviction", AVOID_COST,
                        f"Adventurer Grandmaster: avoids {amount} {damage_type} damage")
    return [spent, DamageAvoided(character_id=character.id, encounter_id=encounter.id,
                                 amount=amount, damage_type=damage_type, reason=reason)]


def conviction_for_ally(state: CampaignState, ctx: Context, character_id: str, ally: str,
                        amount: int, reason: str) -> list[DomainEvent]:
    """Leader Apex: the leader spends Conviction for an ally, once per encounter turn, one
    point ("giving them the benefit of the Conviction point", 000; an outside rules check
    saw two accepted)."""
    leader = require_alive(state, character_id)
    require_talent(leader, "Leader", "apex")
    if amount != 1:
        raise InvalidInput("leader-apex-one-point", "Leader Apex gives an ally the benefit of "
                           "one Conviction point", field="amount")
    ally_id = resolve_character(state, ally, "ally")
    if ally_id == leader.id:
        raise RuleViolation("leader-apex-is-for-an-ally",
                            "Leader Apex spends Conviction on behalf of another member of the "
                            "group", field="ally")
    encounter = state.encounter
    turn = encounter.turn_number if encounter is not None else None
    if encounter is not None and encounter.conviction_for_ally.get(leader.id) == turn:
        raise RuleViolation("leader-apex-once-per-turn",
                            f"{leader.name} already spent Conviction for an ally this turn",
                            field="ally")
    ally_name = require_alive(state, ally_id).name
    spent = spend_event(leader, "conviction", amount, f"Leader Apex: for {ally_name}")
    return [spent, ConvictionSpentForAlly(
        character_id=leader.id, ally_id=ally_id, amount=amount, reason=reason,
        encounter_id=encounter.id if encounter is not None else None, turn_number=turn)]
