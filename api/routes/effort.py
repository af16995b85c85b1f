"""CWN Effort, prepared spells, casting and overcasting, and System Strain.

The rules live in ledger/domain/magic/ (effort, spell_preparation, spells, spell_rules,
strain); docs/rules/effort-and-strain.md lists each rule and our readings.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth
from api.answers import StateView, character_view, json_response, write
from api.schemas import AtQuery
from api.schemas_effort import (
    CastIn,
    EffectUseIn,
    EffortCommitIn,
    PrepareIn,
    StrainChangeIn,
)
from api.timetravel import character_for
from api.voids import at_fields
from ledger.domain.magic import effort, spell_preparation, spells, strain
from ledger.domain.state import CampaignState, Character

blp = Blueprint("effort", __name__, url_prefix="/v1/campaigns/<campaign_id>/characters",
                description="CWN Effort (Mage and Summoner), prepared spells, casting, "
                            "overcasting and System Strain")


def effort_view(character_id: str) -> StateView:
    return lambda state: effort.summary(state.characters[character_id])


def _character_at(query: dict[str, Any], campaign_id: str,
                  character_id: str) -> tuple[CampaignState, Character]:
    auth.require_reader(campaign_id)
    return character_for(campaign_id, character_id, query["at"], query["view"])


@blp.route("/<character_id>/effort/commit", methods=["POST"])
@blp.arguments(EffortCommitIn)
def commit(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
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
    auth.require_gm_or_player(campaign_id, character_id)
    decide = effort.commit(character_id, body["pool"], body["amount"], body["duration"],
                           body["label"])
    return write(campaign_id, decide, view=effort_view(character_id))


@blp.route("/<character_id>/effort/<commitment_id>/reclaim", methods=["POST"])
def reclaim(campaign_id: str, character_id: str, commitment_id: str) -> Response:
    """Reclaim Effort committed for the duration, which ends what it fuelled.

    Only "duration" commitments are reclaimed at will (409
    `only-duration-effort-reclaimed` otherwise); an unknown commitment is a 404.
    """
    auth.require_gm_or_player(campaign_id, character_id)
    return write(campaign_id, effort.reclaim(character_id, commitment_id),
                 view=effort_view(character_id))


@blp.route("/<character_id>/effort", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def get_effort(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Each pool's max (after cyberware), committed, available and commitments, and Strain.

    `?at=` (a position or an RFC 3339 time) shows them as they were then.
    """
    state, character = _character_at(query, campaign_id, character_id)
    return json_response({**at_fields(campaign_id, state), "effort": effort.summary(character),
                          "strain": strain.summary(character)})


@blp.route("/<character_id>/spells/prepare", methods=["POST"])
@blp.arguments(PrepareIn)
def prepare(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Prepare spells: at most ceil(level / 2) + Cast, and only at a new day.

    Our reading of "prepared spells can be changed when Effort is refreshed in the
    morning": a character prepares before their first preparation, then once after
    each new day they rested through (409 `prepare-at-new-day` otherwise). Too many
    spells is a 409 (`too-many-prepared-spells`). Only Detect Target may be listed
    twice. Learned spells are not tracked: any name is accepted, and listed spells
    are matched without regard to case.
    """
    auth.require_gm_or_player(campaign_id, character_id)
    return write(campaign_id, spell_preparation.prepare(character_id, body["spells"]),
                 view=character_view(character_id))


@blp.route("/<character_id>/spells/cast", methods=["POST"])
@blp.arguments(CastIn)
def cast(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Cast a prepared spell: commit Mage Effort and apply the spell's own rules.

    A cast commits `effort` (default 1) Mage Effort for `duration` (day, scene or
    duration; required unless the spell is free). Spell rules: Illumination is
    free; each Blast after the first in a scene adds 1 Strain to the caster;
    Blastwave adds 1 every time and, like Stunwave, is once per scene unless
    overcast (409 `once-per-scene-unless-overcast`); Stun, Emotion and Triage commit
    for the scene or the day, and a second Stun in a scene for the day (409
    `second-stun-commits-for-the-day`); Triage adds 1 Strain to `target` unless
    committed for the day; Heal Injury adds 1 Strain to `target` (a character id).
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
    auth.require_gm_or_player(campaign_id, character_id)
    over = body["overcast"] or {}
    request = spells.CastRequest(
        spell=body["spell"], duration=body["duration"], effort=body["effort"],
        target=body["target"], lost=body["lost"], overcast_die=over.get("die"),
        overcast_strain=over.get("strain"), label=body["label"])
    return write(campaign_id, spells.cast(character_id, request),
                 view=character_view(character_id))


@blp.route("/<character_id>/spells/use", methods=["POST"])
@blp.arguments(EffectUseIn)
def use_effect(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """The character uses a spell's effect that costs Strain per use that day.

    Haste: each bonus action adds 0, 1, 2... Strain for the first, second, third use
    that day. Combat Precognition: each reroll adds Strain equal to the uses that
    day (1, 2, 3...). The character in the path is the one using the effect.
    """
    auth.require_gm_or_player(campaign_id, character_id)
    return write(campaign_id, spells.use_effect(character_id, body["spell"]),
                 view=character_view(character_id))


@blp.route("/<character_id>/spells", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def get_spells(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Prepared spells, the preparation limit, and this scene's casts and today's uses."""
    state, character = _character_at(query, campaign_id, character_id)
    return json_response({**at_fields(campaign_id, state),
                          "spells": spell_preparation.summary(character, state)})


@blp.route("/<character_id>/strain/<any(gain,recover):action>", methods=["POST"])
@blp.arguments(StrainChangeIn)
def change_strain(body: dict[str, Any], campaign_id: str, character_id: str,
                  action: str) -> Response:
    """Gain or recover System Strain.

    Gaining is never refused: Strain may pass the maximum (a sheet value,
    `strain.max`: the Constitution score in CWN) and the event says `over_max`.
    Recovery is input (the rules give no rate): it lowers current Strain by the
    amount, never below the permanent part (linked items and the like).
    """
    auth.require_gm_or_player(campaign_id, character_id)
    change = strain.gain if action == "gain" else strain.recover
    return write(campaign_id, change(character_id, body["amount"], body["reason"]),
                 view=character_view(character_id))


@blp.route("/<character_id>/strain", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def get_strain(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """System Strain (current, permanent, max, recoverable) at the head or `?at=`."""
    state, character = _character_at(query, campaign_id, character_id)
    return json_response({**at_fields(campaign_id, state), "strain": strain.summary(character)})
