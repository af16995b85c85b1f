"""Idempotent answers (ledger/service/idempotent.py) on both stores: stored with the events,
replayed without recording again, refused for another request under the same key."""

from __future__ import annotations

import msgspec
import pytest

from ledger.domain import resources
from ledger.domain.errors import InvalidInput
from ledger.domain.state import CampaignState
from ledger.service.answers import WriteAnswer
from ledger.service.idempotent import AnswerSpec, render, replay
from ledger.service.ledger import Ledger
from ledger.service.outcome import Outcome
from tests.integration.audit_helpers import GM
from tests.integration.service_helpers import spending


def spec(fingerprint: str = "POST /spend") -> AnswerSpec:
    return AnswerSpec("tok_gm", "key-1", fingerprint)


def at(state: CampaignState) -> str:
    return f"at {state.position}"


PLAN = WriteAnswer(200, at)  # the application renders {position, events, state: "at N"}


def shown(body: bytes) -> tuple[int, str]:
    answer = msgspec.json.decode(body)
    return answer["position"], answer["state"]


def test_an_unknown_key_has_nothing_to_replay(ledger: Ledger) -> None:
    assert replay(ledger.store, spec(), "cmp_x") is None


def test_the_answer_is_stored_with_the_events_and_replayed_without_them(ledger: Ledger) -> None:
    campaign_id, mara = spending(ledger, 3)
    first = ledger.execute(campaign_id, GM, resources.spend(mara, "mana", 1, "x"), answer=spec(),
                           plan=PLAN)
    assert first.replayed is not None
    assert (first.replayed.status, shown(first.replayed.body)) == (200, (4, "at 4"))
    assert first.answer is not None
    assert msgspec.json.encode(first.answer) == first.replayed.body  # sent as it was stored
    again = replay(ledger.store, spec(), campaign_id)
    assert again is not None
    assert (again.campaign_id, again.position, again.records) == (campaign_id, 4, [])
    assert again.replayed == first.replayed
    again_via_execute = ledger.execute(campaign_id, GM, resources.spend(mara, "mana", 1, "x"),
                                       answer=spec(), plan=PLAN)
    assert again_via_execute.records == []
    assert ledger.store.head(campaign_id) == 4


def test_the_same_key_for_another_request_is_refused(ledger: Ledger) -> None:
    campaign_id, mara = spending(ledger, 3)
    ledger.execute(campaign_id, GM, resources.spend(mara, "mana", 1, "x"), answer=spec(),
                   plan=PLAN)
    with pytest.raises(InvalidInput) as refused:
        replay(ledger.store, spec("POST /gain"), campaign_id)
    assert (refused.value.rule, refused.value.field) == ("idempotency-key-reused",
                                                         "Idempotency-Key")


def test_the_answer_to_store_is_rendered_from_the_outcome(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 2)
    outcome = Outcome(campaign_id, 2, [], [], ledger.state(campaign_id))
    stored = render(PLAN, spec(), outcome)
    assert stored is not None
    assert (stored.scope, stored.key, stored.status, shown(stored.body), stored.campaign_id,
            stored.position) == ("tok_gm", "key-1", 200, (2, "at 2"), campaign_id, 2)
    assert outcome.answer == {"position": 2, "events": [], "state": "at 2",
                              "changed": {"characters": [], "items": [], "spirits": []}}
    assert render(PLAN, None, outcome) is None  # rendered, but nothing to store
    assert render(None, None, outcome) is None
