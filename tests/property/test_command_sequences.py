"""Random command sequences through the Ledger service, on both stores.

Properties: bounded resources stay in their bounds after every command; the service's
incremental state equals the fold from zero (and a cold service's, from checkpoints);
a rewind then a redo gives back the state before the rewind; export then import gives
the same state and head hash. LEDGER_PROPERTY_EXAMPLES sets the examples (10 by default).
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.adapters.export_format import HeaderLine, export_lines, read_history
from ledger.adapters.signing import HeadSigner
from ledger.adapters.store.base import EventStore
from ledger.domain import characters, clock, resources, rolls
from ledger.domain.campaign import create_campaign
from ledger.domain.context import Actor
from ledger.domain.errors import DomainError
from ledger.domain.fold import blank, fold
from ledger.domain.magic import effort, strain
from ledger.domain.state import CampaignState
from ledger.service.audit.commands import redo_command, rewind_command
from ledger.service.audit.importing import import_history
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from tests.conftest import PG, make_store

GM = Actor(role="gm", token_id="tok_gm")
EXAMPLES = int(os.environ.get("LEDGER_PROPERTY_EXAMPLES", "10"))
SHEET = {"name": "Mara", "level": 3, "skills": {"cast": 1}, "modifiers": {"int": 2, "con": 0},
         "attributes": {"con": 12}, "edges": ["Spellcaster"], "mana": {"current": 6, "max": 8},
         "conviction": {"current": 2, "max": 3}, "health": {"current": 12, "max": 15},
         "strain": {"current": 0, "permanent": 0, "max": 12}}
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

small = st.integers(min_value=1, max_value=8)
commands = st.lists(st.one_of(
    st.tuples(st.sampled_from(["spend", "gain"]), st.sampled_from(["mana", "conviction"]), small),
    st.tuples(st.just("damage"), st.sampled_from(["wound", "stun", "penetrating"]), small),
    st.tuples(st.just("heal"), st.booleans(), small),
    st.tuples(st.just("commit"), st.sampled_from(["scene", "day", "duration"]),
              st.integers(min_value=1, max_value=3)),
    st.tuples(st.just("reclaim"), st.just(""), st.integers(min_value=0, max_value=3)),
    st.tuples(st.sampled_from(["strain-gain", "strain-recover"]), st.just(""), small),
    st.tuples(st.sampled_from(["start-scene", "end-scene", "start-session", "end-session",
                               "new-day", "roll"]), st.just(""), st.just(0)),
), min_size=1, max_size=20)


def decision(state: CampaignState, chid: str, command: tuple[str, Any, int]) -> Any:
    kind, arg, n = command
    mara = state.characters[chid]
    table: dict[str, Any] = {
        "spend": lambda: resources.spend(chid, arg, n, "p"),
        "gain": lambda: resources.gain(chid, arg, n, "p"),
        "damage": lambda: resources.damage(chid, n, arg, "p"),
        "heal": lambda: resources.heal(chid, n, "p", arg),
        "commit": lambda: effort.commit(chid, "mage", n, arg),
        "reclaim": lambda: effort.reclaim(chid, _nth_commitment(mara, n)),
        "strain-gain": lambda: strain.gain(chid, n, "p"),
        "strain-recover": lambda: strain.recover(chid, n, "p"),
        "start-scene": lambda: clock.start_scene, "end-scene": lambda: clock.end_scene,
        "start-session": lambda: clock.start_session, "end-session": lambda: clock.end_session,
        "new-day": lambda: clock.new_day([chid]), "roll": lambda: rolls.notation_roll(chid, "2d6"),
    }
    return table[kind]()


def _nth_commitment(character: Any, n: int) -> str:
    found = character.effort.commitments
    return found[n % len(found)].id if found else "eff_none"


def play(led: Ledger, sequence: list[tuple[str, Any, int]],
         after_each: Any = None) -> tuple[str, str]:
    """A new campaign with one character, then the sequence; refused commands are skipped."""
    campaign = led.create_campaign(create_campaign("Prop"), GM).campaign_id
    chid = led.execute(campaign, GM, characters.register_character(SHEET)).events[0].character_id
    assert chid is not None
    for command in sequence:
        # A refusal records nothing: the properties must hold all the same.
        with contextlib.suppress(DomainError):
            led.execute(campaign, GM, decision(led.state(campaign), chid, command))
        if after_each is not None:
            after_each(campaign, chid)
    return campaign, chid


def check_bounds(state: CampaignState, chid: str) -> None:
    mara = state.characters[chid]
    for pool in (mara.mana, mara.health, mara.conviction):
        assert 0 <= pool.current <= pool.max, pool
    # Strain may pass its maximum (the rules record it as over_max, and overcasting there
    # knocks the caster out), so its bound is from below: permanent Strain is part of it.
    assert 0 <= mara.strain.permanent <= mara.strain.current, mara.strain
    assert strain.summary(mara).over_max == (mara.strain.current > mara.strain.max)
    assert mara.effort.committed("mage") <= effort.max_effort(mara, "mage")


@SETTINGS
@given(sequence=commands)
def test_bounds_hold_and_the_incremental_state_is_the_fold_from_zero(
        ledger: Ledger, sequence: list[tuple[str, Any, int]]) -> None:
    def after_each(campaign: str, chid: str) -> None:
        head = ledger.state(campaign)
        check_bounds(head, chid)
        assert head == fold(blank(campaign), ledger.store.read(campaign))

    campaign, _ = play(ledger, sequence, after_each)
    cold = Ledger(ledger.store, ledger.box, checkpoint_every=ledger.checkpoint_every)
    assert cold.state(campaign) == ledger.state(campaign)  # from checkpoints, no cache


def without_bookkeeping(state: CampaignState) -> CampaignState:
    """The game without the log's bookkeeping: position, hash, time, the record of rewinds,
    and the dice epoch, which only moves forward across a rewind (docs/rules/audit.md)."""
    return msgspec.structs.replace(state, position=0, head_hash="", recorded_at="",
                                   rewind=blank(state.id).rewind, dice_epoch=0,
                                   dice_commitment="")


@SETTINGS
@given(sequence=commands, back=st.integers(min_value=1, max_value=30))
def test_rewind_then_redo_gives_back_the_state_before_the_rewind(
        ledger: Ledger, sequence: list[tuple[str, Any, int]], back: int) -> None:
    campaign, _ = play(ledger, sequence)
    before = ledger.state(campaign)
    boundaries = sorted({r.position for r in ledger.store.read(campaign)
                         if r.position < before.position and _ends_command(ledger, campaign, r)})
    target = boundaries[-min(back, len(boundaries))]
    ledger.execute(campaign, GM, rewind_command(ledger, campaign, target, "property"))
    ledger.execute(campaign, GM, redo_command(ledger, campaign, "property"))
    assert without_bookkeeping(ledger.state(campaign)) == without_bookkeeping(before)


def _ends_command(led: Ledger, campaign: str, record: Any) -> bool:
    after = led.store.read(campaign, after=record.position, upto=record.position + 1)
    return not after or after[0].correlation_id != record.correlation_id


@pytest.fixture
def other_store(store_config: Config, tmp_path: Path) -> Iterator[EventStore]:
    """An empty store of the same kind for imports."""
    other = msgspec.structs.replace(store_config, data_dir=str(tmp_path / "other"),
                                    secret_key=secrets.token_hex(32),
                                    pg_schema=store_config.pg_schema + "_imp")
    built = make_store(other)
    built.setup()
    yield built
    built.close()
    if other.store == "postgres":
        with psycopg.connect(dbname=other.pg_dbname, autocommit=True, **PG) as conn:  # type: ignore[arg-type]
            conn.execute(f'DROP SCHEMA IF EXISTS "{other.pg_schema}" CASCADE')


@SETTINGS
@given(sequence=commands)
def test_export_then_import_gives_the_same_state_and_head_hash(
        ledger: Ledger, other_store: EventStore, sequence: list[tuple[str, Any, int]]) -> None:
    campaign, _ = play(ledger, sequence)
    records = ledger.store.read(campaign)
    header = HeaderLine(campaign_id=campaign, events=len(records),
                        exported_at="2026-01-01T00:00:00Z")
    lines = list(export_lines(header, records, HeadSigner(ledger.box)))
    done = import_history(other_store, read_history(lines), checkpoint_every=10)
    imported = Ledger(other_store, ledger.box, checkpoint_every=10).state(campaign)
    assert done.head_hash == ledger.state(campaign).head_hash
    assert imported == ledger.state(campaign)
