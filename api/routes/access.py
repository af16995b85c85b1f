"""Who am I, and feed tickets: what a bot or a browser tool needs before anything else."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth, feed_tickets, schemas
from api.answers import json_response, keyed_write
from api.errors import ApiError
from api.runtime import ledger
from ledger.service.idempotency import keep_answer

blp = Blueprint("access", __name__, url_prefix="/v1",
                description="The caller's token, and feed tickets for browsers")


@blp.route("/me")
def me() -> Response:
    """The caller's token: its id, role, campaign, character (players) and label, so a
    bot given only a token can find its campaign. 401 without a live token."""
    row = auth.current_token()
    if row is None:
        raise ApiError(401, "token-required", "A valid bearer token is required.")
    if row.revoked_at is not None:
        raise ApiError(401, "token-revoked", "This token has been revoked.")
    return json_response({"token_id": row.id, "role": row.role, "campaign_id": row.campaign_id,
                          "character_id": row.character_id, "label": row.label})


@blp.route("/campaigns/<campaign_id>/feed-tickets", methods=["POST"])
@blp.arguments(schemas.Empty)
def create_feed_ticket(_body: dict[str, Any], campaign_id: str) -> Response:
    """A feed ticket for a browser `EventSource`, which cannot send `Authorization`: open
    `GET …/feed?ticket=<ticket>` before `expires_at` (LEDGER_FEED_TICKET_TTL, 60 s by
    default). Any token of the campaign may ask. The ticket opens this campaign's feed
    and nothing else, stays good for one open stream, and dies with its token. A retry
    with the same Idempotency-Key answers the same ticket and expiry."""
    token = auth.require_reader(campaign_id)
    store = ledger().store
    issued = feed_tickets.issue(campaign_id, token)
    return keyed_write(campaign_id, 201, feed_tickets.stored_answer(issued),
                       lambda answer: keep_answer(store, answer),
                       feed_tickets.revealer(campaign_id))
