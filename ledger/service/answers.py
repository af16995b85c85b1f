"""A write's answer, rendered by the application inside the command's transaction: the
body `{…extras, position, events, state}` that is stored under an Idempotency-Key and
sent, so a replay answers byte for byte what the first answer said. The HTTP layer only
encodes it (and adds the receipt, which is derived from the history, never stored).

A registration names its view of the state and its extra keys: pure functions of the
state and of the outcome (`ledger/service/views.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from ledger.domain.state import CampaignState
from ledger.service.outcome import Outcome
from ledger.service.wire import event_json

StateView = Callable[[CampaignState], Any]
Extras = Callable[[Outcome], dict[str, Any]]
_encoder = msgspec.json.Encoder()


def whole_state(state: CampaignState) -> Any:
    return state


@dataclass(frozen=True)
class WriteAnswer:
    """How a write answers: its status, the view of the state it shows, its extra keys."""

    status: int = 200
    view: StateView = whole_state
    extras: Extras | None = None

    def body(self, outcome: Outcome) -> dict[str, Any]:
        return {
            **(self.extras(outcome) if self.extras else {}),
            "position": outcome.position,
            "events": [event_json(r) for r in outcome.records],
            "state": self.view(outcome.state),
        }


def encoded(body: dict[str, Any]) -> bytes:
    return _encoder.encode(body)
