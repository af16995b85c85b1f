"""Creating a campaign: one command whose transaction records `CampaignCreated` and writes
the campaign's first GM token. A refused or replayed creation writes neither."""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

import msgspec

from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store.records import TokenRow
from ledger.domain import campaign
from ledger.domain.context import Actor
from ledger.domain.decision import Decide
from ledger.service import tokens


class CreateCampaign(msgspec.Struct, frozen=True, kw_only=True):
    """Create a campaign named `name` with these rule settings (the rest default)."""

    name: str
    settings: dict[str, Any] | None = None


def new_campaign_id(scope: str | None = None, key: str | None = None) -> str:
    """A random id; under an Idempotency-Key, one derived from the key's scope and key, so
    that a retry addresses the same campaign and its stored answer is found by the
    campaign id like every other (the table is keyed by campaign: docs/scaling.md). The
    anonymous key is kept only as a hash, and the id is a hash of that under its own
    label, so the id discloses nothing that would replay the creation."""
    if scope is None or key is None:
        return f"cmp_{uuid.uuid4().hex[:20]}"
    return "cmp_" + hashlib.sha256(f"campaign-id|{scope}|{key}".encode()).hexdigest()[:20]


def creation_parts(command: CreateCampaign, box: SecretBox, campaign_id: str,
                   issuer: Actor) -> tuple[Decide, TokenRow]:
    """The decision that records `CampaignCreated`, and the GM token row to write with it.
    The token's secret is not kept: it derives again from its id (`box.token_secret`)."""
    gm, _secret = tokens.new_token(box, campaign_id, "gm", None, "GM", issuer)
    return campaign.create_campaign(command.name, command.settings), gm
