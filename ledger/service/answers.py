"""A write's answer, rendered by the application inside the command's transaction: the
body `{…extras, position, events, <key>: resource, changed}` that is stored under an
Idempotency-Key and sent, so a replay answers byte for byte what the first answer said.
The HTTP layer only encodes it (and adds the `receipt`, which is derived from the history,
never stored).

A registration names the key of its primary resource (the key a read of it uses: the
acting `character`, the `item`, `spirit` or `campaign` acted on...), the view that shows
it and its extra keys: pure functions of the state and of the outcome
(`ledger/service/views.py`). `changed` is derived here, for every command alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from ledger.domain.state import CampaignState
from ledger.domain.wire_shape import wire
from ledger.service.outcome import Outcome
from ledger.service.wire import event_json

StateView = Callable[[CampaignState], Any]
OutcomeView = Callable[[Outcome], Any]
Extras = Callable[[Outcome], dict[str, Any]]
_encoder = msgspec.json.Encoder()
# The kinds of things `changed` names, by the state's collection of them.
CHANGED_KINDS = ("characters", "items", "spirits")


def whole_state(state: CampaignState) -> Any:
    return state


def changed(outcome: Outcome, primary: Any) -> dict[str, list[str]]:
    """The ids of every character, item and spirit the recorded events name (their
    `character_id`, or any other field holding such an id), in the order named, but the
    primary resource's own. Read from the events, so no command lists them by hand."""
    own = primary.get("id") if isinstance(primary, dict) else getattr(primary, "id", None)
    state = outcome.state
    known = {kind: getattr(state, kind) for kind in CHANGED_KINDS}
    found: dict[str, dict[str, None]] = {kind: {} for kind in CHANGED_KINDS}

    def visit(value: Any) -> None:
        if isinstance(value, str):
            for kind, members in known.items():
                if value in members and value != own:
                    found[kind][value] = None
        elif isinstance(value, dict):
            for inner in value.values():
                visit(inner)
        elif isinstance(value, list):
            for inner in value:
                visit(inner)

    for event in outcome.events:
        visit(msgspec.to_builtins(event))
    return {kind: list(ids) for kind, ids in found.items()}


@dataclass(frozen=True)
class WriteAnswer:
    """How a write answers: its status, the key and view of its primary resource (`pick`
    when the resource is found from the outcome rather than the state), its extra keys.
    `key=None`: a write with no resource to show (a hidden roll)."""

    status: int = 200
    view: StateView = whole_state
    extras: Extras | None = None
    key: str | None = "state"
    pick: OutcomeView | None = None

    def body(self, outcome: Outcome) -> dict[str, Any]:
        primary = None
        if self.key is not None:
            primary = self.pick(outcome) if self.pick else self.view(outcome.state)
        return {
            **(self.extras(outcome) if self.extras else {}),
            "position": outcome.position,
            "events": [event_json(r) for r in outcome.records],
            **({self.key: primary} if self.key is not None else {}),
            "changed": changed(outcome, primary),
        }


def encoded(body: dict[str, Any]) -> bytes:
    return _encoder.encode(wire(body))
