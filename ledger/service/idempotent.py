"""An Idempotency-Key's answer: replayed when the key was answered before, or rendered to be
stored in the command's own transaction (docs/decisions/004)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import IdempotentAnswer
from ledger.domain.fold import blank
from ledger.service.idempotency import KeyedRequest, earlier_answer
from ledger.service.outcome import Outcome


class AnswerSpec(msgspec.Struct):
    """How to remember a POST's answer under its Idempotency-Key."""

    scope: str
    key: str
    fingerprint: str
    render: Callable[[Outcome], tuple[int, bytes]]


def replay(store: EventStore, answer: AnswerSpec, campaign_id: str,
           *, creating: bool = False) -> Outcome | None:
    """The earlier answer under this key as an outcome without records, or None."""
    stored = earlier_answer(store, KeyedRequest(answer.scope, answer.key, answer.fingerprint),
                            campaign_id, creating=creating)
    if stored is None:
        return None
    return Outcome(stored.campaign_id or campaign_id, stored.position or 0, [], [],
                   blank(campaign_id), replayed=stored)


def answer_to_store(answer: AnswerSpec | None, outcome: Outcome) -> IdempotentAnswer | None:
    """The answer to write with the command's events, rendered from its outcome."""
    if answer is None:
        return None
    status, body = answer.render(outcome)
    return IdempotentAnswer(answer.scope, answer.key, answer.fingerprint, status, body,
                            outcome.campaign_id, outcome.position)
