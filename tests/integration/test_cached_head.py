"""Deciding on the head a process last saw (ledger/service/ledger.py `execute`): a stale
one never records and never refuses. Two Ledgers on one store stand for two workers,
each with its own head cache."""

from __future__ import annotations

import pytest

from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store.base import EventStore
from ledger.domain import characters, resources
from ledger.domain.campaign import create_campaign
from ledger.domain.context import Context
from ledger.domain.errors import DomainError
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState
from ledger.service.ledger import Ledger
from tests.conftest import SECRET_KEY
from tests.integration.audit_helpers import GM


def _other_worker(store: EventStore) -> Ledger:
    return Ledger(store, SecretBox(bytes.fromhex(SECRET_KEY)), checkpoint_every=10)


def _mara_with_no_mana(ledger: Ledger) -> tuple[str, str]:
    campaign_id = ledger.create_campaign(create_campaign("Mana Noir"), GM).campaign_id
    mara = ledger.execute(campaign_id, GM, characters.register_character(
        {"name": "Mara", "mana": {"current": 0, "max": 10}})).events[0].character_id or ""
    return campaign_id, mara


def _mana(state: CampaignState, mara: str) -> int:
    return state.characters[mara].mana.current


def test_a_spend_refused_on_a_stale_head_is_decided_again_on_the_fresh_one(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id, mara = _mara_with_no_mana(ledger)  # this worker's cached head: 0 Mana
    _other_worker(store).execute(campaign_id, GM, resources.gain(mara, "mana", 5, "rest"))
    done = ledger.execute(campaign_id, GM, resources.spend(mara, "mana", 3, "Arson"))
    assert done.position == store.head(campaign_id) == 4
    assert _mana(done.state, mara) == 2
    assert _mana(ledger.state(campaign_id), mara) == 2


def test_a_write_on_a_stale_head_lands_after_the_other_workers(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id, mara = _mara_with_no_mana(ledger)
    _other_worker(store).execute(campaign_id, GM, resources.gain(mara, "mana", 5, "rest"))
    done = ledger.execute(campaign_id, GM, resources.gain(mara, "mana", 1, "tick"))
    assert [r.position for r in done.records] == [4]
    assert _mana(done.state, mara) == 6
    assert [r.type for r in store.read(campaign_id)][-2:] == ["ResourceGained"] * 2


def test_a_refusal_on_the_true_head_stands_and_records_nothing(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id, mara = _mara_with_no_mana(ledger)
    with pytest.raises(DomainError):
        ledger.execute(campaign_id, GM, resources.spend(mara, "mana", 3, "Arson"))
    assert store.head(campaign_id) == 2


def test_a_command_recording_nothing_answers_the_fresh_head(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id, mara = _mara_with_no_mana(ledger)
    _other_worker(store).execute(campaign_id, GM, resources.gain(mara, "mana", 5, "rest"))

    def nothing(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        return []

    done = ledger.execute(campaign_id, GM, nothing)
    assert done.position == 3
    assert _mana(done.state, mara) == 5


def test_if_match_is_checked_against_the_store_not_the_cache(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id, mara = _mara_with_no_mana(ledger)
    _other_worker(store).execute(campaign_id, GM, resources.gain(mara, "mana", 5, "rest"))
    done = ledger.execute(campaign_id, GM, resources.spend(mara, "mana", 1, "x"), if_match=3)
    assert done.position == 4


def test_a_command_on_a_current_cached_head_reads_no_events_first(
        ledger: Ledger, store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign_id, mara = _mara_with_no_mana(ledger)
    reads: list[str] = []
    real = store.read
    monkeypatch.setattr(store, "read", lambda *a, **k: reads.append("read") or real(*a, **k))
    ledger.execute(campaign_id, GM, resources.gain(mara, "mana", 1, "tick"))
    assert reads == []
