"""The server's side of hidden events: fresh secrets, and a hidden event's data, nonce and
seed sealed under the server key in its own stored data, opened again only to reveal it."""

from __future__ import annotations

import base64
import binascii
import json
import secrets
from typing import Any

from cryptography.exceptions import InvalidTag

from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store.base import EventStore
from ledger.domain.chain import canonical
from ledger.domain.hidden import SECRET_BYTES, is_hidden


def sealed_context(campaign_id: str, position: int) -> bytes:
    """What the sealed data is bound to: its campaign and position (never a dice epoch's)."""
    return f"{campaign_id}|hidden|{position}".encode()


def open_sealed(box: SecretBox, campaign_id: str, position: int,
                sealed: str) -> dict[str, Any] | None:
    """The data, nonce and seed sealed at `position`, or None when they do not open (sealed
    by another server's key, an imported history, or damaged)."""
    try:
        plain = box.open(base64.b64decode(sealed, validate=True),
                         sealed_context(campaign_id, position))
    except (InvalidTag, binascii.Error, ValueError):
        return None
    found = json.loads(plain)
    return found if isinstance(found, dict) else None


class StoredHidden:
    def __init__(self, store: EventStore, box: SecretBox, campaign_id: str) -> None:
        self.store = store
        self.box = box
        self.campaign_id = campaign_id

    def secret(self) -> bytes:
        return secrets.token_bytes(SECRET_BYTES)

    def seal(self, payload: dict[str, object], position: int) -> str:
        sealed = self.box.seal(canonical(payload), sealed_context(self.campaign_id, position))
        return base64.b64encode(sealed).decode()

    def open(self, position: int) -> tuple[str, str, dict[str, object]] | None:
        found = self.store.read(self.campaign_id, after=position - 1, limit=1)
        if not found or found[0].position != position or not is_hidden(found[0].type):
            return None
        data = json.loads(found[0].data)
        payload = open_sealed(self.box, self.campaign_id, position, str(data.get("sealed", "")))
        if payload is None:
            return None
        return found[0].type, str(data["commitment"]), payload

    def revealed(self, position: int) -> bool:
        reveals = self.store.read_filtered(self.campaign_id, after=0, limit=None,
                                           types=["HiddenRevealed"])
        return any(json.loads(r.data).get("hidden_position") == position for r in reveals)
