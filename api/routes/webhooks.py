"""Webhooks (GM): register a URL for some event types, list, delete, read the delivery log."""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth
from api.answers import json_response, keyed_write
from api.errors import ApiError
from api.runtime import ledger
from api.schemas_webhooks import DeliveriesQuery, WebhookCreate
from ledger.adapters.store import webhooks as hooks
from ledger.domain.event_names import event_types
from ledger.service.health import utc_now

blp = Blueprint("webhooks", __name__, url_prefix="/v1/campaigns",
                description="Webhooks: signed, retried, logged deliveries of chosen events")


def webhook_json(hook: hooks.Webhook) -> dict[str, Any]:
    return {"id": hook.id, "url": hook.url, "types": hook.types, "tree_heads": hook.tree_heads,
            "after_position": hook.after_position, "created_at": hook.created_at}


@blp.route("/<campaign_id>/webhooks", methods=["POST"])
@blp.arguments(WebhookCreate)
def register(body: dict[str, Any], campaign_id: str) -> Response:
    """Register a webhook (GM); answers its `secret`, shown once.

    Every event of the campaign recorded after the registration whose type is in
    `types` (or every event, with `["*"]`) is POSTed to `url` as JSON
    `{webhook_id, delivery_id, campaign_id, attempt, event}`, where `event` has the
    shape of `GET /events`. The header `X-Ledger-Signature: sha256=<hex>` is the
    HMAC-SHA256 of the raw body under the secret; `X-Ledger-Delivery` (stable across
    retries) and `X-Ledger-Event-Position` let a receiver drop a repeat. Each
    webhook gets its events one at a time in position order; a failure (no 2xx within
    the timeout, redirects included) is retried with exponential backoff until
    LEDGER_WEBHOOK_MAX_ATTEMPTS, then logged as failed and the next event goes.
    With `tree_heads: true` each delivery also carries `tree_head`, the signed tree head
    at its event (as in `GET …/head`): a third party that keeps them is a witness of
    the history, checking each newer one with `GET …/proofs/consistency`.
    Only http and https URLs are accepted. Delivery runs in a separate runner
    (`campaign-ledger deliver-webhooks`), never on the write path.
    """
    auth.require_gm(campaign_id)
    types = event_types(body["types"], "types")
    led = ledger()
    webhook_id = f"whk_{uuid.uuid4().hex[:16]}"
    secret = f"whsec_{secrets.token_hex(24)}"
    hook = hooks.Webhook(
        id=webhook_id, campaign_id=campaign_id, url=body["url"], types=sorted(set(types)),
        sealed_secret=led.box.seal(secret.encode(), hooks.Webhook.seal_context(webhook_id)),
        after_position=led.store.head(campaign_id), created_at=utc_now(),
        tree_heads=body["tree_heads"],
    )

    def reveal(body: dict[str, Any]) -> dict[str, Any]:
        # A retry with the same Idempotency-Key sees the secret again, opened from the
        # registration: the stored answer never holds it.
        if body["id"] == webhook_id:
            return body | {"secret": secret}
        found = hooks.webhook(led.store, campaign_id, body["id"])
        assert found is not None  # stored in the same transaction as the answer
        return body | {"secret": led.box.open(found.sealed_secret,
                                              found.seal_context(found.id)).decode()}

    return keyed_write(campaign_id, 201, {**webhook_json(hook), "secret": None},
                       lambda answer: hooks.add_webhook(led.store, hook, answer), reveal,
                       {"Location": f"/v1/campaigns/{campaign_id}/webhooks/{webhook_id}"})


@blp.route("/<campaign_id>/webhooks", methods=["GET"])
def list_webhooks(campaign_id: str) -> Response:
    """List the campaign's webhooks (GM), without their secrets."""
    auth.require_gm(campaign_id)
    found = hooks.webhooks(ledger().store, campaign_id)
    return json_response({"webhooks": [webhook_json(h) for h in found]})


@blp.route("/<campaign_id>/webhooks/<webhook_id>", methods=["DELETE"])
def delete(campaign_id: str, webhook_id: str) -> Response:
    """Delete a webhook (GM); deliveries still pending are cancelled."""
    auth.require_gm(campaign_id)
    if not hooks.delete_webhook(ledger().store, campaign_id, webhook_id, utc_now()):
        raise ApiError(404, "webhook-not-found", f"No webhook {webhook_id!r} in this campaign.")
    return Response(status=204)


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
