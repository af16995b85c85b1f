"""Haste counted in rounds (001; docs/rules/encounters.md, "Haste").

001: "Target a visible ally. For the next 1d4+1 rounds, once per round, as an On Turn
action, they can perform an extra Main Action."

- A Haste cast during an encounter rolls its 1d4+1 rounds with the session's dice and
  records them (`Rolled`, then `SpellEffectTimed`, a reaction to `SpellCast`): it ends at
  the start of the caster's place in the order that many rounds later
  (`SpellEffectEnded`, a reaction to each turn). Our reading: the ally is the cast's
  `target` when it names a character, otherwise the caster; a new Haste on the same
  character starts the count again.
- Its bonus action (`UseSpellEffect` Haste) is taken once per round (409
  `haste-once-per-round`) and not after the effect ended in this encounter (409
  `haste-ended`); each use is noted with its round (`SpellEffectUsedInRound`).
- Outside an encounter nothing is counted: uses are accepted as before. In an encounter,
  a player's use needs a Haste counted in it (409 `haste-not-running`): one cast in an
  earlier fight ended with it, and "once per round" holds in every round (an outside
  rules check saw a player take three in one round). A Haste cast before the fight is the
  GM's to carry: the GM's record of a use is accepted. The count stops when the
  encounter ends.
"""

from __future__ import annotations

import msgspec

from ledger.domain.context import Context
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.magic.spells import SpellCast, SpellEffectUsed
from ledger.domain.rolls import notation_rolled
from ledger.domain.state import CampaignState
from ledger.domain.state.encounter import EffectTimer, Encounter

HASTE = "Haste"
HASTE_ROUNDS = "1d4+1"


class SpellEffectTimed(DomainEvent, frozen=True, kw_only=True):
    """A spell effect on `character_id` counted in the encounter's rounds."""

    encounter_id: str
    effect: EffectTimer


class SpellEffectEnded(DomainEvent, frozen=True, kw_only=True):
    encounter_id: str
    spell: str
    why: str  # "rounds-passed"


class SpellEffectUsedInRound(DomainEvent, frozen=True, kw_only=True):
    encounter_id: str
    spell: str
    round: int


def _effect(encounter: Encounter, character_id: str, spell: str) -> EffectTimer | None:
    return next((t for t in encounter.effects
                 if t.character_id == character_id and t.spell == spell), None)


@evolves(SpellEffectTimed)
def _timed(state: CampaignState, e: SpellEffectTimed) -> None:
    if state.encounter is not None:
        state.encounter.effects = [t for t in state.encounter.effects if not (
            t.character_id == e.effect.character_id and t.spell == e.effect.spell)]
        state.encounter.effects.append(msgspec.structs.replace(e.effect))


@evolves(SpellEffectEnded)
def _ended(state: CampaignState, e: SpellEffectEnded) -> None:
    timer = None if state.encounter is None else _effect(state.encounter, e.character_id or "",
                                                          e.spell)
    if timer is not None:
        timer.ended = True


@evolves(SpellEffectUsedInRound)
def _used(state: CampaignState, e: SpellEffectUsedInRound) -> None:
    timer = None if state.encounter is None else _effect(state.encounter, e.character_id or "",
                                                          e.spell)
    if timer is not None:
        timer.used_round = e.round


def time_haste(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    encounter = state.encounter
    if (not isinstance(event, SpellCast) or encounter is None or event.spell != HASTE
            or event.lost):
        return []
    caster = event.character_id or ""
    holder = event.target if event.target in state.characters else caster
    rolled = notation_rolled(ctx, caster, HASTE_ROUNDS, None, state.settings.max_dice_per_roll,
                             label="Haste: 1d4+1 rounds")
    timer = EffectTimer(spell=HASTE, character_id=holder or caster, caster_id=caster,
                        rounds=rolled.total, round=encounter.round + rolled.total,
                        turn=encounter.turn)
    return [rolled, SpellEffectTimed(character_id=timer.character_id,
                                     encounter_id=encounter.id, effect=timer)]


def end_effects(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """At each turn: the spell effects whose rounds are over end."""
    encounter = state.encounter
    if encounter is None:
        return []
    now = (encounter.round, encounter.turn)
    return [SpellEffectEnded(character_id=t.character_id, encounter_id=encounter.id,
                             spell=t.spell, why="rounds-passed")
            for t in encounter.effects if not t.ended and now >= (t.round, t.turn)]


def note_use(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    encounter = state.encounter
    if not isinstance(event, SpellEffectUsed) or encounter is None:
        return []
    if _effect(encounter, event.character_id or "", event.spell) is None:
        return []
    return [SpellEffectUsedInRound(character_id=event.character_id, encounter_id=encounter.id,
                                   spell=event.spell, round=encounter.round)]


def check_use(state: CampaignState, character_id: str, spell: str, by_gm: bool) -> None:
    encounter = state.encounter
    timer = None if encounter is None else _effect(encounter, character_id, spell)
    if encounter is None or spell != HASTE:
        return
    user = state.characters[character_id]
    if timer is None:
        if by_gm:  # a Haste cast before the fight: the GM carries it
            return
        raise RuleViolation("haste-not-running",
                            f"{user.name} has no Haste counted in this fight: one cast in it "
                            "is counted for its 1d4+1 rounds; one cast before it is the GM's "
                            "to record")
    if timer.ended:
        raise RuleViolation("haste-ended", f"{user.name}'s {spell} ended after {timer.rounds} "
                            "rounds (001: \"For the next 1d4+1 rounds\")")
    if timer.used_round == encounter.round:
        raise RuleViolation("haste-once-per-round",
                            f"{user.name} already took {spell}'s extra action in round "
                            f"{encounter.round} (001: \"once per round\")")
