"""The event envelope: one recorded event with who, when, where in the campaign and its hash."""

from __future__ import annotations

import re

import msgspec

# What a campaign id may be: those the service makes (`cmp_` and hex), and any an import
# or a URL may name, are within it (ledger/service/audit/import_bounds.py, the pages).
CAMPAIGN_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")


class Record(msgspec.Struct, frozen=True):
    """One stored event with its envelope. `data` is the event's JSON bytes."""

    campaign_id: str
    position: int
    type: str
    version: int
    data: bytes
    recorded_at: str  # RFC 3339, UTC, fixed width, so it sorts as text
    actor_role: str
    actor_token: str | None
    actor_character: str | None
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
