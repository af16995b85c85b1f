"""Casting, overcasting and spell effects used later (CWN 6.1.3.2, 6.1.3.3, 6.1.3.5).

Rules (README "Effort and System Strain"; preparation is in spell_preparation.py):
- Only a prepared spell is cast, and never by an unconscious caster. A cast commits
  Mage Effort (1 unless the spell says otherwise: `effort`) for the duration named,
  and applies the spell's own rules (spell_rules.py).
- A spell lost mid-cast (`lost`) wastes its Effort: it is committed as the cast would
  have committed it, but the spell has no effect, adds no Strain and does not count
  as a use. Our reading: wasted Effort "for the duration" is held for the scene,
  since no effect exists whose end would return it.
- Overcasting costs no Effort. The die result and the Strain it inflicts are input
  (the table is missing). The ledger records the modified result (die + Cast + Con
  mod, -2 for a spell committed for the day), adds the Strain, and makes the caster
  unconscious for an hour with 1 HP when that Strain takes them over the maximum.
  An overcast duration spell lasts one scene. Our reading: overcasting is allowed
  whenever the caster declares it, with or without Effort left.
- In an encounter, a caster who suffered Health damage this round cannot cast that round
  (001; ledger/domain/encounters/casting.py); a spell recorded as lost is let through.
- Haste and Combat Precognition add Strain to whoever uses their effect, per use
  that day (`use_effect`).
"""

from __future__ import annotations

import msgspec

from ledger.domain.characters import check_able, require_alive
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.encounters import casting
from ledger.domain.encounters.dying import DyingEnded, dying_now
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.magic import spell_rules as rules
from ledger.domain.magic import strain
from ledger.domain.magic.effort import (
    EffortCommitted,
    attribute_mod,
    check_spellcaster_edge,
    commit_event,
    skill,
)
from ledger.domain.state import CampaignState, Character

DAY_PENALTY = 2


class CastRequest(msgspec.Struct, frozen=True, kw_only=True):
    spell: str
    duration: str | None = None  # "day", "scene" or "duration"; not needed when free
    effort: int | None = None  # the spell's cost when its text says other than 1
    target: str | None = None  # a character id when the Strain goes to the target
    lost: bool = False
    overcast_die: int | None = None
    overcast_strain: int | None = None
    label: str = ""


class OvercastRoll(msgspec.Struct, frozen=True):
    die: int
    cast: int
    con_mod: int
    day_penalty: int
    result: int  # die + Cast + Con mod - day penalty: read on the campaign's table
    strain: int  # the Strain the table inflicted (input)


class SpellCast(DomainEvent, frozen=True, kw_only=True):
    spell: str
    duration: str | None
    effort: int  # committed (or wasted); 0 when free or overcast
    lost: bool
    overcast: OvercastRoll | None
    target: str | None
    scene: str
    cast_in_scene: int  # 1 for the first of this spell this scene; 0 when lost
    effect_lasts: str | None  # "scene" for an overcast duration spell
    label: str = ""


class SpellEffectUsed(DomainEvent, frozen=True, kw_only=True):
    spell: str
    day: int
    use: int  # 1 for the first use that day


@evolves(SpellCast)
def _cast(state: CampaignState, e: SpellCast) -> None:
    if e.lost:
        return
    extras = state.characters[e.character_id or ""].strain_extras
    if extras.scene != e.scene:
        extras.scene, extras.uses_this_scene = e.scene, {}
    extras.uses_this_scene[e.spell] = e.cast_in_scene


@evolves(SpellEffectUsed)
def _effect_used(state: CampaignState, e: SpellEffectUsed) -> None:
    extras = state.characters[e.character_id or ""].strain_extras
    if extras.day != e.day:
        extras.day, extras.uses_today = e.day, {}
    extras.uses_today[e.spell] = e.use


def check_can_cast(caster: Character, spell: str) -> None:
    check_spellcaster_edge(caster)
    if caster.unconscious:
        raise RuleViolation("caster-unconscious", f"{caster.name} is unconscious")
    check_able(caster)  # the Condition Unconscious, Helpless, Dying (000)
    if spell not in caster.spells.prepared:
        prepared = caster.spells.prepared
        raise RuleViolation("spell-not-prepared", f"{caster.name} has not prepared {spell} "
                            f"(prepared: {', '.join(prepared) or 'none'})", field="spell",
                            allowed=prepared, catalog="spells")


def overcast_roll(caster: Character, req: CastRequest) -> OvercastRoll | None:
    if req.overcast_die is None and req.overcast_strain is None:
        return None
    if req.overcast_die is None or req.overcast_strain is None or req.lost:
        raise InvalidInput("overcast-input",
                           "an overcast names its die and its Strain, and is never lost",
                           field="overcast")
    cast, con = skill(caster, "cast"), attribute_mod(caster, "con")
    penalty = DAY_PENALTY if req.duration == "day" else 0
    return OvercastRoll(req.overcast_die, cast, con, penalty,
                        req.overcast_die + cast + con - penalty, req.overcast_strain)


