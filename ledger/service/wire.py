"""The JSON shape of one recorded event, as the API, the change feed and webhook payloads
send it (the export file has its own, ledger/adapters/export_format.py).

A hidden event (ledger/domain/hidden.py) is always a placeholder here, for every reader:
its `data` is its commitment alone; the sealed data never leaves the server."""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.domain.chain import HIDDEN_ENVELOPE
from ledger.domain.hidden import is_hidden, public_data
from ledger.domain.record import Record


def event_json(r: Record) -> dict[str, Any]:
    hidden = {"envelope": HIDDEN_ENVELOPE} if is_hidden(r.type) else {}
    return hidden | {
        "position": r.position,
        "type": r.type,
        "version": r.version,
        "data": msgspec.Raw(public_data(r.type, r.data)),
        "recorded_at": r.recorded_at,
        "actor": {"role": r.actor_role, "token_id": r.actor_token, "character_id": r.actor_character},
        "correlation_id": r.correlation_id,
        "character_id": r.character_id,
        "session": r.session,
        "scene": r.scene,
        "hash": r.hash,
    }
