"""Checkpoints outlive code changes: a stale or broken one is rebuilt, never a reason to fold
from the first event (docs/decisions/005-histories-outlive-code.md). On both stores."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import msgspec
import pytest

from ledger.adapters.store.base import EventStore
from ledger.adapters.store.sqlite import SQLiteStore
from ledger.domain import resources
from ledger.domain.campaign import create_campaign
from ledger.domain.characters import register_character
from ledger.domain.errors import InvalidInput
from ledger.domain.fold import blank, decode_state, encode_state, fold
from ledger.domain.state import CampaignState
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from tests.faults.filesystem import immutable
from tests.integration.audit_helpers import GM

# The ledger fixture checkpoints every 10 positions.
HEAD = 35


def campaign(ledger: Ledger) -> str:
    """35 events: checkpoints at 10, 20 and 30."""
    campaign_id = ledger.create_campaign(create_campaign("Mana Noir"), GM).campaign_id
    mara = ledger.execute(campaign_id, GM, register_character(
        {"name": "Mara", "mana": {"current": 12, "max": 12}})).events[0].character_id or ""
    for n in range(HEAD - 2):
        change = resources.gain if n % 2 else resources.spend
        ledger.execute(campaign_id, GM, change(mara, "mana", 1, f"step {n}"))
    return campaign_id


def stored(store: EventStore, campaign_id: str, position: int) -> bytes:
    found = store.checkpoint_at(campaign_id, position)
    assert found is not None
    assert found[0] == position
    return found[1]


def folded(store: EventStore, campaign_id: str, position: int) -> CampaignState:
    return fold(blank(campaign_id), store.read(campaign_id, upto=position))


def stale(blob: bytes) -> bytes:
    """The same state under a checkpoint format this code does not write."""
    return b"0123456789abcdef|" + blob.partition(b"|")[2]


def marked(ledger: Ledger, campaign_id: str, position: int) -> None:
    """Rewrite a readable checkpoint with a name no event ever set, sealed with the server
    key: a read that starts from it carries the mark, one that folds from the first event
    does not."""
    state = decode_state(stored(ledger.store, campaign_id, position))
    assert state is not None
    state.name = "started from the checkpoint"
    ledger.store.put_checkpoint(campaign_id, position, ledger.checkpoints.row(state))


def test_put_checkpoint_replaces_the_row_at_its_position(ledger: Ledger) -> None:
    campaign_id = campaign(ledger)
    ledger.store.put_checkpoint(campaign_id, 30, b"replaced")
    assert stored(ledger.store, campaign_id, 30) == b"replaced"


def test_a_stale_format_checkpoint_is_rebuilt_from_the_newest_readable_one_before_it(
        ledger: Ledger) -> None:
    campaign_id = campaign(ledger)
    ledger.store.put_checkpoint(campaign_id, 30, stale(stored(ledger.store, campaign_id, 30)))
    marked(ledger, campaign_id, 20)
    state = ledger.state_at(campaign_id, 33)
    assert state.name == "started from the checkpoint"  # folded 21..33, not 1..33
    rebuilt = decode_state(stored(ledger.store, campaign_id, 30))
    assert rebuilt is not None
    assert rebuilt.name == "started from the checkpoint"


def test_reads_past_a_stale_checkpoint_stay_correct_and_replace_it(ledger: Ledger) -> None:
    campaign_id = campaign(ledger)
    ledger.store.put_checkpoint(campaign_id, 30, stale(stored(ledger.store, campaign_id, 30)))
    expected = encode_state(folded(ledger.store, campaign_id, 34))
    assert encode_state(ledger.state_at(campaign_id, 34)) == expected
    assert stored(ledger.store, campaign_id, 30) == encode_state(
        folded(ledger.store, campaign_id, 30))


def test_an_unreadable_checkpoint_body_is_rebuilt_like_a_stale_one(ledger: Ledger) -> None:
    campaign_id = campaign(ledger)
    broken = stored(ledger.store, campaign_id, 30)[:40]  # the right format, cut short
    ledger.store.put_checkpoint(campaign_id, 30, broken)
    marked(ledger, campaign_id, 20)
    assert ledger.state_at(campaign_id, 31).name == "started from the checkpoint"
    assert decode_state(stored(ledger.store, campaign_id, 30)) is not None


def test_a_fresh_process_loads_the_head_from_the_newest_readable_checkpoint(
        ledger: Ledger) -> None:
    campaign_id = campaign(ledger)
    for position in (20, 30):
        ledger.store.put_checkpoint(campaign_id, position,
                                    stale(stored(ledger.store, campaign_id, position)))
    marked(ledger, campaign_id, 10)
    fresh = Ledger(ledger.store, ledger.box, checkpoint_every=ledger.checkpoint_every)
    assert fresh.state(campaign_id).name == "started from the checkpoint"
    for position in (20, 30):
        rebuilt = decode_state(stored(ledger.store, campaign_id, position))
        assert rebuilt is not None
        assert rebuilt.position == position


def test_with_no_readable_checkpoint_the_fold_starts_at_the_first_event_and_rebuilds_them(
        ledger: Ledger) -> None:
    campaign_id = campaign(ledger)
    for position in (10, 20, 30):
        ledger.store.put_checkpoint(campaign_id, position,
                                    stale(stored(ledger.store, campaign_id, position)))
    fresh = Ledger(ledger.store, ledger.box, checkpoint_every=ledger.checkpoint_every)
    fresh.REPAIR_BATCH = 2  # two transactions: a full batch, then the rest
    assert msgspec.json.encode(fresh.state(campaign_id)) == msgspec.json.encode(
        folded(ledger.store, campaign_id, HEAD))
    for position in (10, 20, 30):
        assert stored(ledger.store, campaign_id, position) == encode_state(
            folded(ledger.store, campaign_id, position))


def test_a_read_still_answers_when_the_store_takes_no_checkpoint_writes(
        ledger: Ledger, store_config: Config) -> None:
    if store_config.store != "sqlite":
        pytest.skip("the read-only file is SQLite's; PostgreSQL's read-only run is in tests/faults")
    campaign_id = campaign(ledger)
    ledger.store.put_checkpoint(campaign_id, 30, stale(stored(ledger.store, campaign_id, 30)))
    expected = encode_state(folded(ledger.store, campaign_id, 34))
    path = Path(store_config.data_dir) / "ledger.sqlite3"
    with sql_checkpointed(ledger.store), immutable(path):
        reader = SQLiteStore(path)
        try:
            assert encode_state(Ledger(reader, ledger.box).state_at(campaign_id, 34)) == expected
        finally:
            reader.close()
    assert decode_state(stored(ledger.store, campaign_id, 30)) is None  # still waiting


@contextmanager
def sql_checkpointed(store: EventStore) -> Iterator[None]:
    """Everything in the main file, so a reader of the immutable file sees it all."""
    with store.transaction(write=True) as c:
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    yield


def test_a_position_past_a_head_that_holds_a_checkpoint_is_refused_naming_the_head(
        ledger: Ledger) -> None:
    # A head at a checkpoint reads no record after it: that must not answer the head's
    # state for a later position (it once did, silently).
    campaign_id = ledger.create_campaign(create_campaign("Mana Noir"), GM).campaign_id
    mara = ledger.execute(campaign_id, GM, register_character(
        {"name": "Mara", "mana": {"current": 12, "max": 12}})).events[0].character_id or ""
    for n in range(8):
        ledger.execute(campaign_id, GM, resources.spend(mara, "mana", 1, f"step {n}"))
    assert ledger.store.checkpoint_at(campaign_id, 10) is not None  # the head, 10
    with pytest.raises(InvalidInput, match="no event at position 12: the head is at 10"):
        ledger.state_at(campaign_id, 12)
