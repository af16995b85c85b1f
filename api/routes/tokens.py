"""Tokens (GM): issue, list (never the secrets), revoke, rotate. Outside the game stream."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth, schemas
from api.answers import json_response
from api.errors import ApiError
from api.runtime import ledger
from api.tokens import issue_token
from ledger.health import utc_now
from ledger.store.records import TokenRow

blp = Blueprint("tokens", __name__, url_prefix="/v1/campaigns",
                description="Access tokens; a rewind never touches them")


def token_json(t: TokenRow) -> dict[str, Any]:
    return {"id": t.id, "role": t.role, "character_id": t.character_id, "label": t.label,
            "created_at": t.created_at, "revoked_at": t.revoked_at}


@blp.route("/<campaign_id>/tokens", methods=["POST"])
@blp.arguments(schemas.TokenCreate)
def create_token(body: dict[str, Any], campaign_id: str) -> Response:
    """Issue a token (GM). Players are bound to one character. The secret is shown once."""
    auth.require_gm(campaign_id)
    state = ledger().state(campaign_id)
    character_id = body["character_id"]
    if body["role"] == "player":
        if not character_id:
            raise ApiError(422, "player-needs-character", "A player token is bound to a character.",
                           errors={"character_id": ["required for a player token"]})
        if character_id not in state.characters:
            raise ApiError(404, "character-not-found", f"No character with id {character_id!r}.")
    elif character_id:
        raise ApiError(422, "character-only-for-players", "Only player tokens name a character.",
                       errors={"character_id": ["only for role player"]})
    token_id, secret = issue_token(campaign_id, body["role"], character_id, body["label"])
    return json_response({"id": token_id, "token": secret, "role": body["role"],
                          "character_id": character_id, "label": body["label"]}, 201)


@blp.route("/<campaign_id>/tokens", methods=["GET"])
def list_tokens(campaign_id: str) -> Response:
    """List tokens (GM), without their secrets."""
    auth.require_gm(campaign_id)
    return json_response({"tokens": [token_json(t) for t in ledger().store.tokens(campaign_id)]})


def _revoke(campaign_id: str, token_id: str) -> TokenRow:
    led = ledger()
    match = [t for t in led.store.tokens(campaign_id) if t.id == token_id]
    if not match:
        raise ApiError(404, "token-not-found", f"No token {token_id!r} in this campaign.")
    led.store.revoke_token(campaign_id, token_id, utc_now())
    return match[0]


@blp.route("/<campaign_id>/tokens/<token_id>", methods=["DELETE"])
def revoke_token(campaign_id: str, token_id: str) -> Response:
    """Revoke a token (GM). It stops working at once."""
    auth.require_gm(campaign_id)
    _revoke(campaign_id, token_id)
    return Response(status=204)


@blp.route("/<campaign_id>/tokens/<token_id>/rotate", methods=["POST"])
def rotate_token(campaign_id: str, token_id: str) -> Response:
    """Revoke a token and issue a new one with the same role, character and label (GM)."""
    auth.require_gm(campaign_id)
    old = _revoke(campaign_id, token_id)
    new_id, secret = issue_token(campaign_id, old.role, old.character_id, old.label)
    return json_response({"id": new_id, "token": secret, "role": old.role,
                          "character_id": old.character_id, "label": old.label,
                          "replaces": old.id}, 201)
