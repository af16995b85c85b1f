"""Who am I, and feed tickets: what a bot or a browser tool needs before anything else."""

from __future__ import annotations

from flask import Response
from flask_smorest import Blueprint

from api import auth
from api.answers import json_response
from api.contract import ref
from api.registry import AnswerShape, register
from ledger.service.keyed_commands import IssueFeedTicket

blp = Blueprint("access", __name__, url_prefix="/v1",
                description="The caller's token, and feed tickets for browsers")


@blp.route("/me")
def me() -> Response:
    """The caller's token: its id, role, campaign, character (players) and label, so a
    bot given only a token can find its campaign. 401 without a live token."""
    row = auth.live_token()
    return json_response({"token_id": row.id, "role": row.role, "campaign_id": row.campaign_id,
                          "character_id": row.character_id, "label": row.label})


register(blp, "POST", "/campaigns/<campaign_id>/feed-tickets", IssueFeedTicket,
         answer=AnswerShape(ref("FeedTicket")), status=201)