def _committed_for(req: CastRequest, overcast: OvercastRoll | None) -> str | None:
    """The duration the cast commits Effort for: none when overcast ("no Effort cost",
    6.1.3.3), so Triage's "avoid this by Committing Effort for the day" cannot apply to an
    overcast Triage that names the day (an outside review of the readings)."""
    return None if overcast is not None else req.duration


def _target(state: CampaignState, spell: str, req: CastRequest,
            overcast: OvercastRoll | None) -> Character | None:
    if rules.target_strain(spell, _committed_for(req, overcast)) == 0 or req.lost:
        return None
    if req.target is None:
        raise InvalidInput("spell-target-required",
                           f"{spell} adds Strain to its target: name the target character",
                           field="target")
    return require_alive(state, req.target)


def _commitment(ctx: Context, caster: Character, spell: str, cost: int, req: CastRequest,
                overcast: OvercastRoll | None) -> list[EffortCommitted]:
    if cost == 0 or overcast is not None or req.duration is None:
        return []
    # Wasted Effort "for the duration" has no effect to end: it is held for the scene.
    duration = "scene" if req.lost and req.duration == "duration" else req.duration
    return [commit_event(ctx, caster, "mage", cost, duration, req.label or spell,
                         source=f"spell:{spell}")]


def _strain(state: CampaignState, caster: Character, target: Character | None, spell: str,
            casts_before: int, req: CastRequest,
            overcast: OvercastRoll | None) -> list[DomainEvent]:
    if req.lost:
        return []
    source = f"spell:{spell}"
    gains = [(caster.id, rules.caster_strain(spell, casts_before), source)]
    if target is not None:
        gains.append((target.id, rules.target_strain(spell, _committed_for(req, overcast)),
                      source))
    if overcast is not None:
        gains.append((caster.id, overcast.strain, "overcast"))
    events: list[DomainEvent] = list(strain.gain_events(state, gains, f"{spell} cast"))
    last = events[-1] if events else None
    if (overcast is not None and isinstance(last, strain.StrainGained)
            and last.source == "overcast" and last.over_max):
        events.append(strain.collapse_event(state, caster, last.after))
    return events


def cast(character_id: str, req: CastRequest) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        caster = require_alive(state, character_id)
        spell = rules.canonical(req.spell)
        check_can_cast(caster, spell)
        if not req.lost:  # a spell lost to that very blow records its wasted Effort (001)
            casting.check_not_hurt_this_round(state, caster)
            casting.check_not_grappled_this_round(state, caster)
            casting.check_target_free_this_scene(state, spell, req.target)
        overcast = overcast_roll(caster, req)
        before = rules.casts_this_scene(caster, state, spell)
        cost = rules.effort_cost(spell, req.effort)
        rules.check_duration(spell, req.duration, before, cost)
        rules.check_once_per_scene(spell, before, overcast is not None)
        target = _target(state, spell, req, overcast)
        committed = _commitment(ctx, caster, spell, cost, req, overcast)
        lasts = "scene" if overcast and req.duration == "duration" else req.duration
        event = SpellCast(
            character_id=character_id, spell=spell, duration=req.duration,
            effort=committed[0].commitment.amount if committed else 0, lost=req.lost,
            overcast=overcast, target=req.target, scene=rules.scene_key(state),
            cast_in_scene=0 if req.lost else before + 1, effect_lasts=lasts, label=req.label)
        return [event, *committed, *_strain(state, caster, target, spell, before, req, overcast),
                *_stabilized(state, spell, req)]

    return decide


def _stabilized(state: CampaignState, spell: str, req: CastRequest) -> list[DomainEvent]:
    """Triage: "You touch an adjacent living creature that is Mortally Wounded, stabilizing
    them immediately" (001, 6.1). A Mortally Wounded character is, here, a Dying one (at
    0 Health), so the cast ends Dying as First Aid does (an outside rules check found the
    target still dying, its survival time running)."""
    if spell != "Triage" or req.lost or req.target is None:
        return []
    target = require_alive(state, req.target)
    if not dying_now(target):
        return []
    return [DyingEnded(character_id=target.id, why="triage")]


def use_effect(character_id: str, spell: str) -> Decide:
    """The character uses a spell's effect (Haste's bonus action, a Combat Precognition reroll)."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        user = require_alive(state, character_id)
        name = rules.canonical(spell)
        before = rules.uses_today(user, state, name)
        amount = rules.effect_strain(name, before)
        used = SpellEffectUsed(character_id=character_id, spell=name, day=state.clock.day,
                               use=before + 1)
        return [used, *strain.gain_events(state, [(user.id, amount, f"effect:{name}")],
                                          f"{name} use {before + 1} today")]

    return decide
