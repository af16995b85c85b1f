"""Webhooks (GM): register a URL for some event types, list, delete, read the delivery log."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth
from api.answers import json_response
from api.contract import INT, STR, obj
from api.errors import ApiError
from api.registry import AnswerShape, register
from api.runtime import ledger
from api.schemas_webhooks import DeliveriesQuery
from ledger.adapters.store import webhooks as hooks
from ledger.service.keyed_commands import DeleteWebhook, RegisterWebhook, webhook_json

blp = Blueprint("webhooks", __name__, url_prefix="/v1/campaigns",
                description="Webhooks: signed, retried, logged deliveries of chosen events")


register(blp, "POST", "/<campaign_id>/webhooks", RegisterWebhook, status=201,
         answer=AnswerShape(obj(("id", "url", "types", "tree_heads", "after_position",
                                 "created_at", "secret"),
                                id=STR, url=STR, types={"type": "array", "items": STR},
                                tree_heads={"type": "boolean"}, after_position=INT,
                                created_at=STR, secret=STR)))


@blp.route("/<campaign_id>/webhooks", methods=["GET"])
def list_webhooks(campaign_id: str) -> Response:
    """List the campaign's webhooks (GM), without their secrets."""
    auth.require_gm(campaign_id)
    found = hooks.webhooks(ledger().store, campaign_id)
    return json_response({"webhooks": [webhook_json(h) for h in found]})


register(blp, "DELETE", "/<campaign_id>/webhooks/<webhook_id>", DeleteWebhook, status=204,
         answer=AnswerShape({}))


@blp.route("/<campaign_id>/webhooks/<webhook_id>/deliveries", methods=["GET"])
@blp.arguments(DeliveriesQuery, location="query")
def deliveries(query: dict[str, Any], campaign_id: str, webhook_id: str) -> Response:
    """The delivery log of a webhook (GM): one entry per event, with every attempt.

    `status` is `pending` (waiting for its turn or its next retry), `delivered`,
    `failed` (gave up after the last attempt) or `cancelled` (webhook deleted).
    Pages follow positions: pass the answer's `next` as `?after=`.
    """
    auth.require_gm(campaign_id)
    store = ledger().store
    if not any(h.id == webhook_id for h in hooks.webhooks(store, campaign_id)):
        raise ApiError(404, "webhook-not-found", f"No webhook {webhook_id!r} in this campaign.")
    found = hooks.deliveries(store, campaign_id, webhook_id, query["after"], query["limit"])
    tried = hooks.attempts(store, campaign_id, [d.id for d in found])
    page = [{**{f: getattr(d, f) for f in d.__struct_fields__}, "attempt_log": tried.get(d.id, [])}
            for d in found]
    cursor = found[-1].position if len(found) == query["limit"] else None
    return json_response({"deliveries": page, "next": cursor})
