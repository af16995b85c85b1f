"""Summoned spirits (CWN 6.2): summoning, call/dismiss/dispel, damage, banish, compel, fade.

Every command records all its consequences in one decision: the Effort it
commits or releases, every die rolled (as Rolled events), the spirit's new
status. The rules and our readings are in docs/rules/spirits.md. The commands and
who may give each are declared in ledger/domain/spirits/commands.py; one line registers each.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth, schemas
from api.answers import json_response
from api.contract import INT, STR, SUCCESS, array, at, obj, ref
from api.contract import write as write_schema
from api.registry import AnswerShape, register
from api.timetravel import character_for, state_for
from api.voids import at_fields
from ledger.domain.encounters.timed_commands import EnsnareTarget
from ledger.domain.spirits.commands import (
    BanishSpirit,
    CallSpirit,
    CompelSpirit,
    DamageSpirit,
    DismissSpirit,
    DispelSpirit,
    FadeSpirit,
    SummonSpirit,
)
from ledger.service.views import holdings, spirit_view, summoned_spirit

blp = Blueprint(
    "spirits", __name__, url_prefix="/v1/campaigns/<campaign_id>",
    description="Summoned spirits: who holds them, their state and status history. An "
    "immediate spirit vanishes once game time reaches 60 minutes after its summoning (on "
    "clock/advance) and at a new day; a summoner's death dispels every spirit they hold. "
    "Released summoning Effort returns at the first new day after (with that new day for an "
    "immediate spirit that a new day ends). Uncontrolled spirits are not bound by the hour.")


SPIRIT = ref("Spirit")
HOLDINGS = obj(("character_id", "held", "spirits", "hit_dice_held"), character_id=STR,
               held={"type": "array", "items": SPIRIT},
               spirits={"type": "array", "items": SPIRIT}, hit_dice_held=INT)
SUCCESS["spirits.character_spirits"] = (200, at(holdings=HOLDINGS))
SUCCESS["spirits.list_spirits"] = (200, at(spirits=array(SPIRIT), summoners=array(HOLDINGS)))
# A spirit command answers the spirit; its summoner (and a banisher) are in `changed`.
SUMMONED = AnswerShape(write_schema(SPIRIT), pick=lambda c: summoned_spirit)
ACTED = AnswerShape(write_schema(SPIRIT), view=lambda c: spirit_view(c.spirit_id))
register(blp, "POST", "/characters/<character_id>/spirits", SummonSpirit, answer=SUMMONED,
         status=201)
register(blp, "POST", "/spirits/<spirit_id>/dismiss", DismissSpirit, answer=ACTED)
register(blp, "POST", "/spirits/<spirit_id>/call", CallSpirit, answer=ACTED)
register(blp, "POST", "/spirits/<spirit_id>/dispel", DispelSpirit, answer=ACTED)
register(blp, "POST", "/spirits/<spirit_id>/damage", DamageSpirit, answer=ACTED)
register(blp, "POST", "/spirits/<spirit_id>/compel", CompelSpirit, answer=ACTED)
register(blp, "POST", "/spirits/<spirit_id>/banish", BanishSpirit, answer=ACTED)
register(blp, "POST", "/spirits/<spirit_id>/fade", FadeSpirit, answer=ACTED)
register(blp, "POST", "/spirits/<spirit_id>/ensnare", EnsnareTarget, answer=ACTED)


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
                          "summoners": [holdings(state, c) for c in summoners]})


@blp.route("/characters/<character_id>/spirits", methods=["GET"])
@blp.arguments(schemas.AtQuery, location="query")
def character_spirits(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """One summoner's spirits (held now, and all ever summoned), at the head or `?at=`."""
    auth.require_reader(campaign_id)
    state, _ = character_for(campaign_id, character_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state),
                          "holdings": holdings(state, character_id)})
