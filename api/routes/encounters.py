"""Encounters: rounds, turns and initiative (rules: ledger/domain/encounters/;
docs/rules/encounters.md). The commands, all the GM's, are declared in
ledger/domain/encounters/commands.py; each registration line below binds one to its path."""

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
from api.timetravel import state_for
from api.voids import at_fields
from ledger.domain.encounters import view
from ledger.domain.encounters.commands import (
    AddParticipant,
    DelayTurn,
    EndEncounter,
    NextTurn,
    RemoveParticipant,
    StartEncounter,
)

blp = Blueprint("encounters", __name__, url_prefix="/v1/campaigns/<campaign_id>",
                description="Encounters: rounds, turns, initiative and game time in a fight")

# The write's state is the encounter view (ledger/domain/encounters/view.py).
ANSWER = AnswerShape(write_schema(ref("EncounterView")), view=lambda command: view.summary)
register(blp, "POST", "/encounter", StartEncounter, answer=ANSWER, status=201)
register(blp, "POST", "/encounter/next-turn", NextTurn, answer=ANSWER)
register(blp, "POST", "/encounter/delay", DelayTurn, answer=ANSWER)
register(blp, "POST", "/encounter/participants", AddParticipant, answer=ANSWER, status=201)
register(blp, "POST", "/encounter/participants/<participant_id>/remove", RemoveParticipant,
         answer=ANSWER)
register(blp, "POST", "/encounter/end", EndEncounter, answer=ANSWER)


@blp.route("/encounter", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def get_encounter(query: dict[str, Any], campaign_id: str) -> Response:
    """The encounter under way (null when none), its round, whose turn it is, the order and
    the game time, at the head or `?at=` a position or time."""
    auth.require_reader(campaign_id)
    state = state_for(campaign_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state), "encounter": view.summary(state)})
