"""Registering a webhook (GM) and asking for a feed ticket (any role): keyed writes outside
the game stream, which settle nobody. Their secrets are never stored with an answer."""

from __future__ import annotations

import secrets
import time
import uuid
from typing import Annotated, Any
from urllib.parse import urlsplit

from msgspec import Meta

from ledger.adapters.store import webhooks as hooks
from ledger.domain.command import GM, READER
from ledger.domain.errors import InvalidInput, NotFound
from ledger.domain.event_names import event_types
from ledger.service.feed_tickets import KEY_PURPOSE, issue_ticket, ticket_for
from ledger.service.health import utc_now
from ledger.service.idempotency import keep_answer
from ledger.service.keyed import Body, KeyedCommand, KeyedWrite, Removal, Setting
from ledger.service.webhook_targets import check_registered_host


def webhook_json(hook: hooks.Webhook) -> dict[str, Any]:
    return {"id": hook.id, "url": hook.url, "types": hook.types, "tree_heads": hook.tree_heads,
            "after_position": hook.after_position, "created_at": hook.created_at}


def check_webhook_url(url: str, allow_private: bool = False) -> None:
    """Only http and https URLs with a host, and no credentials: the signature authenticates
    the server to the receiver. Nothing a delivery could never reach is registered: no
    space or control character anywhere (`http://a b/`, a CR LF inside), no port outside
    1-65535 (each was accepted, then failed at every attempt). A host that can only be a
    non-public address is refused unless `allow_private` (webhook_targets.py)."""
    if any(char.isspace() or ord(char) < 32 or 127 <= ord(char) < 160 for char in url):
        raise InvalidInput("webhook-url", "must not contain spaces or control characters",
                           field="url")
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0 or (port is None and parts.netloc.endswith(":")):
        raise InvalidInput("webhook-url", "must name a port from 1 to 65535, if any",
                           field="url")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InvalidInput("webhook-url", "must be an http:// or https:// URL with a host",
                           field="url")
    if parts.username or parts.password:
        raise InvalidInput("webhook-url", "must not carry credentials; the signature "
                           "authenticates us", field="url")
    check_registered_host(parts.hostname, allow_private)


class RegisterWebhook(KeyedCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
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
    Only http and https URLs are accepted, to public addresses unless the server allows
    private ones (LEDGER_WEBHOOK_ALLOW_PRIVATE=1). Delivery runs in a separate runner
    (`campaign-ledger deliver-webhooks`), never on the write path.
    """

    policy = GM
    example = {"url": "https://bot.example/hook", "types": ["Rolled"]}
    url: Annotated[str, Meta(min_length=1, max_length=2000,
                             description="An http:// or https:// URL.")]
    types: Annotated[list[Annotated[str, Meta(min_length=1, max_length=100)]], Meta(
        min_length=1, max_length=200, description='Event type names, or ["*"] for every type.')]
    tree_heads: Annotated[bool, Meta(description=(
        "Each delivery also carries `tree_head`: the signed tree head at its event, for a "
        "third party to keep (docs/trust.md)."))] = False

    def prepare(self, setting: Setting) -> KeyedWrite:
        check_webhook_url(self.url, setting.config.webhook_allow_private)
        types = event_types(self.types, "types")
        led, campaign_id = setting.ledger, setting.head.id
        webhook_id = f"whk_{uuid.uuid4().hex[:16]}"
        secret = f"whsec_{secrets.token_hex(24)}"
        hook = hooks.Webhook(
            id=webhook_id, campaign_id=campaign_id, url=self.url, types=sorted(set(types)),
            sealed_secret=led.box.seal(secret.encode(), hooks.Webhook.seal_context(webhook_id)),
            after_position=led.store.head(campaign_id), created_at=utc_now(),
            tree_heads=self.tree_heads,
        )

        def reveal(body: Body) -> Body:
            # A retry with the same Idempotency-Key sees the secret again, opened from the
            # registration: the stored answer never holds it.
            if body["id"] == webhook_id:
                return body | {"secret": secret}
            found = hooks.webhook(led.store, campaign_id, body["id"])
            assert found is not None  # stored in the same transaction as the answer
            return body | {"secret": led.box.open(found.sealed_secret,
                                                  found.seal_context(found.id)).decode()}

        return KeyedWrite(201, {**webhook_json(hook), "secret": None},
                          lambda answer: hooks.add_webhook(led.store, hook, answer), reveal,
                          {"Location": f"/v1/campaigns/{campaign_id}/webhooks/{webhook_id}"})


class IssueFeedTicket(KeyedCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A feed ticket for a browser `EventSource`, which cannot send `Authorization`: open
    `GET …/feed?ticket=<ticket>` before `expires_at` (LEDGER_FEED_TICKET_TTL, 60 s by
    default). Any token of the campaign may ask. The ticket opens this campaign's feed
    and nothing else, stays good for one open stream, and dies with its token. A retry
    with the same Idempotency-Key answers the same ticket and expiry."""

    policy = READER

    def prepare(self, setting: Setting) -> KeyedWrite:
        led, campaign_id = setting.ledger, setting.head.id
        key = led.box.derive(KEY_PURPOSE)
        assert setting.actor.token_id is not None  # the HTTP layer authenticated a token
        issued = issue_ticket(key, campaign_id, setting.actor.token_id, time.time(),
                              setting.config.feed_ticket_ttl_seconds)

        def reveal(body: Body) -> Body:
            derived = ticket_for(key, campaign_id, body["token_id"], body["expires_at"])
            return body | {"ticket": derived.ticket}

        # The answer kept for an Idempotency-Key holds no ticket: `reveal` derives it again.
        stored = {"ticket": None, "expires_at": issued.expires_at, "token_id": issued.token_id}
        return KeyedWrite(201, stored, lambda answer: keep_answer(led.store, answer), reveal)


class DeleteWebhook(Removal, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Delete a webhook (GM); deliveries still pending are cancelled."""

    policy = GM
    path = ("webhook_id",)
    example_needs = ("webhook",)
    webhook_id: str

    def perform(self, setting: Setting) -> None:
        if not hooks.delete_webhook(setting.ledger.store, setting.head.id, self.webhook_id,
                                    utc_now()):
            raise NotFound("webhook", self.webhook_id)
