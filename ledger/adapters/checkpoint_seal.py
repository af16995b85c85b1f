"""A checkpoint's seal: an HMAC under the server key over the state's bytes and the place in
the chain it folds to (campaign, position, head hash).

The key lives outside the database (ledger/adapters/secrets_box.py), so someone who edits a
stored checkpoint cannot make a seal that passes; a read that finds one folds past it
(ledger/service/checkpoints.py, docs/history.md).
"""

from __future__ import annotations

import hashlib
import hmac

from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store.records import CheckpointRow
from ledger.domain.chain import canonical

PURPOSE = b"campaign-ledger/checkpoint/v1\n"


def sealed_bytes(campaign_id: str, position: int, head_hash: str, state: bytes) -> bytes:
    """What the MAC covers: a purpose line, the place as canonical JSON, a newline, the state."""
    place = canonical({"campaign_id": campaign_id, "position": position, "head_hash": head_hash})
    return PURPOSE + place + b"\n" + state


class CheckpointSeal:
    def __init__(self, box: SecretBox) -> None:
        self._key = box.derive("checkpoints/hmac-sha256")

    def mac(self, campaign_id: str, position: int, head_hash: str, state: bytes) -> bytes:
        message = sealed_bytes(campaign_id, position, head_hash, state)
        return hmac.new(self._key, message, hashlib.sha256).digest()

    def row(self, campaign_id: str, position: int, head_hash: str, state: bytes) -> CheckpointRow:
        return CheckpointRow(campaign_id, position, state, head_hash,
                             self.mac(campaign_id, position, head_hash, state))

    def holds(self, campaign_id: str, position: int, head_hash: str | None, state: bytes,
              mac: bytes | None) -> bool:
        """Whether `mac` is this key's seal of the row (False without a head hash or a MAC)."""
        if head_hash is None or mac is None:
            return False
        return hmac.compare_digest(self.mac(campaign_id, position, head_hash, state), mac)
