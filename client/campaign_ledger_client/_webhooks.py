"""Webhooks (GM): register, list, delete, read the delivery log; check a delivery's signature."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from campaign_ledger_client._http import Answer
from campaign_ledger_client._scope import CAMPAIGN, Call, Scope, endpoint, nothing, query, read
from campaign_ledger_client.schemas import DeliveryPage

WEBHOOK = CAMPAIGN + "/webhooks/{webhook_id}"


@dataclass(frozen=True)
class Webhook:
    id: str
    url: str
    types: list[str]
    after_position: int  # events after this position are delivered
    created_at: str
    secret: str | None = None  # only in the registration's answer: keep it
    tree_heads: bool = False  # each delivery also carries the signed tree head

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Webhook:
        return cls(str(raw["id"]), str(raw["url"]), list(raw["types"]),
                   int(raw["after_position"]), str(raw["created_at"]), raw.get("secret"),
                   bool(raw.get("tree_heads", False)))


def _registered(answer: Answer) -> Webhook:
    return Webhook.from_json(answer.body)


def _listed(answer: Answer) -> list[Webhook]:
    return [Webhook.from_json(w) for w in answer.body["webhooks"]]


def webhook_signature_ok(secret: str, body: bytes, header: str) -> bool:
    """Whether `X-Ledger-Signature: sha256=<hex>` is the HMAC-SHA256 of the raw `body`
    under the webhook's secret (compare before parsing the body)."""
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), header.strip().encode())


class Webhooks(Scope):
    @endpoint("POST", CAMPAIGN + "/webhooks", _registered, "keyed")
    def register_webhook(self, url: str, types: list[str], tree_heads: bool = False) -> Call:
        """Deliver the events of these types (["*"] for all) recorded from now on to `url`;
        with `tree_heads`, each delivery also carries the signed tree head at its event."""
        return Call(body={"url": url, "types": types, **({"tree_heads": True} if tree_heads
                                                          else {})})

    @endpoint("GET", CAMPAIGN + "/webhooks", _listed, "read")
    def webhooks(self) -> Call:
        return Call()

    @endpoint("DELETE", WEBHOOK, nothing, "plain")
    def delete_webhook(self, webhook_id: str) -> Call:
        """Delete a webhook; its pending deliveries are cancelled."""
        return Call(params={"webhook_id": webhook_id})

    @read(WEBHOOK + "/deliveries", DeliveryPage)
    def webhook_deliveries(self, webhook_id: str, after: int = 0, limit: int = 100) -> Call:
        """One entry per event with every attempt; page with `next` as `after`."""
        return query({"webhook_id": webhook_id}, after=after, limit=limit)
