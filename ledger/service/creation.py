"""Creating a campaign: one command whose transaction records `CampaignCreated` and writes
the campaign's first GM token. A refused or replayed creation writes neither."""

from __future__ import annotations

import uuid
from typing import Annotated, Any, ClassVar

from msgspec import Meta

from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store.records import TokenRow
from ledger.domain import campaign, limits
from ledger.domain.command import PUBLIC, Command
from ledger.domain.context import Actor
from ledger.domain.decision import Decide
from ledger.service import tokens
from ledger.service.answers import WriteAnswer
from ledger.service.idempotency import key_campaign_id
from ledger.service.outcome import Outcome
from ledger.service.views import campaign_summary


class CreateCampaign(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Create a campaign; answers its id and the GM's token (shown once).

    `settings` are rule settings by name (the rest take their defaults); an unknown name
    is 422 `unknown-setting`. When the server sets an admin token, only a caller sending
    it may create campaigns (401 `admin-token-required`). The campaign's first GM token
    is written in the same transaction as `CampaignCreated`: a refused or replayed
    creation writes no token.
    """

    policy = PUBLIC
    example = {"name": "The Ashen Road", "settings": {}}
    example_needs: ClassVar[tuple[str, ...]] = ()
    name: Annotated[str, Meta(min_length=limits.NAME_LENGTH.low,
                              max_length=limits.NAME_LENGTH.high)]
    settings: Annotated[dict[str, Any], Meta(
        description="rule setting name -> value; unnamed settings take their defaults")] = {}


def new_campaign_id(scope: str | None = None, key: str | None = None) -> str:
    """A random id; under an Idempotency-Key, one derived from the key's scope and key, so
    that a retry addresses the same campaign and its stored answer is found by the
    campaign id like every other (the table is keyed by campaign: docs/scaling.md). The
    anonymous key is kept only as a hash, and the id is a hash of that under its own
    label, so the id discloses nothing that would replay the creation."""
    if scope is None or key is None:
        return f"cmp_{uuid.uuid4().hex[:20]}"
    return key_campaign_id(scope, key)


def creation_parts(command: CreateCampaign, box: SecretBox, campaign_id: str,
                   issuer: Actor) -> tuple[Decide, TokenRow]:
    """The decision that records `CampaignCreated`, and the GM token row to write with it.
    The token's secret is not kept: it derives again from its id (`box.token_secret`)."""
    gm, _secret = tokens.new_token(box, campaign_id, "gm", None, "GM", issuer)
    return campaign.create_campaign(command.name, command.settings), gm


def _created(outcome: Outcome) -> dict[str, Any]:
    return {"gm_token_id": outcome.tokens[0].id, "gm_token": None}


# The stored answer names the GM token, never its secret (`with_gm_secret` adds it); the
# campaign (its id with it) is the primary resource.
CREATED = WriteAnswer(201, campaign_summary, _created, key="campaign")


def with_gm_secret(box: SecretBox, body: dict[str, Any]) -> dict[str, Any]:
    """The answer as sent, first time and replay alike: the secret derives from the id."""
    return body | {"gm_token": box.token_secret(body["gm_token_id"])}
