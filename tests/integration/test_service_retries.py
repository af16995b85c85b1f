"""Retries and writer locks (ledger/service/retries.py): a race lost in the store is decided
again on the new head; on both stores, with real conflicting appends."""

from __future__ import annotations

import pytest

from ledger.adapters.store.base import PositionTaken, StoreUnavailable
from ledger.domain import resources
from ledger.domain.state import CampaignState
from ledger.service.ledger import Ledger
from ledger.service.outcome import Outcome
from ledger.service.retries import MAX_ATTEMPTS, ConflictRetriesExhausted, WriterLocks, until_recorded
from tests.integration.audit_helpers import GM
from tests.integration.service_helpers import spending


def test_a_lost_race_is_decided_again_on_the_head_the_winner_left(ledger: Ledger) -> None:
    campaign_id, mara = spending(ledger, 3)
    stale = ledger.state(campaign_id)
    ledger.execute(campaign_id, GM, resources.spend(mara, "mana", 1, "the winner"))
    heads: list[CampaignState] = [stale]  # the first attempt decides on the head before it

    def attempt() -> Outcome:
        state = heads.pop() if heads else ledger.state(campaign_id)
        return ledger.recorder.attempt(state, GM, resources.spend(mara, "mana", 2, "late"), None)

    outcome = until_recorded(WriterLocks(keep=8), campaign_id, attempt, lambda: None)
    assert outcome.position == 5  # not 4: position 4 was the winner's
    assert [r.position for r in ledger.store.read(campaign_id, after=3)] == [4, 5]
    assert ledger.state(campaign_id).characters[mara].mana.current == 12 - 1 - 1 - 2


def test_a_campaign_that_keeps_losing_races_gives_up_as_unavailable(ledger: Ledger) -> None:
    campaign_id, mara = spending(ledger, 3)
    stale = ledger.state_at(campaign_id, 2)  # position 3 is always taken
    tries: list[int] = []

    def attempt() -> Outcome:
        tries.append(1)
        return ledger.recorder.attempt(stale, GM, resources.spend(mara, "mana", 1, "late"), None)

    with pytest.raises(ConflictRetriesExhausted) as gave_up:
        until_recorded(WriterLocks(keep=8), campaign_id, attempt, lambda: None)
    assert isinstance(gave_up.value, StoreUnavailable)  # answered as a 503
    assert len(tries) == MAX_ATTEMPTS
    assert ledger.store.head(campaign_id) == 3


def test_other_failures_are_not_retried(ledger: Ledger) -> None:
    tries: list[int] = []

    def attempt() -> Outcome:
        tries.append(1)
        raise PermissionError("not a race")

    with pytest.raises(PermissionError):
        until_recorded(WriterLocks(keep=8), "cmp_x", attempt, lambda: None)
    assert tries == [1]


def test_position_taken_is_what_the_store_raises_for_a_lost_race(ledger: Ledger) -> None:
    campaign_id, mara = spending(ledger, 3)
    stale = ledger.state_at(campaign_id, 2)
    with pytest.raises(PositionTaken):
        ledger.recorder.attempt(stale, GM, resources.spend(mara, "mana", 1, "late"), None)


def test_one_lock_per_campaign_and_idle_locks_are_dropped_past_the_limit() -> None:
    locks = WriterLocks(keep=2)
    first = locks.of("cmp_a")
    assert locks.of("cmp_a") is first
    assert locks.of("cmp_b") is not first
    locks.of("cmp_c")
    locks.of("cmp_d")  # more than `keep`: the idle ones are dropped first
    assert locks.of("cmp_a") is not first


def test_a_writer_waits_for_its_campaigns_lock_only_so_long_then_hears_503() -> None:
    """A command of a campaign whose earlier write is stuck in the store (SQLite: a lock
    held past the busy timeout) answers StoreUnavailable once it has waited the bound,
    without running; commands of other campaigns go on."""
    locks = WriterLocks(keep=8, wait_seconds=0.01)
    ran: list[str] = []
    with locks.of("cmp_stuck"):  # the earlier write, still waiting for the store
        with pytest.raises(StoreUnavailable):
            until_recorded(locks, "cmp_stuck", lambda: ran.append("stuck"), lambda: None)
        until_recorded(locks, "cmp_free", lambda: ran.append("free"), lambda: None)
    assert ran == ["free"]
