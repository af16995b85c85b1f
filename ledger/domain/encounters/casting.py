"""Casting counted in rounds (001; docs/rules/encounters.md, "Casting in a round").

- "Mages who have suffered hit point damage, grappling, or other severe distractions in
  a round cannot cast spells that round": during an encounter, Health damage to a
  character is recorded with its round (`HurtThisRound`, a reaction to `Damaged`), and a
  cast by that character in the same round of the same encounter is refused (409
  `hurt-this-round-cannot-cast`, `check_not_hurt_this_round`).
- Grappling: a character who is Grabbed, Pinned or Restrained (000's grapple
  Conditions) during a round cannot cast that round: gaining one during an encounter is
  recorded with its round (`GrappledThisRound`, a reaction to `ConditionAdded`), and a cast
  is refused while the character has one, or had one earlier in the round (409
  `grappled-this-round-cannot-cast`, `check_not_grappled_this_round`).
- Our readings: any Health damage counts (`amount` above 0, whatever its source),
  whether or not the character is in the order; the other "severe distractions" are the
  GM's call, since the ledger does not know what distracts. Outside an encounter there
  are no rounds and nothing is refused.
"""

from __future__ import annotations

from ledger.domain.conditions.adding import ConditionAdded
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


class GrappledThisRound(DomainEvent, frozen=True, kw_only=True):
    """The character was grappled (Grabbed, Pinned, Restrained) in this round (001)."""

    encounter_id: str
    round: int
    condition: str


# 000: Grabbed and Restrained come from grapples (Grabbed on Grabbed is Restrained, a
# Grapple Stunt's Lock restrains) and Pinned is being "held in a grapple" or under weight.
GRAPPLING = ("Grabbed", "Pinned", "Restrained")


@evolves(GrappledThisRound)
def _grappled(state: CampaignState, e: GrappledThisRound) -> None:
    if state.encounter is not None:
        state.encounter.grappled[e.character_id or ""] = e.round


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


def note_grappling(state: CampaignState, event: DomainEvent, ctx: Context
                   ) -> list[DomainEvent]:
    encounter = state.encounter
    if (not isinstance(event, ConditionAdded) or encounter is None
            or event.condition.name not in GRAPPLING):
        return []
    return [GrappledThisRound(character_id=event.character_id, encounter_id=encounter.id,
                              round=encounter.round, condition=event.condition.name)]


def check_not_grappled_this_round(state: CampaignState, caster: Character) -> None:
    encounter = state.encounter
    if encounter is None:
        return
    held = next((c.name for c in caster.conditions if c.name in GRAPPLING), None)
    if held is None and encounter.grappled.get(caster.id) != encounter.round:
        return
    how = f"is {held}" if held else f"was grappled in round {encounter.round}"
    raise RuleViolation(
        "grappled-this-round-cannot-cast",
        f"{caster.name} {how} and cannot cast spells this round (001: \"Mages who have "
        "suffered hit point damage, grappling, or other severe distractions in a round cannot "
        "cast spells that round\")")


# 001: "A creature targeted by this spell is thereafter immune to it and Stunwave [Stun] for
# the rest of the scene" (the immunity is recorded by encounters/timed_effects.py).
STUN_SPELLS = ("Stun", "Stunwave")
# 001, Paralysis: "The spell can target a given creature only once per scene."
PARALYSIS = "Paralysis"


def named_target(state: CampaignState, ref: str | None) -> str | None:
    """The character a cast's free-text `target` names (an id, or one character's name)."""
    if not ref:
        return None
    if ref in state.characters:
        return ref
    named = [c.id for c in state.characters.values() if c.name.lower() == ref.lower()]
    return named[0] if len(named) == 1 else None


def check_target_free_this_scene(state: CampaignState, spell: str, target: str | None) -> None:
    """Stun's immunity for the scene, and Paralysis's once per scene per creature."""
    found = named_target(state, target) if spell in (*STUN_SPELLS, PARALYSIS) else None
    character = None if found is None else state.characters[found]
    if (character is not None and spell == PARALYSIS and state.clock.scene_open
            and character.paralysis_scene == state.clock.scene):
        raise RuleViolation(
            "paralysis-once-per-scene-per-creature",
            f"Paralysis already targeted {character.name} in this scene: \"The spell can "
            "target a given creature only once per scene\" (001)", field="target")
    if spell == PARALYSIS:
        return
    if (character is not None and state.clock.scene_open
            and character.stun_immune_scene == state.clock.scene):
        raise RuleViolation(
            "immune-to-stun-this-scene",
            f"{character.name} was targeted by Stun or Stunwave in this scene and is immune to "
            "both for the rest of it (001)", field="target")
