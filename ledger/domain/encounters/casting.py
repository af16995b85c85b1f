"""Casting counted in rounds (001; docs/rules/encounters.md, "Casting in a round").

- "Mages who have suffered hit point damage, grappling, or other severe distractions in
  a round cannot cast spells that round": during an encounter, Health damage to a
  character is recorded with its round (`HurtThisRound`, a reaction to `Damaged`), and a
  cast by that character in the same round of the same encounter is refused (409
  `hurt-this-round-cannot-cast`, `check_not_hurt_this_round`).
- Our readings: any Health damage counts (`amount` above 0, whatever its source),
  whether or not the character is in the order; grappling and the other "severe
  distractions" are the GM's call, since the ledger does not know what distracts. Outside
  an encounter there are no rounds and nothing is refused.
"""

from __future__ import annotations

from ledger.domain.context import Context
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.resources import Damaged
from ledger.domain.state import CampaignState, Character


class HurtThisRound(DomainEvent, frozen=True, kw_only=True):
    """The character suffered Health damage in this round of the encounter (001)."""

    encounter_id: str
    round: int
    amount: int


@evolves(HurtThisRound)
def _hurt(state: CampaignState, e: HurtThisRound) -> None:
    if state.encounter is not None:
        state.encounter.hurt[e.character_id or ""] = e.round


def note_health_damage(state: CampaignState, event: DomainEvent, ctx: Context
                       ) -> list[DomainEvent]:
    encounter = state.encounter
    if not isinstance(event, Damaged) or encounter is None or event.amount <= 0:
        return []
    return [HurtThisRound(character_id=event.character_id, encounter_id=encounter.id,
                          round=encounter.round, amount=event.amount)]


def check_not_hurt_this_round(state: CampaignState, caster: Character) -> None:
    encounter = state.encounter
    if encounter is not None and encounter.hurt.get(caster.id) == encounter.round:
        raise RuleViolation(
            "hurt-this-round-cannot-cast",
            f"{caster.name} suffered hit point damage in round {encounter.round} and cannot "
            "cast spells that round (001: \"Mages who have suffered hit point damage ... in a "
            "round cannot cast spells that round\")")
