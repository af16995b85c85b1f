"""CWN Effort, prepared spells, casting and overcasting, and System Strain.

The rules live in ledger/domain/magic/ (effort, spell_preparation, spells, spell_rules,
strain); docs/rules/effort-and-strain.md lists each rule and our readings. The commands,
their policies and which of them settle first are declared in
ledger/domain/magic/cwn_commands.py; each line below registers one of them.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth
from api.answers import json_response
from api.contract import ref
from api.contract import write as write_schema
from api.registry import AnswerShape, register
from api.schemas import AtQuery
from api.timetravel import character_for
from api.voids import at_fields
from ledger.domain.magic import effort, spell_preparation, strain
from ledger.domain.magic.cwn_commands import (
    CastSpell,
    ChangeStrain,
    CommitEffort,
    PrepareSpells,
    ReclaimEffort,
    UseSpellEffect,
)
from ledger.domain.state import CampaignState, Character
from ledger.service.views import character_view, effort_view

blp = Blueprint("effort", __name__, url_prefix="/v1/campaigns/<campaign_id>/characters",
                description="CWN Effort (Mage and Summoner), prepared spells, casting, "
                            "overcasting and System Strain")


# Effort commands answer the Effort summary; the others the character.
EFFORT = AnswerShape(write_schema(ref("EffortSummary")),
                     view=lambda command: effort_view(command.character_id))
CHARACTER = AnswerShape(write_schema(ref("Character")),
                        view=lambda command: character_view(command.character_id))
CH = "/<character_id>"
register(blp, "POST", CH + "/effort/commit", CommitEffort, answer=EFFORT)
register(blp, "POST", CH + "/effort/<commitment_id>/reclaim", ReclaimEffort, answer=EFFORT)
register(blp, "POST", CH + "/spells/prepare", PrepareSpells, answer=CHARACTER)
register(blp, "POST", CH + "/spells/cast", CastSpell, answer=CHARACTER)
register(blp, "POST", CH + "/spells/use", UseSpellEffect, answer=CHARACTER)
# One command at one rule, as recorded histories name it (tests/golden).
register(blp, "POST", CH + "/strain/<any(gain,recover):action>", ChangeStrain,
         answer=CHARACTER)


def _character_at(query: dict[str, Any], campaign_id: str,
                  character_id: str) -> tuple[CampaignState, Character]:
    auth.require_reader(campaign_id)
    return character_for(campaign_id, character_id, query["at"], query["view"])


@blp.route("/<character_id>/effort", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def get_effort(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Each pool's max (after cyberware), committed, available and commitments, and Strain.

    `?at=` (a position or an RFC 3339 time) shows them as they were then.
    """
    state, character = _character_at(query, campaign_id, character_id)
    return json_response({**at_fields(campaign_id, state), "effort": effort.summary(character),
                          "strain": strain.summary(character)})


@blp.route("/<character_id>/spells", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def get_spells(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Prepared spells, the preparation limit, and this scene's casts and today's uses."""
    state, character = _character_at(query, campaign_id, character_id)
    return json_response({**at_fields(campaign_id, state),
                          "spells": spell_preparation.summary(character, state)})


@blp.route("/<character_id>/strain", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def get_strain(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """System Strain (current, permanent, max, recoverable) at the head or `?at=`."""
    state, character = _character_at(query, campaign_id, character_id)
    return json_response({**at_fields(campaign_id, state), "strain": strain.summary(character)})
