"""`SessionEnded` records the head hash, and verification compares it with the chain,
on SQLite and PostgreSQL: a rewrite before a session's end that recomputes every hash
still leaves the session's recorded head stale."""

from __future__ import annotations

import json

from ledger.adapters.store.base import EventStore
from ledger.domain import clock
from ledger.domain.campaign import create_campaign
from ledger.domain.clock import SessionEnded
from ledger.service.ledger import Ledger
from tests.integration.audit_helpers import GM, append_v1_session_end, played
from tests.integration.test_tamper import check, records, rewrite_all


def test_session_ended_records_the_hash_of_the_event_just_before_it(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id = ledger.create_campaign(create_campaign("Noir"), GM).campaign_id
    ledger.execute(campaign_id, GM, clock.start_session)
    ledger.execute(campaign_id, GM, clock.start_scene)
    ledger.execute(campaign_id, GM, clock.end_session)  # closes the scene first
    *_, scene_ended, session_ended = records(store, campaign_id)
    assert (scene_ended.type, session_ended.type) == ("SceneEnded", "SessionEnded")
    assert session_ended.version == SessionEnded.version == 2
    assert json.loads(session_ended.data)["head_hash"] == scene_ended.hash
    assert check(store, campaign_id).ok


def test_a_rewrite_before_a_session_end_is_caught_by_its_recorded_head(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id, _ = played(ledger)
    rewrite_all(store, campaign_id, 4, lambda d: d.update(after=d["before"]))
    report = check(store, campaign_id)
    assert report.chain.ok  # every hash recomputed
    assert not report.ok
    assert [h.position for h in report.stale_heads] == [8]


def test_a_stored_version_1_session_end_still_folds_and_verifies(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id = ledger.create_campaign(create_campaign("Noir"), GM).campaign_id
    ledger.execute(campaign_id, GM, clock.start_session)
    append_v1_session_end(ledger, store, campaign_id, ledger.state(campaign_id).head_hash)
    assert ledger.state(campaign_id).clock.session_open is False
    assert ledger.state_at(campaign_id, 3).dice_epoch == 2
    assert check(store, campaign_id).ok


def test_a_version_1_session_end_with_a_stale_head_is_reported(
        ledger: Ledger, store: EventStore) -> None:
    campaign_id = ledger.create_campaign(create_campaign("Noir"), GM).campaign_id
    ledger.execute(campaign_id, GM, clock.start_session)
    append_v1_session_end(ledger, store, campaign_id, "cd" * 32)
    report = check(store, campaign_id)
    assert report.chain.ok
    assert [(h.position, h.recorded) for h in report.stale_heads] == [(3, "cd" * 32)]
