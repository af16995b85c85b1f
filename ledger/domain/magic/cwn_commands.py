"""The CWN commands: Effort, prepared spells, casting and System Strain
(docs/rules/effort-and-strain.md; the rules: effort, spell_preparation, spells, strain).

Each docstring is the rule's text as the API documents it. Every command here may be
issued by the GM or the player of the character in the path. Committing, reclaiming,
preparing, casting and using a spell's effect are that character's actions (they settle
the character's pending decisions first); Strain gained or recovered happens to the
character, so it settles nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar

from msgspec import Meta, Struct

from ledger.domain.bounds import Label, Note
from ledger.domain.command import TABLE_ROLES, Command, gm_or_player_of
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.encounters import haste
from ledger.domain.events import DomainEvent
from ledger.domain.magic import effort, spell_preparation, spell_rules, spells, strain
from ledger.domain.state import CampaignState
from ledger.domain.state.magic import POOLS

Decided = Sequence[DomainEvent | Later]
Amount = Annotated[int, Meta(ge=1, le=10_000)]
SpellName = Annotated[str, Meta(min_length=1, max_length=100)]
Pool = Annotated[str, Meta(extra_json_schema={"enum": list(POOLS)})]
Duration = Annotated[str, Meta(extra_json_schema={"enum": list(effort.COMMANDABLE)})]


class CharacterCommand(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A command of the character in the path: the GM's or that character's player's."""

    policy = gm_or_player_of("character_id")
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    acting_field: ClassVar[str | None] = "character_id"
    character_id: str


