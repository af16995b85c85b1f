"""Bonds and the group Stunt Pool."""

from __future__ import annotations

import pytest

from ledger.domain.characters import record_death
from ledger.domain.errors import DomainError, InvalidInput, RuleViolation
from ledger.domain.stunts import rules as stunts
from ledger.domain.stunts.commands import (
    ContributeStuntPoints,
    NameStuntPoolMembers,
    RecordBond,
    SpendStuntPoints,
)
from tests.unit.effort_helpers import Table, of_type, player

# Reported AGE dice: doubles with a Stunt Die of 4; no doubles; a failure.
DOUBLES_4 = [4, 5, 4]
NO_DOUBLES = [6, 5, 4]
LOW = [1, 2, 3]


def group(*names: str) -> tuple[Table, list[str]]:
    table = Table()
    ids = [table.character(n, abilities={"willpower": 2}) for n in names]
    return table, ids


def bonded_pair(rank_ab: int = 2, rank_ba: int = 1) -> tuple[Table, str, str]:
    table, (mara, ovid) = group("Mara", "Ovid")
    table.do(RecordBond(a=mara, b=ovid, rank=rank_ab))
    table.do(RecordBond(a=ovid, b=mara, rank=rank_ba))
    return table, mara, ovid


def open_session(rank_ab: int = 2, rank_ba: int = 1) -> tuple[Table, str, str]:
    table, mara, ovid = bonded_pair(rank_ab, rank_ba)
    table.start_session()
    return table, mara, ovid


# --- Bonds --------------------------------------------------------------------------

def test_a_bond_is_recorded_with_its_rank() -> None:
    table, (mara, ovid) = group("Mara", "Ovid")
    (bond,) = table.do(RecordBond(a=mara, b=ovid, rank=2))
    assert (bond.a, bond.b, bond.rank, bond.before) == (mara, ovid, 2, None)
    assert table.state.stunts.bond(mara, ovid).rank == 2  # type: ignore[union-attr]


def test_a_player_records_a_bond_only_for_their_own_character() -> None:
    table, (mara, ovid) = group("Mara", "Ovid")
    with pytest.raises(DomainError) as refused:
        table.do(RecordBond(a=mara, b=ovid, rank=1), actor=player(ovid))
    assert refused.value.kind == "forbidden"
    table.do(RecordBond(a=mara, b=ovid, rank=1), actor=player(mara))


def test_only_the_gm_records_a_change_to_a_bond() -> None:
    table, (mara, ovid) = group("Mara", "Ovid")
    table.do(RecordBond(a=mara, b=ovid, rank=1), actor=player(mara))
    with pytest.raises(DomainError) as refused:
        table.do(RecordBond(a=mara, b=ovid, rank=3), actor=player(mara))
    assert refused.value.rule == "bond-change-by-gm"
    (changed,) = table.do(RecordBond(a=mara, b=ovid, rank=3))
    assert changed.before == 1


def test_a_bond_of_rank_zero_ends_it() -> None:
    table, mara, ovid = bonded_pair()
    table.do(RecordBond(a=mara, b=ovid, rank=0))
    assert table.state.stunts.bond(mara, ovid) is None


def test_a_bond_ties_two_different_characters() -> None:
    table, (mara,) = group("Mara")
    with pytest.raises(InvalidInput):
        table.do(RecordBond(a=mara, b=mara, rank=1))


# --- when the pool exists, and its base ----------------------------------------------

def test_the_pool_exists_once_every_member_has_a_bond_with_another_member() -> None:
    table, (mara, ovid, sela) = group("Mara", "Ovid", "Sela")
    table.do(RecordBond(a=mara, b=ovid, rank=1))
    table.do(RecordBond(a=ovid, b=mara, rank=1))
    assert not stunts.pool_exists(table.state)
    assert stunts.unbonded(table.state) == [sela]
    table.do(RecordBond(a=sela, b=mara, rank=1))
    assert stunts.pool_exists(table.state)


def test_the_pool_base_is_one_sp_per_rank_of_bond_shared_in_the_group() -> None:
    table, _mara, _ovid = bonded_pair(rank_ab=2, rank_ba=3)
    assert stunts.base(table.state) == 5


def test_dead_characters_are_not_members_of_the_group() -> None:
    table, _mara, _ovid = bonded_pair()
    sela = table.character("Sela")
    assert not stunts.pool_exists(table.state)
    table.do(record_death(sela, "fell"))
    assert stunts.pool_exists(table.state)


def test_the_gm_may_name_the_groups_members() -> None:
    table, mara, ovid = bonded_pair()
    table.character("Vendor")  # a non-player character with no Bonds
    assert not stunts.pool_exists(table.state)
    table.do(NameStuntPoolMembers(members=[mara, ovid]))
    assert stunts.pool_exists(table.state)
    assert stunts.members(table.state) == sorted([mara, ovid])


# --- sessions -----------------------------------------------------------------------

def test_session_start_sets_the_pool_to_its_base() -> None:
    table, _mara, _ovid = open_session(rank_ab=2, rank_ba=1)
    pool = table.state.stunts
    assert (pool.active, pool.base, pool.sp) == (True, 3, 3)


def test_a_session_starts_without_a_pool_until_every_member_is_bonded() -> None:
    table, (mara, ovid) = group("Mara", "Ovid")
    table.do(RecordBond(a=mara, b=ovid, rank=2))
    table.start_session()
    assert not table.state.stunts.active
    position = table.roll(mara, DOUBLES_4)
    with pytest.raises(RuleViolation) as refused:
        table.do(ContributeStuntPoints(roll_position=position, sp=1))
    assert refused.value.rule == "no-stunt-pool"


