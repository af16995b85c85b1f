"""Rewind and redo as pure rules: what the events carry and what the state becomes."""

from __future__ import annotations

import pytest

from ledger.domain import characters, clock, resources
from ledger.domain.audit import rewind as rw
from ledger.domain.errors import RuleViolation
from ledger.domain.state.clone import clone
from ledger.service.audit.commands import check_command_boundary
from tests.unit.audit_helpers import Table


def mara_table() -> tuple[Table, str]:
    table = Table()
    (registered,) = table.run(characters.register_character(
        {"name": "Mara", "mana": {"current": 12, "max": 12}}))
    assert registered.character_id is not None
    return table, registered.character_id


def spend(table: Table, mara: str, amount: int) -> None:
    table.run(resources.spend(mara, "mana", amount, "Arson"))


def rewind_to(table: Table, position: int, reason: str = "mistake") -> rw.Rewound:
    (event,) = table.run(rw.rewind(position, reason, table.canon_at(position)))
    assert isinstance(event, rw.Rewound)
    return event


def redo(table: Table) -> rw.Redone:
    before = clone(table.states[table.state.position - 1])  # as recorded just before the rewind
    (event,) = table.run(rw.redo("", before))
    assert isinstance(event, rw.Redone)
    return event


def test_rewind_makes_the_canon_state_the_state_at_the_target() -> None:
    table, mara = mara_table()
    spend(table, mara, 3)  # 3: 12 -> 9
    spend(table, mara, 5)  # 4: 9 -> 4
    rewind_to(table, 3)
    assert table.state.characters[mara].mana.current == 9
    assert table.state.position == 5  # the log's position, not the target's


def test_rewind_voids_every_event_after_the_target_and_keeps_them_in_the_log() -> None:
    table, mara = mara_table()
    spend(table, mara, 3)
    spend(table, mara, 5)
    spend(table, mara, 1)
    event = rewind_to(table, 3)
    assert (event.voided_from, event.voided_to) == (4, 5)
    assert [table.state.rewind.voided_by(p) for p in (3, 4, 5, 6)] == [None, 6, 6, None]
    assert len(table.records) == 6


def test_new_commands_after_a_rewind_build_on_the_canon_state() -> None:
    table, mara = mara_table()
    spend(table, mara, 3)
    spend(table, mara, 5)
    rewind_to(table, 3)
    spend(table, mara, 2)
    assert table.state.characters[mara].mana.current == 7


def test_rewind_must_go_back_to_an_earlier_position() -> None:
    table, mara = mara_table()
    spend(table, mara, 3)
    with pytest.raises(RuleViolation) as refused:
        table.run(rw.rewind(3, "no", table.canon_at(3)))
    assert refused.value.rule == "rewind-goes-back"


def test_rewind_to_a_position_an_earlier_rewind_voided_is_refused() -> None:
    table, mara = mara_table()
    spend(table, mara, 3)
    spend(table, mara, 5)
    rewind_to(table, 2)
    spend(table, mara, 1)
    with pytest.raises(RuleViolation) as refused:
        table.run(rw.rewind(3, "into the void", table.states[3]))
    assert refused.value.rule == "rewind-target-voided"


def test_rewind_lands_on_a_command_boundary() -> None:
    table, _ = mara_table()
    table.run(clock.start_session)
    table.run(clock.start_scene)
    table.run(clock.start_scene)  # one command: SceneEnded then SceneStarted
    inside = next(r for r in table.records if r.type == "SceneEnded").position
    with pytest.raises(RuleViolation) as refused:
        check_command_boundary(table.records[inside - 1:inside + 1], inside)
    assert refused.value.rule == "rewind-to-command-boundary"
    check_command_boundary(table.records[inside:inside + 2], inside + 1)


