"""Conditions on a character: add (with escalation), take instead of damage, recover, heal.

The commands, their policies and which of them settle first are declared in
ledger/domain/conditions/commands.py; each line below registers one of them.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth, schemas
from api.answers import json_response
from api.contract import ref
from api.contract import write as write_schema
from api.registry import AnswerShape, register
from api.timetravel import character_for
from api.voids import at_fields
from ledger.domain.conditions.catalog import movement_shown
from ledger.domain.conditions.commands import (
    AddCondition,
    HealCondition,
    RecoverFromCondition,
    TreatCondition,
)
from ledger.domain.conditions.defense import defense_after_conditions
from ledger.service.views import added_condition, character_view

blp = Blueprint("conditions", __name__,
                url_prefix="/v1/campaigns/<campaign_id>/characters/<character_id>/conditions",
                description="Conditions: points, escalation, recovery and magical healing")


CHARACTER = AnswerShape(write_schema(ref("Character")),
                        view=lambda command: character_view(command.character_id))
ADDED = AnswerShape(write_schema(ref("Character"), condition=ref("Condition")),
                    view=lambda command: character_view(command.character_id),
                    extras=lambda command: added_condition)
register(blp, "POST", "", AddCondition, answer=ADDED, status=201)
register(blp, "POST", "/<condition_id>/recover", RecoverFromCondition, answer=CHARACTER)
register(blp, "POST", "/<condition_id>/heal", HealCondition, answer=CHARACTER)
register(blp, "POST", "/<condition_id>/treat", TreatCondition, answer=CHARACTER)


@blp.route("", methods=["GET"])
@blp.arguments(schemas.AtQuery, location="query")
def list_conditions(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """A character's Conditions, Speed after them (`movement`) and Defense after them
    (`defense`: the sheet's, each Condition's penalty, the result), at the head or `?at=`."""
    auth.require_reader(campaign_id)
    state, character = character_for(campaign_id, character_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state), "character_id": character_id,
                          "conditions": character.conditions, "movement": movement_shown(character),
                          "speed": character.speed,
                          "defense": defense_after_conditions(character)})
