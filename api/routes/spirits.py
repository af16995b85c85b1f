"""Summoned spirits (CWN 6.2): summoning, call/dismiss/dispel, damage, banish, compel, fade.

Every command records all its consequences in one decision: the Effort it
commits or releases, every die rolled (as Rolled events), the spirit's new
status. The rules and our readings are in docs/rules/spirits.md.
"""

from __future__ import annotations

from typing import Any

import msgspec
from flask import Response
from flask_smorest import Blueprint

from api import auth, schemas
from api.answers import json_response, write
from api.errors import ApiError
from api.runtime import ledger
from api.schemas_spirits import BanishIn, CompelIn, FadeIn, SpiritDamageIn, SummonIn
from api.timetravel import character_for, state_for
from api.voids import at_fields
from ledger.domain.decision import Decide
from ledger.domain.spirits import (
    actions as spirits_actions,
)
from ledger.domain.spirits import (
    control as spirits_control,
)
from ledger.domain.spirits import (
    summoning as spirits,
)
from ledger.domain.spirits.events import SpiritSummoned
from ledger.domain.state import CampaignState
from ledger.service.ledger import Outcome

blp = Blueprint(
    "spirits", __name__, url_prefix="/v1/campaigns/<campaign_id>",
    description="Summoned spirits: who holds them, their state and status history. An "
    "immediate spirit vanishes once game time reaches 60 minutes after its summoning (on "
    "clock/advance) and at a new day; a summoner's death dispels every spirit they hold. "
    "Released summoning Effort returns at the first new day after (with that new day for an "
    "immediate spirit that a new day ends). Uncontrolled spirits are not bound by the hour.")


def holdings(state: CampaignState, character_id: str) -> dict[str, Any]:
    """One summoner's spirits: those held now, and every spirit they ever summoned."""
    mine = [s for s in state.spirits.values() if s.summoner_id == character_id]
    held = [s for s in mine if s.held]
    return {"character_id": character_id, "held": held, "spirits": mine,
            "hit_dice_held": sum(s.hit_dice for s in held)}


def _spirit_view(spirit_id: str, *others: str) -> Any:
    def view(state: CampaignState) -> dict[str, Any]:
        spirit = state.spirits[spirit_id]
        ids = dict.fromkeys([spirit.summoner_id, *others])
        return {"spirit": spirit, "characters": {i: state.characters.get(i) for i in ids}}

    return view


def _summoner_of(campaign_id: str, spirit_id: str) -> str:
    auth.require_reader(campaign_id)
    spirit = ledger().state(campaign_id).spirits.get(spirit_id)
    if spirit is None:
        raise ApiError(404, "spirit-not-found", f"No spirit {spirit_id!r}.")
    return spirit.summoner_id


def _by_summoner(campaign_id: str, spirit_id: str, decide: Decide) -> Response:
    """A command only the spirit's summoner (their player, or the GM) may give."""
    summoner = _summoner_of(campaign_id, spirit_id)
    auth.require_gm_or_player(campaign_id, summoner)
    return write(campaign_id, decide, view=_spirit_view(spirit_id))


