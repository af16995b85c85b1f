"""Tokens (GM): issue, list (never the secrets), revoke, rotate. Outside the game stream."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth, schemas
from api.answers import json_response, keyed_write
from api.errors import ApiError
from api.runtime import ledger
from ledger.adapters.store.records import TokenRow
from ledger.service import tokens

blp = Blueprint("tokens", __name__, url_prefix="/v1/campaigns",
                description="Access tokens; a rewind never touches them")


def token_json(t: TokenRow) -> dict[str, Any]:
    return {"id": t.id, "role": t.role, "character_id": t.character_id, "label": t.label,
            "created_at": t.created_at, "revoked_at": t.revoked_at, "replaces": t.replaces,
            "issued_by": {"role": t.issuer_role, "token_id": t.issuer_token}}


def issued(row: TokenRow) -> dict[str, Any]:
    """The answer that issues a token; its secret is added by `with_secret`, never stored."""
    answer = {"id": row.id, "token": None, "role": row.role, "character_id": row.character_id,
              "label": row.label}
    return answer | ({"replaces": row.replaces} if row.replaces else {})


def with_secret(body: dict[str, Any]) -> dict[str, Any]:
    return body | {"token": ledger().box.token_secret(body["id"])}


@blp.route("/<campaign_id>/tokens", methods=["POST"])
@blp.arguments(schemas.TokenCreate)
def create_token(body: dict[str, Any], campaign_id: str) -> Response:
    """Issue a token (GM). Players are bound to one character. The secret is shown once
    (and again to a retry with the same Idempotency-Key)."""
    gm = auth.require_gm(campaign_id)
    led = ledger()
    state = led.state(campaign_id)
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
    row, _secret = tokens.new_token(led.box, campaign_id, body["role"], character_id,
                                    body["label"], auth.actor_of(gm))
    return keyed_write(campaign_id, 201, issued(row),
                       lambda answer: led.store.add_token(row, answer), with_secret)


@blp.route("/<campaign_id>/tokens", methods=["GET"])
def list_tokens(campaign_id: str) -> Response:
    """List tokens (GM), without their secrets: who issued each, and what it replaced."""
    auth.require_gm(campaign_id)
    return json_response({"tokens": [token_json(t) for t in ledger().store.tokens(campaign_id)]})


@blp.route("/<campaign_id>/tokens/<token_id>", methods=["DELETE"])
def revoke_token(campaign_id: str, token_id: str) -> Response:
    """Revoke a token (GM). It stops working at once. The campaign's last live GM token
    cannot be revoked (409 `last-gm-token`): issue another GM token first."""
    auth.require_gm(campaign_id)
    tokens.revoke(ledger().store, campaign_id, token_id)
    return Response(status=204)


@blp.route("/<campaign_id>/tokens/<token_id>/rotate", methods=["POST"])
def rotate_token(campaign_id: str, token_id: str) -> Response:
    """Revoke a live token and issue a new one with the same role, character and label (GM).

    A revoked or already rotated token cannot be rotated (409 `token-already-revoked`);
    of concurrent rotations of one token, exactly one succeeds."""
    gm = auth.require_gm(campaign_id)
    led = ledger()
    old = tokens.existing(led.store, campaign_id, token_id)
    new, _secret = tokens.new_token(led.box, campaign_id, old.role, old.character_id, old.label,
                                    auth.actor_of(gm), replaces=old)
    return keyed_write(campaign_id, 201, issued(new),
                       lambda answer: tokens.rotate(led.store, old, new, answer), with_secret)
