"""The client: a root for the service, a scope per campaign and per character.

    from campaign_ledger_client import Client

    service = Client("http://127.0.0.1:8000")
    created = service.create_campaign("Mana Noir")
    campaign = service.with_token(created.gm_token).campaign(created.id)
    mara = campaign.character(campaign.register_character({"name": "Mara"}).resource["id"])
    result = mara.age_test("Willpower", focus="Courage", tn=11)
    print(result.events[0].data["total"], result.events[0].data["success"])

Every endpoint of the API is one method (the table in docs/client.md); writes
answer `WriteResult[<state model>]`, reads the model of their answer (schemas.py,
generated from the server's OpenAPI document), refusals raise `ProblemError`s.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, cast

from campaign_ledger_client._access import FeedTickets, WhoAmI
from campaign_ledger_client._audit import Audit
from campaign_ledger_client._campaigns import CampaignCore
from campaign_ledger_client._characters import CharacterCore
from campaign_ledger_client._encounters import Encounters
from campaign_ledger_client._http import Answer, Transport
from campaign_ledger_client._items import Items
from campaign_ledger_client._magic import CwnMagic, ManaNoirMagic
from campaign_ledger_client._scope import (
    CAMPAIGNS,
    Call,
    body,
    covers,
    endpoint,
    json_body,
    read,
)
from campaign_ledger_client._spirits import Spirits, StuntPool
from campaign_ledger_client._stunts import Stunts
from campaign_ledger_client._webhooks import Webhooks
from campaign_ledger_client.errors import ServiceUnavailable
from campaign_ledger_client.feed import Following
from campaign_ledger_client.models import JSON, CreatedCampaign
from campaign_ledger_client.schemas import (
    Catalog,
    CatalogList,
    Health,
    Readiness,
    RunnersReport,
    SigningKey,
)
from campaign_ledger_client.witness import Witness


class Character(CharacterCore, CwnMagic, ManaNoirMagic):
    """Commands and reads of one character (`campaign.character(id)`)."""


class Campaign(CampaignCore, Audit, Items, Spirits, StuntPool, Stunts, Encounters,
               Webhooks, Following,
               FeedTickets):
    """Commands and reads of one campaign (`client.campaign(id)`)."""

    @property
    def id(self) -> str:
        return self._ids["campaign_id"]

    def character(self, character_id: str) -> Character:
        return Character(self._transport, {**self._ids, "character_id": character_id},
                         self._options)


def _created(answer: Answer) -> CreatedCampaign:
    return CreatedCampaign.from_json(answer.body)


class Client(WhoAmI):
    """The service: campaigns, health, the signing key, the caller's own token (`me()`).
    Holds one bearer token."""

    def __init__(self, base_url: str, token: str | None = None, *, timeout: float = 30.0,
                 retries: int = 3, auto_idempotency_keys: bool = True,
                 witness: Witness | None = None) -> None:
        """`witness` checks every signed tree head the client sees against the newest one
        it saved (witness.py, docs/trust.md) and raises HistoryRewritten when one fails."""
        super().__init__(Transport(base_url, token, timeout, retries, witness=witness), {})
        self._options = replace(self._options, auto_keys=auto_idempotency_keys)

    def with_token(self, token: str | None) -> Client:
        """The same client acting with another token (a GM's, a player's, an observer's)."""
        clone = copy.copy(self)
        clone._transport = replace(self._transport, token=token)
        return clone

    def observe_tree_head(self, head: dict[str, Any]) -> None:
        """Show the witness a signed tree head received elsewhere (a webhook delivery's
        `tree_head`): it is checked against the kept head by a consistency proof read from
        this server, and kept when newer. Raises HistoryRewritten when it fails."""
        self._transport.witness_answer({"tree_head": head})

    def campaign(self, campaign_id: str) -> Campaign:
        return Campaign(self._transport, {"campaign_id": campaign_id}, self._options)

    @endpoint("POST", CAMPAIGNS, _created, "command")
    def create_campaign(self, name: str, settings: dict[str, Any] | None = None) -> Call:
        """Create a campaign; the answer holds its id and the GM's token (shown once)."""
        return body(name=name, settings=settings or {})

    @read("/healthz", Health)
    def health(self) -> Call:
        return Call()

    @read("/readyz", Readiness)
    def ready(self) -> Call:
        """The store is reachable (ServiceUnavailable otherwise)."""
        return Call()

    @read("/v1/catalog", CatalogList)
    def catalogs(self) -> Call:
        """The catalogue names, what each lists and the settings that change it."""
        return Call()

    @read("/v1/catalog/{name}", Catalog)
    def catalog(self, name: str) -> Call:
        """One catalogue of the rules (Conditions, spells, event types...), default settings."""
        return Call(params={"name": name})

    @read("/v1/signing-key", SigningKey)
    def signing_key(self) -> Call:
        """The server's Ed25519 public key that signs campaign heads and exports."""
        return Call()

    @covers("GET", "/healthz/runners")
    def runner_health(self) -> RunnersReport:
        """Each runner's heartbeat and each consumer's lag; `healthy` is False when a
        runner is stale (the server then answers 503, which this returns, not raises)."""
        try:
            found = json_body(self._transport.call("GET", "/healthz/runners"))
        except ServiceUnavailable as stale:
            if "healthy" not in stale.body:
                raise  # the store itself is unavailable
            found = stale.body
        return cast(RunnersReport, found)

    @covers("GET", "/metrics")
    def metrics(self, metrics_token: str | None = None) -> str:
        """Prometheus text; send the operator's metrics token when the server requires one."""
        transport = replace(self._transport, token=metrics_token) if metrics_token else \
            self._transport
        answer = transport.call("GET", "/metrics", retry_safe=True)
        raw = answer.body if isinstance(answer.body, bytes) else b""
        return raw.decode()

    def openapi(self) -> JSON:
        """The OpenAPI document (not an endpoint of the API itself)."""
        return json_body(self._transport.call("GET", "/openapi.json", retry_safe=True))
