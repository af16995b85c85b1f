"""An Idempotency-Key's answer: replayed when the key was answered before, or rendered by
the application (ledger/service/answers.py) to be stored in the command's own transaction
(docs/decisions/004)."""

from __future__ import annotations

import msgspec

from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import IdempotentAnswer
from ledger.domain.fold import blank
from ledger.service.answers import WriteAnswer, encoded
from ledger.service.idempotency import KeyedRequest, earlier_answer
from ledger.service.outcome import Outcome


class AnswerSpec(msgspec.Struct):
    """Where to remember a POST's answer: its Idempotency-Key in the key's scope."""

    scope: str
    key: str
    fingerprint: str
    bytes_fingerprint: str = ""  # as KeyedRequest's

    @property
    def request(self) -> KeyedRequest:
        return KeyedRequest(self.scope, self.key, self.fingerprint, self.bytes_fingerprint)


def replay(store: EventStore, answer: AnswerSpec, campaign_id: str,
           *, creating: bool = False) -> Outcome | None:
    """The earlier answer under this key as an outcome without records, or None."""
    stored = earlier_answer(store, answer.request, campaign_id, creating=creating)
    if stored is None:
        return None
    return Outcome(stored.campaign_id or campaign_id, stored.position or 0, [], [],
                   blank(campaign_id), replayed=stored)


def render(plan: WriteAnswer | None, answer: AnswerSpec | None,
           outcome: Outcome) -> IdempotentAnswer | None:
    """Render the outcome's answer body (`outcome.answer`) and, under a key, the answer to
    write with the command's events (without a plan, a keyed answer shows the whole state)."""
    if plan is None and answer is None:
        return None
    outcome.answer = (plan or WriteAnswer()).body(outcome)
    if answer is None:
        return None
    return IdempotentAnswer(answer.scope, answer.key, answer.fingerprint,
                            plan.status if plan else 200,
                            encoded(outcome.answer), outcome.campaign_id, outcome.position)
