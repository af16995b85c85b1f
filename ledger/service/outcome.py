"""What recording a command gives back."""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.adapters.store.records import IdempotentAnswer, TokenRow
from ledger.domain.events import DomainEvent
from ledger.domain.record import Record
from ledger.domain.state import CampaignState


class Outcome(msgspec.Struct):
    campaign_id: str
    position: int
    records: list[Record]
    events: list[DomainEvent]
    state: CampaignState
    replayed: IdempotentAnswer | None = None
    # The token rows written in the command's transaction (a new campaign's GM token).
    tokens: list[TokenRow] = []
    # The answer body the application rendered (ledger/service/answers.py); None for a
    # replay (`replayed` holds it) or a caller that asked for none.
    answer: dict[str, Any] | None = None
