"""The head cache (ledger/service/heads.py) on both stores: every read fast-forwards from the
store, a cold read starts at a checkpoint, and the cache keeps only the newest heads."""

from __future__ import annotations

import msgspec
import pytest

from ledger.domain import resources
from ledger.domain.errors import NotFound
from ledger.domain.fold import blank, fold
from ledger.service.checkpoints import Checkpoints
from ledger.service.heads import HeadCache
from ledger.service.ledger import Ledger
from tests.integration.audit_helpers import GM
from tests.integration.service_helpers import spending


def heads_of(ledger: Ledger, size: int = 8) -> HeadCache:
    return HeadCache(ledger.store, Checkpoints(ledger.store, ledger.checkpoint_every, ledger.seal), size)


def test_an_unknown_campaign_is_not_found(ledger: Ledger) -> None:
    with pytest.raises(NotFound):
        heads_of(ledger).state("cmp_nobody")


def test_a_cold_read_equals_the_fold_from_the_first_event(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 25)
    head = heads_of(ledger).state(campaign_id)
    expected = fold(blank(campaign_id), ledger.store.read(campaign_id))
    assert head.position == 25
    assert msgspec.json.encode(head) == msgspec.json.encode(expected)


def test_a_cold_read_reads_only_the_events_after_the_newest_checkpoint(
        ledger: Ledger, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign_id, _ = spending(ledger, 25)  # checkpoints every 10: at 10 and 20
    store, asked = ledger.store, []
    read = store.read

    def reading(campaign: str, *args: object, **kwargs: object) -> object:
        records = read(campaign, *args, **kwargs)  # type: ignore[arg-type]
        asked.append([r.position for r in records])
        return records

    monkeypatch.setattr(store, "read", reading)
    head = heads_of(ledger).state(campaign_id)
    assert head.position == 25
    assert asked == [[21, 22, 23, 24, 25]]


def test_a_cached_head_is_fast_forwarded_by_what_another_writer_recorded(ledger: Ledger) -> None:
    campaign_id, mara = spending(ledger, 5)
    heads = heads_of(ledger)
    assert heads.state(campaign_id).position == 5
    ledger.execute(campaign_id, GM, resources.spend(mara, "mana", 2, "elsewhere"))
    assert heads.cached(campaign_id) is not None
    assert heads.cached(campaign_id).position == 5  # type: ignore[union-attr]  # not read yet
    assert heads.state(campaign_id).position == 6
    assert heads.state(campaign_id).characters[mara].mana.current == \
        ledger.state(campaign_id).characters[mara].mana.current


def test_an_older_head_never_replaces_a_newer_one(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 6)
    heads = heads_of(ledger)
    newest = heads.state(campaign_id)
    heads.remember(ledger.state_at(campaign_id, 4))
    assert heads.cached(campaign_id) is newest


def test_the_cache_forgets_the_head_longest_unchanged(ledger: Ledger) -> None:
    first, mara = spending(ledger, 2)
    second, _ = spending(ledger, 2)
    third, _ = spending(ledger, 2)
    heads = heads_of(ledger, size=2)
    heads.state(first)
    heads.state(second)
    ledger.execute(first, GM, resources.spend(mara, "mana", 1, "moves the first on"))
    heads.state(first)  # fast-forwarded: now the newest entry
    heads.state(third)
    assert heads.cached(second) is None
    assert heads.cached(first) is not None
    assert heads.cached(third) is not None
