"""Spell and spirit effects that the clock or the scene ends (001; docs/rules/encounters.md,
"Effects measured in minutes or scenes").

- Stun and Stunwave: "A creature targeted by this spell is thereafter immune to it and
  Stunwave [Stun] for the rest of the scene." A cast (not lost) whose `target` names a
  character, in an open scene, makes that character immune until the scene ends
  (`StunImmunityGained`, a reaction to `SpellCast`); a later Stun or Stunwave at them in
  the same scene is refused (409 `immune-to-stun-this-scene`,
  ledger/domain/encounters/casting.py `check_target_free_this_scene`). The
  scene's end ends it (`StunImmunityEnded`).
- Paralysis: "The spell can target a given creature only once per scene." A cast (not
  lost) whose `target` names a character, in an open scene, records `ParalysisTargeted`;
  a second Paralysis at them in that scene is refused (409
  `paralysis-once-per-scene-per-creature`, casting.py `check_target_free_this_scene`).
- Ensnare: "Ensnared enemies can still act, but cannot move from their location until the
  snare fades in five minutes. The spirit can't have more targets snared at once than its
  hit dice." (`ensnare`). The snare records its end minute and fades when the clock
  reaches it (`SnareFaded`, a reaction to `TimeAdvanced`, which each round of an
  encounter records when it crosses a minute), at a new day, or when the target is cut
  free (`free`: "two Main Actions for an ally ... or one successful Str/Exert check",
  the table's to judge).
"""

from __future__ import annotations

from ledger.domain.character_refs import resolve_character
from ledger.domain.characters import require_alive
from ledger.domain.clock import NewDay, SceneEnded, TimeAdvanced
from ledger.domain.context import Context
from ledger.domain.encounters.casting import PARALYSIS, STUN_SPELLS, named_target
from ledger.domain.errors import NotFound, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.magic.spells import SpellCast
from ledger.domain.spirits.common import check_present, require_spirit
from ledger.domain.state import CampaignState
from ledger.domain.state.timed import Snare

ENSNARE, ENSNARE_MINUTES = "Ensnare", 5


class StunImmunityGained(DomainEvent, frozen=True, kw_only=True):
    spell: str
    scene: int


class ParalysisTargeted(DomainEvent, frozen=True, kw_only=True):
    """Paralysis reached this character in `scene` (001: "The spell can target a given
    creature only once per scene")."""

    scene: int


class StunImmunityEnded(DomainEvent, frozen=True, kw_only=True):
    scene: int
    why: str  # "scene-ended"


class Ensnared(DomainEvent, frozen=True, kw_only=True):
    spirit_id: str
    since_minute: int
    until_minute: int


class SnareFaded(DomainEvent, frozen=True, kw_only=True):
    spirit_id: str
    why: str  # "time-passed", "new-day", "freed"


@evolves(StunImmunityGained)
def _immune(state: CampaignState, e: StunImmunityGained) -> None:
    state.characters[e.character_id or ""].stun_immune_scene = e.scene


@evolves(ParalysisTargeted)
def _paralysis_targeted(state: CampaignState, e: ParalysisTargeted) -> None:
    state.characters[e.character_id or ""].paralysis_scene = e.scene


@evolves(StunImmunityEnded)
def _immunity_ended(state: CampaignState, e: StunImmunityEnded) -> None:
    state.characters[e.character_id or ""].stun_immune_scene = None


@evolves(Ensnared)
def _ensnared(state: CampaignState, e: Ensnared) -> None:
    state.characters[e.character_id or ""].snares.append(
        Snare(spirit_id=e.spirit_id, since_minute=e.since_minute, until_minute=e.until_minute))


@evolves(SnareFaded)
def _faded(state: CampaignState, e: SnareFaded) -> None:
    character = state.characters[e.character_id or ""]
    character.snares = [s for s in character.snares if s.spirit_id != e.spirit_id]


def immunity_from_cast(state: CampaignState, event: DomainEvent, ctx: Context
                       ) -> list[DomainEvent]:
    if (not isinstance(event, SpellCast) or event.spell not in STUN_SPELLS or event.lost
            or not state.clock.scene_open):
        return []
    found = named_target(state, event.target)
    if found is None or state.characters[found].stun_immune_scene == state.clock.scene:
        return []
    return [StunImmunityGained(character_id=found, spell=event.spell, scene=state.clock.scene)]


def paralysis_target_from_cast(state: CampaignState, event: DomainEvent, ctx: Context
                               ) -> list[DomainEvent]:
    if (not isinstance(event, SpellCast) or event.spell != PARALYSIS or event.lost
            or not state.clock.scene_open):
        return []
    found = named_target(state, event.target)
    return [] if found is None else [ParalysisTargeted(character_id=found,
                                                       scene=state.clock.scene)]


def immunity_ends_with_the_scene(state: CampaignState, event: DomainEvent, ctx: Context
                                 ) -> list[DomainEvent]:
    if not isinstance(event, SceneEnded):
        return []
    return [StunImmunityEnded(character_id=c.id, scene=c.stun_immune_scene, why="scene-ended")
            for c in state.characters.values() if c.stun_immune_scene is not None]


def ensnare(state: CampaignState, spirit_id: str, target_ref: str) -> list[DomainEvent]:
    spirit = require_spirit(state, spirit_id)
    check_present(spirit, "ensnare")
    if ENSNARE not in spirit.powers:
        raise RuleViolation("spirit-lacks-power", f"spirit {spirit.id} has no Ensnare power",
                            field="target", allowed=list(spirit.powers))
    target = require_alive(state, resolve_character(state, target_ref, "target"))
    held = [c for c in state.characters.values()
            if any(s.spirit_id == spirit.id for s in c.snares)]
    if target in held:
        raise RuleViolation("already-ensnared", f"{target.name} is already snared by this spirit",
                            field="target")
    if len(held) >= spirit.hit_dice:
        raise RuleViolation("ensnare-targets-exceed-hit-dice",
                            f"the spirit already holds {len(held)} snared targets, as many as "
                            f"its {spirit.hit_dice} hit dice (001)", field="target")
    now = state.clock.minutes
    return [Ensnared(character_id=target.id, spirit_id=spirit.id, since_minute=now,
                     until_minute=now + ENSNARE_MINUTES)]


def free(state: CampaignState, character_id: str, spirit_id: str) -> list[DomainEvent]:
    character = require_alive(state, character_id)
    if not any(s.spirit_id == spirit_id for s in character.snares):
        raise NotFound("snare", spirit_id)
    return [SnareFaded(character_id=character.id, spirit_id=spirit_id, why="freed")]


def snares_fade(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """The clock reached a snare's end minute (or a new day came): it fades."""
    if isinstance(event, NewDay):
        return [SnareFaded(character_id=c.id, spirit_id=s.spirit_id, why="new-day")
                for c in state.characters.values() for s in c.snares]
    if not isinstance(event, TimeAdvanced):
        return []
    return [SnareFaded(character_id=c.id, spirit_id=s.spirit_id, why="time-passed")
            for c in state.characters.values() for s in c.snares if event.after >= s.until_minute]