class CommitEffort(CharacterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Commit Mage or Summoner Effort for the day, the scene or the duration.

    Maximum Effort: Mage = max(Int mod, Wis mod) + Cast, Summoner = max(Con mod,
    Cha mod) + Summon, each at least 1; then each implant cuts it by its System
    Strain, at least 1 per implant (strains 2, 0 and 0.5 cut 4; our reading: the
    cuts add up exactly and a fractional total rounds up), never below 0. The pools
    never mix. Committing more than the pool has available is a 409
    (`effort-exhausted`). Scene Effort returns at the scene's end; day Effort at the
    next new day, only for characters listed as rested; duration Effort when
    reclaimed. Effort held by spirits and linked items ("bound") is committed by
    those commands, never here. Answers the Effort summary.
    """

    example = {"pool": "mage", "amount": 1, "duration": "scene", "label": "Ward of Ash"}
    example_needs = ("caster",)
    pool: Pool
    amount: Amount
    duration: Duration
    label: Label = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return effort.commit(self.character_id, self.pool, self.amount, self.duration,
                             self.label)(state, ctx)


class ReclaimEffort(CharacterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Reclaim Effort committed for the duration, which ends what it fuelled.

    Only "duration" commitments are reclaimed at will (409
    `only-duration-effort-reclaimed` otherwise); an unknown commitment is a 404.
    """

    path = ("character_id", "commitment_id")
    example_needs = ("duration-effort",)
    commitment_id: str

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return effort.reclaim(self.character_id, self.commitment_id)(state, ctx)


class PrepareSpells(CharacterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Prepare spells: at most ceil(level / 2) + Cast, and only at a new day.

    Our reading of "prepared spells can be changed when Effort is refreshed in the
    morning": a character prepares before their first preparation, then once after
    each new day they rested through (409 `prepare-at-new-day` otherwise). Too many
    spells is a 409 (`too-many-prepared-spells`). Only Detect Target may be listed
    twice. Learned spells are not tracked: any name is accepted, and listed spells
    are matched without regard to case.
    """

    example = {"spells": ["Illumination", "Blast"]}
    example_needs = ("caster",)
    spells: Annotated[list[SpellName], Meta(max_length=50)]

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return spell_preparation.prepare(self.character_id, self.spells)(state, ctx)


class Overcast(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The campaign table's overcasting die and Strain (input: the rules give no table)."""

    die: Annotated[int, Meta(ge=1, le=100)]
    strain: Annotated[int, Meta(ge=0, le=100)]


class CastSpell(CharacterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Cast a prepared spell: commit Mage Effort and apply the spell's own rules.

    A cast commits `effort` (default 1) Mage Effort for `duration` (day, scene or
    duration; required unless the spell is free). Spell rules: Illumination is
    free; each Blast after the first in a scene adds 1 Strain to the caster;
    Blastwave adds 1 every time and, like Stunwave, is once per scene unless
    overcast (409 `once-per-scene-unless-overcast`); Stun, Emotion and Triage commit
    for the scene or the day, and a second Stun in a scene for the day (409
    `second-stun-commits-for-the-day`); Triage adds 1 Strain to `target` unless
    committed for the day, and stabilizes a dying `target` (ends Dying); Heal Injury
    adds 1 Strain to `target` (a character id).
    `lost: true` records a spell lost mid-cast: its Effort is wasted (committed as the
    cast would; our reading: wasted "duration" Effort is held for the scene), with
    no Strain and no use counted. `overcast: {die, strain}` costs no Effort; the die
    and the Strain come from the campaign's table (input); the answer records the
    modified result (die + Cast + Con mod, -2 when committed for the day). If that
    Strain puts the caster above their maximum, they fall unconscious for an hour
    at 1 HP (waking when game time passes the hour, or at a new day). An overcast
    duration spell lasts one scene. Our reading: overcasting may be declared with or
    without Effort left. Casts are counted per scene (casts between scenes count
    together). Unprepared spells and unconscious casters: 409.
    """

    example = {"spell": "Blast", "duration": "scene", "label": "at the warden"}
    example_needs = ("prepared-caster",)
    spell: SpellName
    duration: Duration | None = None
    effort: Annotated[int, Meta(ge=1, le=100)] | None = None
    target: Annotated[str, Meta(min_length=1, max_length=100)] | None = None
    lost: bool = False
    overcast: Overcast | None = None
    label: Label = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        over = self.overcast
        request = spells.CastRequest(
            spell=self.spell, duration=self.duration, effort=self.effort, target=self.target,
            lost=self.lost, overcast_die=over.die if over else None,
            overcast_strain=over.strain if over else None, label=self.label)
        return spells.cast(self.character_id, request)(state, ctx)


class UseSpellEffect(CharacterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The character uses a spell's effect that costs Strain per use that day.

    Haste: each bonus action adds 0, 1, 2... Strain for the first, second, third use
    that day. Combat Precognition: each reroll adds Strain equal to the uses that
    day (1, 2, 3...). The character in the path is the one using the effect.
    """

    example = {"spell": "Combat Precognition"}
    example_needs = ("caster",)
    spell: SpellName

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        haste.check_use(state, self.character_id, spell_rules.canonical(self.spell),
                        by_gm=ctx.actor.role in TABLE_ROLES)
        return spells.use_effect(self.character_id, self.spell)(state, ctx)


STRAIN_ACTIONS = ("gain", "recover")


class ChangeStrain(CharacterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Gain or recover System Strain.

    Gaining is never refused: Strain may pass the maximum (a sheet value,
    `strain.max`: the Constitution score in CWN) and the event says `over_max`.
    Recovery is input (the rules give no rate): it lowers current Strain by the
    amount, never below the permanent part (linked items and the like).
    """

    path = ("character_id", "action")
    acting_field = None  # Strain happens to the character: it settles nobody
    example = {"amount": 1, "reason": "a night in the cold"}
    example_needs = ("caster", "gain")
    action: Annotated[str, Meta(extra_json_schema={"enum": list(STRAIN_ACTIONS)})]
    amount: Amount
    reason: Note = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        change = strain.gain if self.action == "gain" else strain.recover
        return change(self.character_id, self.amount, self.reason)(state, ctx)


COMMANDS: tuple[type[Command], ...] = (
    CommitEffort, ReclaimEffort, PrepareSpells, CastSpell, UseSpellEffect, ChangeStrain)