def test_redo_restores_the_state_before_the_rewind_and_the_voided_events() -> None:
    table, mara = mara_table()
    spend(table, mara, 3)
    spend(table, mara, 5)
    rewind_to(table, 3)
    event = redo(table)
    assert (event.rewind_position, event.restored_from, event.restored_to) == (5, 4, 4)
    assert table.state.characters[mara].mana.current == 4
    assert table.state.rewind.voided_by(4) is None
    assert table.state.rewind.voided_by(5) == 6  # the undone rewind is voided by the redo


def test_redo_after_new_events_is_refused() -> None:
    table, mara = mara_table()
    spend(table, mara, 3)
    spend(table, mara, 5)
    rewind_to(table, 3)
    spend(table, mara, 1)
    with pytest.raises(RuleViolation) as refused:
        table.run(rw.redo("", table.canon_at(4)))
    assert refused.value.rule == "redo-after-new-events"


def test_redo_without_a_rewind_is_refused() -> None:
    table, mara = mara_table()
    spend(table, mara, 3)
    with pytest.raises(RuleViolation) as refused:
        table.run(rw.redo("", table.canon_at(2)))
    assert refused.value.rule == "nothing-to-redo"


def test_a_second_redo_is_refused() -> None:
    table, mara = mara_table()
    spend(table, mara, 3)
    rewind_to(table, 2)
    redo(table)
    with pytest.raises(RuleViolation) as refused:
        table.run(rw.redo("", table.canon_at(table.state.position - 1)))
    assert refused.value.rule == "nothing-to-redo"


def test_rewind_within_one_dice_epoch_keeps_the_epoch() -> None:
    table, mara = mara_table()
    table.run(clock.start_session)
    spend(table, mara, 3)
    epoch, commitment = table.state.dice_epoch, table.state.dice_commitment
    event = rewind_to(table, 3)
    assert event.revealed_seed is None
    assert (table.state.dice_epoch, table.state.dice_commitment) == (epoch, commitment)


def test_rewind_past_a_session_end_reopens_the_session_with_a_fresh_epoch() -> None:
    table, mara = mara_table()
    table.run(clock.start_session)  # 3: epoch 1
    spend(table, mara, 3)  # 4
    table.run(clock.end_session)  # 5: reveals epoch 1, commits epoch 2
    event = rewind_to(table, 4)
    assert table.state.clock.session_open
    assert event.revealed_epoch == 2
    assert event.revealed_seed == table.seeds.reveal(2)
    assert event.dice_epoch == 3 == table.state.dice_epoch
    assert event.dice_commitment == table.state.dice_commitment != ""


def test_redo_across_epochs_opens_yet_another_epoch() -> None:
    table, mara = mara_table()
    table.run(clock.start_session)
    spend(table, mara, 3)
    table.run(clock.end_session)
    rewind_to(table, 4)  # epoch 3
    event = redo(table)
    assert (event.revealed_epoch, event.dice_epoch) == (3, 4)
    assert not table.state.clock.session_open


def test_rewind_never_lowers_the_id_serial() -> None:
    table, mara = mara_table()
    table.state.serial = 0
    spend(table, mara, 3)
    table.state.serial = 7  # as if ids had been minted since position 2
    rewind_to(table, 2)
    assert table.state.serial == 7


def test_rewind_carries_the_state_without_its_own_voided_ranges() -> None:
    table, mara = mara_table()
    spend(table, mara, 3)
    rewind_to(table, 2)  # 4
    spend(table, mara, 1)  # 5
    spend(table, mara, 1)  # 6
    event = rewind_to(table, 5)  # 7
    assert event.state.rewind.voided == []
    assert table.state.rewind.voided_by(3) == 4
    assert table.state.rewind.voided_by(6) == 7


def test_voiding_skips_positions_already_voided() -> None:
    ranges = rw.void([], 4, 6, by=7)
    ranges = rw.void(ranges, 2, 8, by=9)
    assert [(v.first, v.last, v.by) for v in ranges] == [(2, 3, 9), (4, 6, 7), (7, 8, 9)]
