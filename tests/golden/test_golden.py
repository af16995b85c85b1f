"""The golden history holds: the committed export imports, verifies and folds to today's
recorded states, and replaying the script records it again (tests/golden/README.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from api import create_app
from ledger.adapters.export_format import read_history
from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.signing import HeadSigner
from ledger.adapters.store.base import EventStore
from ledger.domain import fold
from ledger.domain.record import Record
from ledger.domain.state import CampaignState
from ledger.domain.state.shape import data_shape
from ledger.service.audit.importing import import_history
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from tests.golden.allowed import ALLOWED
from tests.golden.compare import removed, state_digest, unexplained, unused
from tests.golden.harness import SERVER_KEY, Step, concrete, write_routes
from tests.golden.record import HISTORY, changes, committed, record

BOX = SecretBox(bytes.fromhex(SERVER_KEY))


@pytest.fixture(scope="module")
def golden() -> tuple[list[Record], list[Step], dict[str, Any]]:
    return committed()


def test_the_fixture_imports_with_its_chain_dice_and_signed_head_verified(
        store: EventStore, golden: tuple[list[Record], list[Step], dict[str, Any]]) -> None:
    _, _, expected = golden
    with HISTORY.open("rb") as handle:
        done = import_history(store, read_history(handle), checkpoint_every=10,
                              public_key=HeadSigner(BOX).public_key)
    assert (done.position, done.head_hash) == (expected["head_position"], expected["head_hash"])
    assert done.report.dice.verified >= 5
    assert not done.report.dice.mismatches
    assert not done.report.dice.pending


def test_the_imported_fixture_reads_the_recorded_state_at_every_position(
        store: EventStore, golden: tuple[list[Record], list[Step], dict[str, Any]]) -> None:
    records, _, expected = golden
    store.append(records)
    led = Ledger(store, BOX, checkpoint_every=10)  # time travel through checkpoints
    campaign_id = expected["campaign_id"]
    shape = expected["state_shape"]
    read = [state_digest(led.state_at(campaign_id, p), shape) for p in range(1, len(records) + 1)]
    assert _first_mismatch(read, expected["state_digests"]) is None
    assert state_digest(led.state(campaign_id), shape) == expected["state_digests"][-1]


def test_folding_the_fixture_from_its_first_event_gives_the_recorded_states(
        golden: tuple[list[Record], list[Step], dict[str, Any]]) -> None:
    records, _, expected = golden
    state = fold.blank(expected["campaign_id"])
    folded = [state_digest(fold.apply_record(state, r), expected["state_shape"]) for r in records]
    assert _first_mismatch(folded, expected["state_digests"]) is None


def test_replaying_the_script_records_the_fixture_again(store_config: Config) -> None:
    recording = record(store_config)
    found = changes(recording)
    assert unexplained(found, ALLOWED) == []
    assert unused(found, ALLOWED) == []
    if not ALLOWED:
        assert recording.export == HISTORY.read_bytes()


def test_campaign_state_only_ever_gains_fields(
        golden: tuple[list[Record], list[Step], dict[str, Any]]) -> None:
    assert removed(golden[2]["state_shape"], data_shape(CampaignState)) == []


def test_the_script_covers_every_command_route(
        tmp_path: Path, store_config: Config) -> None:
    """The script as it plays today: the fixture's steps and any appended after them (each
    appended step must answer 2xx; the fixture takes them in when it is next recorded)."""
    app = create_app(Config(data_dir=str(tmp_path), testing=True))
    visited = {(step.method, r) for step in record(store_config).steps
               for r in concrete(step.route)}
    routes = {(method, r) for method, rule in write_routes(app) for r in concrete(rule)}
    assert sorted(routes - visited) == []


def _first_mismatch(got: list[str], want: list[str]) -> int | None:
    """The first position whose state differs (or where one list ends early)."""
    for position, (a, b) in enumerate(zip(got, want, strict=False), start=1):
        if a != b:
            return position
    return None if len(got) == len(want) else min(len(got), len(want)) + 1
