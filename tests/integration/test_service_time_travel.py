"""Time travel (ledger/service/time_travel.py) and canon reads (ledger/service/canon.py) on
both stores."""

from __future__ import annotations

import itertools

import msgspec
import pytest

from ledger.domain import resources
from ledger.domain.errors import InvalidInput, NotFound
from ledger.domain.fold import blank, fold
from ledger.service.audit.commands import rewind_command
from ledger.service.canon import canon_state_at
from ledger.service.checkpoints import Checkpoints
from ledger.service.heads import HeadCache
from ledger.service.ledger import Ledger
from ledger.service.time_travel import TimeTravel
from tests.integration.audit_helpers import GM
from tests.integration.service_helpers import spending


def travel_of(ledger: Ledger) -> TimeTravel:
    return TimeTravel(ledger.store, Checkpoints(ledger.store, ledger.checkpoint_every, ledger.seal))


def test_the_state_at_each_position_is_the_fold_of_the_events_up_to_it(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 23)
    travel, records = travel_of(ledger), ledger.store.read(campaign_id)
    for position in (1, 9, 10, 11, 23):
        expected = fold(blank(campaign_id), records[:position])
        assert msgspec.json.encode(travel.state_at(campaign_id, position)) == \
            msgspec.json.encode(expected)


@pytest.mark.parametrize("position", [0, -1, 6])
def test_a_position_outside_the_history_is_refused(ledger: Ledger, position: int) -> None:
    campaign_id, _ = spending(ledger, 5)
    with pytest.raises(InvalidInput) as refused:
        travel_of(ledger).state_at(campaign_id, position)
    assert (refused.value.rule, refused.value.field) == ("position-out-of-range", "at")


def test_an_unknown_campaign_has_no_past(ledger: Ledger) -> None:
    with pytest.raises(NotFound):
        travel_of(ledger).state_at("cmp_nobody", 3)


def test_the_position_at_a_time_is_the_last_one_recorded_by_then(ledger: Ledger) -> None:
    minutes = itertools.count()
    clocked = Ledger(ledger.store, ledger.box, checkpoint_every=10,
                     now=lambda: f"2030-01-01T10:{next(minutes):02d}:00.000000Z")
    campaign_id, _ = spending(clocked, 4)  # recorded at 10:00 .. 10:03
    travel = travel_of(ledger)
    assert travel.position_at_time(campaign_id, "2030-01-01T10:02:30.000000Z") == 3
    assert travel.position_at_time(campaign_id, "2030-01-01T09:59:59.000000Z") == 0


def test_a_canon_read_of_a_voided_position_answers_the_last_canon_state_before_it(
        ledger: Ledger) -> None:
    campaign_id, mara = spending(ledger, 4)
    ledger.execute(campaign_id, GM, resources.spend(mara, "mana", 5, "a mistake"))  # 5
    ledger.execute(campaign_id, GM, rewind_command(ledger, campaign_id, 4, "undo"))  # 6
    heads = HeadCache(ledger.store, Checkpoints(ledger.store, 10, ledger.seal), 8)
    travel = travel_of(ledger)
    voided = canon_state_at(heads, travel, campaign_id, 5)
    assert voided.position == 4
    assert voided.characters[mara].mana.current == \
        travel.state_at(campaign_id, 4).characters[mara].mana.current
    assert travel.state_at(campaign_id, 5).characters[mara].mana.current == \
        voided.characters[mara].mana.current - 5  # as recorded, the mistake is there
    assert canon_state_at(heads, travel, campaign_id, 3).position == 3


def test_a_canon_read_past_the_head_is_refused(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 3)
    heads = HeadCache(ledger.store, Checkpoints(ledger.store, 10, ledger.seal), 8)
    with pytest.raises(InvalidInput):
        canon_state_at(heads, travel_of(ledger), campaign_id, 4)
