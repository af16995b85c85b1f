"""Checkpoints on reads (ledger/service/checkpoints.py) on both stores: the nearest readable
one, and folds that write the missing ones and rebuild the unreadable ones."""

from __future__ import annotations

import msgspec

from ledger.domain.fold import blank, decode_state, encode_state, fold
from ledger.service.checkpoints import Checkpoints
from ledger.service.ledger import Ledger
from tests.integration.service_helpers import spending


def test_nearest_is_blank_without_a_checkpoint_at_or_below(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 12)  # the ledger fixture checkpoints at 10
    nearest = Checkpoints(ledger.store, 10, ledger.seal).nearest(campaign_id, 9)
    assert (nearest.id, nearest.position) == (campaign_id, 0)


def test_nearest_passes_over_an_unreadable_body_to_the_one_before(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 22)
    found = ledger.store.checkpoint_at(campaign_id, 20)
    assert found is not None
    ledger.store.put_checkpoint(campaign_id, 20, found[1][:40])  # the right format, cut short
    assert Checkpoints(ledger.store, 10, ledger.seal).nearest(campaign_id, 21).position == 10


def test_a_fold_writes_every_missing_checkpoint_and_rebuilds_unreadable_ones(
        ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 22)  # checkpoints at 10 and 20
    found = ledger.store.checkpoint_at(campaign_id, 10)
    assert found is not None
    ledger.store.put_checkpoint(campaign_id, 10, b"not a state")
    checkpoints = Checkpoints(ledger.store, 7, ledger.seal)
    checkpoints.repair_batch = 1  # each checkpoint in its own transaction
    records = ledger.store.read(campaign_id)
    state = checkpoints.fold_repairing(blank(campaign_id), records)
    assert msgspec.json.encode(state) == msgspec.json.encode(fold(blank(campaign_id), records))
    assert ledger.store.checkpoint_positions(campaign_id, 0, 22) == [7, 10, 14, 20, 21]
    for position in (7, 10, 14, 20, 21):
        rebuilt = ledger.store.checkpoint_at(campaign_id, position)
        assert rebuilt is not None
        assert rebuilt[1] == encode_state(fold(blank(campaign_id), records[:position]))
    assert decode_state(ledger.store.checkpoint_at(campaign_id, 10)[1]) is not None  # type: ignore[index]


def test_folding_nothing_leaves_the_state_and_the_store_alone(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 3)
    start = ledger.state_at(campaign_id, 3)
    assert Checkpoints(ledger.store, 1, ledger.seal).fold_repairing(start, []) is start
    assert ledger.store.checkpoint_positions(campaign_id, 0, 3) == []
