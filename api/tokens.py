"""Issuing tokens: secrets derive from the server key; only their hash is stored."""

from __future__ import annotations

import uuid

from api.runtime import ledger
from ledger.health import utc_now
from ledger.secrets_box import hash_secret
from ledger.store.records import TokenRow


def issue_token(campaign_id: str, role: str, character_id: str | None, label: str) -> tuple[str, str]:
    led = ledger()
    token_id = f"tok{uuid.uuid4().hex[:16]}"
    secret = led.box.token_secret(token_id)
    led.store.add_token(TokenRow(token_id, campaign_id, role, character_id, label,
                                 hash_secret(secret), utc_now()))
    return token_id, secret
