"""Tokens (GM): issue, list (never the secrets), revoke, rotate. Outside the game stream.
Issuing and rotating are typed commands (ledger/service/token_commands.py)."""

from __future__ import annotations

from flask import Response
from flask_smorest import Blueprint

from api import auth
from api.answers import json_response
from api.contract import ref
from api.registry import AnswerShape, register
from api.runtime import ledger
from ledger.service.token_commands import IssueToken, RevokeToken, RotateToken, token_json

blp = Blueprint("tokens", __name__, url_prefix="/v1/campaigns",
                description="Access tokens; a rewind never touches them")


register(blp, "POST", "/<campaign_id>/tokens", IssueToken, answer=AnswerShape(ref("Token")),
         status=201)
register(blp, "POST", "/<campaign_id>/tokens/<token_id>/rotate", RotateToken,
         answer=AnswerShape(ref("Token")), status=201)


@blp.route("/<campaign_id>/tokens", methods=["GET"])
def list_tokens(campaign_id: str) -> Response:
    """List tokens (GM), without their secrets: who issued each, and what it replaced."""
    auth.require_gm(campaign_id)
    return json_response({"tokens": [token_json(t) for t in ledger().store.tokens(campaign_id)]})


register(blp, "DELETE", "/<campaign_id>/tokens/<token_id>", RevokeToken, status=204,
         answer=AnswerShape({}))