def test_session_end_returns_the_pool_to_its_base() -> None:
    table, mara, _ovid = open_session()
    position = table.roll(mara, DOUBLES_4)
    table.do(ContributeStuntPoints(roll_position=position, sp=4))
    assert table.state.stunts.sp == 7
    table.end_session()
    assert (table.state.stunts.sp, table.state.stunts.rolls) == (3, {})


def test_bonds_changed_mid_session_count_from_the_next_session() -> None:
    table, mara, ovid = open_session(rank_ab=2, rank_ba=1)
    table.do(RecordBond(a=mara, b=ovid, rank=4))
    assert table.state.stunts.sp == 3
    table.end_session()
    table.start_session()
    assert table.state.stunts.sp == 5


# --- contributing and spending --------------------------------------------------------

def test_a_successful_active_roll_generating_sp_may_add_them_to_the_pool() -> None:
    table, mara, _ovid = open_session()
    position = table.roll(mara, DOUBLES_4)
    (added,) = table.do(ContributeStuntPoints(roll_position=position, sp=3))
    assert (added.before, added.after) == (3, 6)


def test_a_contribution_never_exceeds_the_sp_the_roll_generated() -> None:
    table, mara, _ovid = open_session()
    position = table.roll(mara, DOUBLES_4)
    with pytest.raises(RuleViolation) as refused:
        table.do(ContributeStuntPoints(roll_position=position, sp=5))
    assert refused.value.rule == "contribution-exceeds-generated-sp"


def test_a_roll_contributes_to_the_pool_only_once() -> None:
    table, mara, _ovid = open_session()
    position = table.roll(mara, DOUBLES_4)
    table.do(ContributeStuntPoints(roll_position=position, sp=1))
    with pytest.raises(RuleViolation) as refused:
        table.do(ContributeStuntPoints(roll_position=position, sp=1))
    assert refused.value.rule == "roll-already-contributed"


@pytest.mark.parametrize(("dice", "active"), [(DOUBLES_4, False), (LOW, True)])
def test_reaction_resistance_and_failed_rolls_neither_contribute_nor_receive_sp(
    dice: list[int], active: bool
) -> None:
    table, mara, _ovid = open_session()
    position = table.roll(mara, dice, active=active)
    for command in (ContributeStuntPoints(roll_position=position, sp=1),
                    SpendStuntPoints(roll_position=position, sp=1)):
        with pytest.raises(RuleViolation) as refused:
            table.do(command)
        assert refused.value.rule == "roll-not-eligible"


def test_a_roll_of_an_earlier_session_is_not_eligible() -> None:
    table, mara, _ovid = open_session()
    position = table.roll(mara, DOUBLES_4)
    table.end_session()
    table.start_session()
    with pytest.raises(RuleViolation):
        table.do(ContributeStuntPoints(roll_position=position, sp=1))


def test_pool_sp_may_be_spent_on_a_successful_active_roll_without_doubles() -> None:
    table, mara, _ovid = open_session()
    position = table.roll(mara, NO_DOUBLES)
    (spent,) = table.do(SpendStuntPoints(roll_position=position, sp=2))
    assert (spent.purpose, spent.before, spent.after) == ("without-doubles", 3, 1)


def test_pool_sp_may_add_to_the_sp_a_roll_generated() -> None:
    table, mara, _ovid = open_session()
    position = table.roll(mara, DOUBLES_4)
    (spent,) = table.do(SpendStuntPoints(roll_position=position, sp=1))
    assert spent.purpose == "add-to-generated"
    assert table.state.stunts.rolls[position].from_pool == 1


def test_only_a_group_member_gives_to_or_takes_from_the_pool() -> None:
    """000: "Whenever a group member generates Stunt Points, they may choose to place one
    or more SP into the Pool"; the pool is the group's. An outside review of the readings
    saw a character the GM left out of the group spend from it and give to it."""
    table, mara, ovid = bonded_pair()
    vendor = table.character("Vendor", abilities={"willpower": 2})
    table.do(NameStuntPoolMembers(members=[mara, ovid]))
    table.start_session()
    before = table.state.stunts.sp
    theirs = table.roll(vendor, DOUBLES_4)
    for command in (ContributeStuntPoints(roll_position=theirs, sp=1),
                    SpendStuntPoints(roll_position=theirs, sp=1)):
        with pytest.raises(RuleViolation) as refused:
            table.do(command)
        assert refused.value.rule == "not-a-group-member"
    assert table.state.stunts.sp == before
    table.do(SpendStuntPoints(roll_position=table.roll(mara, NO_DOUBLES), sp=1))
    assert table.state.stunts.sp == before - 1


def test_spending_more_than_the_pool_holds_is_refused() -> None:
    table, mara, _ovid = open_session()
    position = table.roll(mara, NO_DOUBLES)
    with pytest.raises(RuleViolation) as refused:
        table.do(SpendStuntPoints(roll_position=position, sp=4))
    assert refused.value.rule == "stunt-pool-exhausted"


def test_a_player_uses_the_pool_only_for_their_own_characters_roll() -> None:
    table, mara, ovid = open_session()
    position = table.roll(mara, DOUBLES_4)
    with pytest.raises(DomainError) as refused:
        table.do(SpendStuntPoints(roll_position=position, sp=1), actor=player(ovid))
    assert refused.value.kind == "forbidden"
    events = table.do(SpendStuntPoints(roll_position=position, sp=1), actor=player(mara))
    assert of_type(events, "StuntPoolSpent")
