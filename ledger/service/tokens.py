"""Access tokens: the secret derives from the server key; only its hash is stored.

Tokens live outside the game stream (a rewind never touches them). Each row records
who issued it and, for a rotation, the token it replaced and the lineage it continues
(the Idempotency-Key scope, docs/decisions/004). Rotating and revoking are
compare-and-set in the store: concurrent requests cannot multiply a token, revive a
revoked one or leave a campaign without a live GM token.
"""

from __future__ import annotations

import uuid

from ledger.adapters.secrets_box import SecretBox, hash_secret
from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import IdempotentAnswer, TokenRow
from ledger.domain.context import Actor
from ledger.domain.errors import NotFound, RuleViolation
from ledger.service.health import utc_now

OPERATOR = Actor(role="operator")


def new_token(box: SecretBox, campaign_id: str, role: str, character_id: str | None, label: str,
              issuer: Actor, replaces: TokenRow | None = None) -> tuple[TokenRow, str]:
    """A token row (not stored yet) and its secret."""
    token_id = f"tok{uuid.uuid4().hex[:16]}"
    secret = box.token_secret(token_id)
    row = TokenRow(token_id, campaign_id, role, character_id, label, hash_secret(secret),
                   utc_now(), lineage=replaces.scope if replaces else token_id,
                   replaces=replaces.id if replaces else None, issuer_role=issuer.role,
                   issuer_token=issuer.token_id)
    return row, secret


def issue_token(store: EventStore, box: SecretBox, campaign_id: str, role: str,
                character_id: str | None, label: str, issuer: Actor = OPERATOR) -> tuple[str, str]:
    """Store a new token's hash and return its id and its secret (shown once)."""
    row, secret = new_token(box, campaign_id, role, character_id, label, issuer)
    store.add_token(row)
    return row.id, secret


def existing(store: EventStore, campaign_id: str, token_id: str) -> TokenRow:
    found = store.token(campaign_id, token_id)
    if found is None:
        raise NotFound("token", token_id)
    return found


def rotate(store: EventStore, old: TokenRow, new: TokenRow,
           answer: IdempotentAnswer | None = None) -> None:
    """Replace a live token; of concurrent rotations exactly one succeeds."""
    if not store.rotate_token(old, new, answer):
        raise RuleViolation("token-already-revoked", f"Token {old.id} was already revoked or "
                            "rotated; rotate the token that replaced it, or issue a new one.")


def revoke(store: EventStore, campaign_id: str, token_id: str) -> None:
    """Revoke a token (again: nothing changes), never the campaign's last live GM token."""
    if existing(store, campaign_id, token_id).revoked_at is not None:
        return
    if not store.revoke_token(campaign_id, token_id, utc_now()) and \
            existing(store, campaign_id, token_id).revoked_at is None:
        raise RuleViolation("last-gm-token", "This is the campaign's last live GM token: issue "
                            "another GM token first, or rotate this one. Operators can issue one "
                            "with `campaign-ledger issue-gm-token`.")
