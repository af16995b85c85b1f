"""Issuing access tokens: the secret derives from the server key; only its hash is stored.

Tokens live outside the game stream (a rewind never touches them). Used by the API
and by `campaign-ledger import --gm-token`.
"""

from __future__ import annotations

import uuid

from ledger.health import utc_now
from ledger.secrets_box import SecretBox, hash_secret
from ledger.store.base import EventStore
from ledger.store.records import TokenRow


def issue_token(store: EventStore, box: SecretBox, campaign_id: str, role: str,
                character_id: str | None, label: str) -> tuple[str, str]:
    """Store a new token's hash and return its id and its secret (shown once)."""
    token_id = f"tok{uuid.uuid4().hex[:16]}"
    secret = box.token_secret(token_id)
    store.add_token(TokenRow(token_id, campaign_id, role, character_id, label,
                             hash_secret(secret), utc_now()))
    return token_id, secret
