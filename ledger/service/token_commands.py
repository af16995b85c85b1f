"""Issuing and rotating tokens (GM): keyed writes outside the game stream; a rewind never
touches them and they settle nobody. The secret is shown once, and again to a retry with
the same Idempotency-Key: it derives from the token's id, so no stored answer holds it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import Meta

from ledger.adapters.store.records import TokenRow
from ledger.domain.bounds import Label
from ledger.domain.command import GM
from ledger.domain.token_rules import check_token_binding
from ledger.service import tokens
from ledger.service.keyed import Body, KeyedCommand, KeyedWrite, Removal, Setting


def token_json(t: TokenRow) -> dict[str, Any]:
    return {"id": t.id, "role": t.role, "character_id": t.character_id, "label": t.label,
            "created_at": t.created_at, "revoked_at": t.revoked_at, "replaces": t.replaces,
            "issued_by": {"role": t.issuer_role, "token_id": t.issuer_token}}


def issued(row: TokenRow) -> Body:
    """The answer that issues a token; its secret is added by `reveal`, never stored."""
    answer = {"id": row.id, "token": None, "role": row.role, "character_id": row.character_id,
              "label": row.label}
    return answer | ({"replaces": row.replaces} if row.replaces else {})


def _revealer(setting: Setting) -> Any:
    box = setting.ledger.box
    return lambda body: body | {"token": box.token_secret(body["id"])}


class IssueToken(KeyedCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Issue a token (GM). Players are bound to one character. The secret is shown once
    (and again to a retry with the same Idempotency-Key).

    A player token names its character (422 `player-needs-character`; 404
    `character-not-found`); GM and observer tokens name none (422
    `character-only-for-players`).
    """

    policy = GM
    example = {"role": "observer", "label": "Table screen"}
    role: Annotated[Literal["gm", "player", "observer"], Meta(description="what it may do")]
    character_id: Annotated[str | None, Meta(description="a player's character")] = None
    label: Label = ""

    def prepare(self, setting: Setting) -> KeyedWrite:
        check_token_binding(setting.head, self.role, self.character_id)
        led = setting.ledger
        row, _secret = tokens.new_token(led.box, setting.head.id, self.role, self.character_id,
                                        self.label, setting.actor)
        return KeyedWrite(201, issued(row), lambda answer: led.store.add_token(row, answer),
                          _revealer(setting))


class RotateToken(KeyedCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Revoke a live token and issue a new one with the same role, character and label (GM).

    A revoked or already rotated token cannot be rotated (409 `token-already-revoked`);
    of concurrent rotations of one token, exactly one succeeds.
    """

    policy = GM
    path = ("token_id",)
    example_needs = ("token",)
    token_id: str

    def prepare(self, setting: Setting) -> KeyedWrite:
        led = setting.ledger
        old = tokens.existing(led.store, setting.head.id, self.token_id)
        new, _secret = tokens.new_token(led.box, setting.head.id, old.role, old.character_id,
                                        old.label, setting.actor, replaces=old)
        return KeyedWrite(201, issued(new),
                          lambda answer: tokens.rotate(led.store, old, new, answer),
                          _revealer(setting))


class RevokeToken(Removal, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Revoke a token (GM). It stops working at once. The campaign's last live GM token
    cannot be revoked (409 `last-gm-token`): issue another GM token first."""

    policy = GM
    path = ("token_id",)
    example_needs = ("token",)
    token_id: str

    def perform(self, setting: Setting) -> None:
        tokens.revoke(setting.ledger.store, setting.head.id, self.token_id)
