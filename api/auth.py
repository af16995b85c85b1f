"""Bearer tokens: hashed at rest, checked in constant time, bound to one campaign.

Roles: `gm`; `player`, bound to one character; `observer`, read-only. A token
used on another campaign gets 404 so that existence is not revealed.
"""

from __future__ import annotations

import hmac

from flask import current_app, g, request

from api.errors import ApiError
from api.runtime import ledger
from ledger.adapters.secrets_box import hash_secret
from ledger.adapters.store.records import TokenRow
from ledger.domain.command import OBSERVER_NOTE
from ledger.domain.context import Actor


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


def _how_to_send() -> str:
    """What was wrong with the header's form, when it was (a newcomer's trial sent the
    token without `Bearer `, and heard what an unknown token hears)."""
    if not request.headers.get("Authorization"):
        return " Send it as `Authorization: Bearer <token>`."
    if _bearer() is None:
        return " The Authorization header is `Bearer <token>`: the word Bearer, a space, the token."
    return ""


def current_token() -> TokenRow | None:
    if "token_row" in g:
        cached: TokenRow | None = g.token_row
        return cached
    secret = _bearer()
    row = None
    if secret is not None:
        led = ledger()
        token_id = secret.split("_")[1] if secret.count("_") >= 2 else ""
        expected = led.box.token_secret(token_id)
        if hmac.compare_digest(expected.encode(), secret.encode()):
            # The campaign in the path routes the lookup to that campaign's rows.
            campaign = (request.view_args or {}).get("campaign_id")
            found = led.store.token_by_hash(hash_secret(secret), campaign)
            if found and hmac.compare_digest(found.secret_hash, hash_secret(secret)):
                row = found
    g.token_row = row
    return row


def live_token() -> TokenRow:
    """The caller's token: 401 without a valid one (saying how to send it) or revoked."""
    row = current_token()
    if row is None:
        raise ApiError(401, "token-required", "A valid bearer token is required."
                       + _how_to_send(),
                       errors={"Authorization": ["no valid bearer token"]})
    if row.revoked_at is not None:
        raise ApiError(401, "token-revoked", _revoked_detail(row))
    return row


def _revoked_detail(row: TokenRow) -> str:
    """Why a revoked token is refused: a rotation's holder needs the token that replaced it,
    not a new one (a newcomer's trial heard only "revoked")."""
    if any(t.replaces == row.id for t in ledger().store.tokens(row.campaign_id)):
        return "This token was replaced by a rotation; ask the GM for the new token."
    return "This token has been revoked."


def authenticate(campaign_id: str) -> TokenRow:
    row = live_token()
    if row.campaign_id != campaign_id:
        raise ApiError(404, "not-found", "No such campaign.")
    return row


def require_reader(campaign_id: str) -> TokenRow:
    """Any role of this campaign may read."""
    return authenticate(campaign_id)


def require_gm(campaign_id: str) -> TokenRow:
    row = authenticate(campaign_id)
    if row.role != "gm":
        raise ApiError(403, "gm-only", "Only the GM may do this.")
    return row


def require_gm_or_player(campaign_id: str, character_id: str) -> TokenRow:
    """The GM, or the player whose token is bound to this character."""
    row = authenticate(campaign_id)
    if row.role == "gm" or (row.role == "player" and row.character_id == character_id):
        return row
    raise ApiError(403, "not-your-character", "Only the GM or this character's player may do "
                   "this." + OBSERVER_NOTE.get(row.role, ""))


def require_writer(campaign_id: str) -> TokenRow:
    """The GM or any player (campaign-wide commands such as Bonds or the Stunt Pool)."""
    row = authenticate(campaign_id)
    if row.role in ("gm", "player"):
        return row
    raise ApiError(403, "observers-read-only", "Observers may only read.")


def creator() -> Actor:
    """Who creates a campaign: the operator when the server sets an admin token (which
    the route has checked), else anyone."""
    return Actor(role="admin" if current_app.config["LEDGER"].admin_token else "anonymous")


def actor_of(row: TokenRow | None) -> Actor:
    if row is None:
        return Actor(role="admin" if _bearer() else "anonymous")
    return Actor(role=row.role, token_id=row.id, character_id=row.character_id)