@blp.route("/characters/<character_id>/spirits", methods=["POST"])
@blp.arguments(SummonIn)
def summon(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Summon a spirit, ritual or immediate (GM or the summoner's player).

    Needs the Summoner Edge. Form I from level 1, II from 5, III from 9. Powers are
    the rules' list; each is taken once; Ensnare, Violent Will, Mighty Form and Iron
    Eidolon need a Physical Form; Hideous Talons and Spirit of War need Violent Will.
    Hit dice and hit points are input (the manifestation table is missing); a
    Namebearer adds +2 hit points per hit die. Held spirits may not total more hit
    dice than the summoner's level. Cost, committed from Summoner Effort and bound
    to the spirit until the first new day after it is gone (our reading of "for the
    day ... cannot recover until the morning after it is dispelled"): ritual =
    powers - 1 - Summon, at least 1; immediate = powers - Summon, at least 1, +1 per
    earlier immediate summoning by this summoner in the open scene. A `name` (with
    the Namebearer power) naming a gone Namebearer of this summoner summons it again:
    same id, form, level and hit dice, and its powers can only grow.
    """
    auth.require_gm_or_player(campaign_id, character_id)
    order = msgspec.convert(body, spirits.SummonOrder)

    def extra(outcome: Outcome) -> dict[str, Any]:
        found = [e.spirit_id for e in outcome.events if isinstance(e, SpiritSummoned)]
        return {"spirit_id": found[0] if found else None}

    return write(campaign_id, spirits.summon(character_id, order),
                 status=201, extra=extra, view=lambda state: holdings(state, character_id))


@blp.route("/spirits", methods=["GET"])
@blp.arguments(schemas.AtQuery, location="query")
def list_spirits(query: dict[str, Any], campaign_id: str) -> Response:
    """Every spirit and which each summoner holds, at the head or `?at=`.

    `held` lists the spirits present or dismissed under their summoner's control;
    `spirits` keeps gone and uncontrolled ones too, each with its status history.
    """
    auth.require_reader(campaign_id)
    state = state_for(campaign_id, query["at"], query["view"])
    summoners = sorted({s.summoner_id for s in state.spirits.values()})
    return json_response({**at_fields(campaign_id, state), "spirits": list(state.spirits.values()),
                          "summoners": {c: holdings(state, c) for c in summoners}})


@blp.route("/characters/<character_id>/spirits", methods=["GET"])
@blp.arguments(schemas.AtQuery, location="query")
def character_spirits(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """One summoner's spirits (held now, and all ever summoned), at the head or `?at=`."""
    auth.require_reader(campaign_id)
    state, _ = character_for(campaign_id, character_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state), **holdings(state, character_id)})


@blp.route("/spirits/<spirit_id>/dismiss", methods=["POST"])
@blp.arguments(schemas.Empty)
def dismiss(body: dict[str, Any], campaign_id: str, spirit_id: str) -> Response:
    """Dismiss a present ritual spirit; it still holds its summoning Effort.

    Immediate spirits cannot be dismissed or called.
    """
    return _by_summoner(campaign_id, spirit_id, spirits_actions.dismiss(spirit_id))


@blp.route("/spirits/<spirit_id>/call", methods=["POST"])
@blp.arguments(schemas.Empty)
def call(body: dict[str, Any], campaign_id: str, spirit_id: str) -> Response:
    """Call a dismissed ritual spirit back to its summoner."""
    return _by_summoner(campaign_id, spirit_id, spirits_actions.call(spirit_id))


@blp.route("/spirits/<spirit_id>/dispel", methods=["POST"])
@blp.arguments(schemas.Empty)
def dispel(body: dict[str, Any], campaign_id: str, spirit_id: str) -> Response:
    """Dispel a held spirit (its summoner); its Effort returns at the next new day.

    The spirit must be visible: a dismissed spirit is called first (our reading).
    """
    return _by_summoner(campaign_id, spirit_id, spirits_actions.dispel(spirit_id))


@blp.route("/spirits/<spirit_id>/damage", methods=["POST"])
@blp.arguments(SpiritDamageIn)
def damage(body: dict[str, Any], campaign_id: str, spirit_id: str) -> Response:
    """Damage a spirit (GM or any player); at 0 hit points it is destroyed.

    A destroyed spirit's Effort returns at the first new day after.
    """
    auth.require_writer(campaign_id)
    return write(campaign_id, spirits_actions.damage(spirit_id, body["amount"], body["reason"]),
                 view=_spirit_view(spirit_id))


@blp.route("/spirits/<spirit_id>/compel", methods=["POST"])
@blp.arguments(CompelIn)
def compel(body: dict[str, Any], campaign_id: str, spirit_id: str) -> Response:
    """Compel a resisting spirit: 1 Effort for the scene and a Cha/Summon check.

    2d6 + Cha modifier + Summon (server dice, or two reported `dice`) against 8
    (`distasteful`), 11 (`suicidal`) or 13 (`contrary` to its nature), +2 for a
    Namebearer. On a failure the spirit breaks free: it is uncontrolled, no longer
    counts towards the hit-dice cap, and its summoning Effort returns next new day.
    """
    decide = spirits_control.compel(spirit_id, body["command"], body["dice"])
    return _by_summoner(campaign_id, spirit_id, decide)


@blp.route("/spirits/<spirit_id>/banish", methods=["POST"])
@blp.arguments(BanishIn)
def banish(body: dict[str, Any], campaign_id: str, spirit_id: str) -> Response:
    """Banish a visible spirit (any summoner, `by`): 1 Effort for the day, opposed check.

    `by` rolls 2d6 + Cha + Summon against the spirit's summoner's 2d6 + Cha + Summon,
    or against 2d6 + the spirit's skill bonus + 2 when it is uncontrolled (send
    `skill_bonus` if it was never recorded). Only a higher total succeeds (a tie
    keeps the spirit, our reading) and deals 1d8 per Summon level of `by` (none at
    Summon-0). Dice are server dice unless reported (`dice`, `opposing_dice`,
    `damage_dice`); every roll is recorded as a Rolled event.
    """
    auth.require_gm_or_player(campaign_id, body["by"])
    decide = spirits_control.banish(
        spirit_id, body["by"], dice=body["dice"], opposing_dice=body["opposing_dice"],
        damage_dice=body["damage_dice"], skill_bonus=body["skill_bonus"])
    return write(campaign_id, decide, view=_spirit_view(spirit_id, body["by"]))


@blp.route("/spirits/<spirit_id>/fade", methods=["POST"])
@blp.arguments(FadeIn)
def fade(body: dict[str, Any], campaign_id: str, spirit_id: str) -> Response:
    """Record that an uncontrolled spirit faded away, finding no energy (GM)."""
    auth.require_gm(campaign_id)
    return write(campaign_id, spirits_actions.fade(spirit_id, body["reason"]),
                 view=_spirit_view(spirit_id))
