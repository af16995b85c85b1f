"""Who may issue the Bonds and Stunt Pool commands (ledger/domain/stunts/commands.py), and that
none of them settles anyone: a Bond is recorded by the GM or `a`'s player and changed by
the GM alone; the group is named by the GM; pool SP go with a roll of the player's own
character, or anyone's for the GM."""

from __future__ import annotations

import pytest

from ledger.domain.command import Command
from ledger.domain.context import Actor
from ledger.domain.errors import Forbidden
from ledger.domain.stunts.commands import (
    COMMANDS,
    ContributeStuntPoints,
    NameStuntPoolMembers,
    RecordBond,
    SpendStuntPoints,
)
from tests.unit.effort_helpers import Table, player

OBSERVER = Actor(role="observer", token_id="tok_obs")


def pool_with_roll() -> tuple[Table, str, str, int]:
    table = Table()
    mara, ovid = (table.character(n, abilities={"willpower": 2}) for n in ("Mara", "Ovid"))
    table.do(RecordBond(a=mara, b=ovid, rank=1))
    table.do(RecordBond(a=ovid, b=mara, rank=1))
    table.start_session()
    return table, mara, ovid, table.roll(mara, [4, 5, 4])


def refused(table: Table, command: Command, actor: Actor) -> str:
    with pytest.raises(Forbidden) as caught:
        table.do(command, actor=actor)
    return caught.value.rule


def test_stunt_command_is_nobodys_action() -> None:
    table, mara, ovid, position = pool_with_roll()
    for command in (RecordBond(a=mara, b=ovid, rank=2), NameStuntPoolMembers(members=None),
                    ContributeStuntPoints(roll_position=position, sp=1)):
        assert command.acting(table.state) is None
    assert {c.policy.name for c in COMMANDS} == {"own", "gm", "writer"}


def test_record_bond_by_a_player_for_their_own_character_only_and_never_a_change() -> None:
    table = Table()
    mara, ovid = table.character("Mara"), table.character("Ovid")
    assert refused(table, RecordBond(a=mara, b=ovid, rank=1), player(ovid)) == "not-your-character"
    assert refused(table, RecordBond(a=mara, b=ovid, rank=1), OBSERVER) == "observers-read-only"
    table.do(RecordBond(a=mara, b=ovid, rank=1), actor=player(mara))
    assert refused(table, RecordBond(a=mara, b=ovid, rank=3), player(mara)) == "bond-change-by-gm"
    table.do(RecordBond(a=mara, b=ovid, rank=3))


def test_name_stunt_pool_members_is_the_gms() -> None:
    table = Table()
    mara = table.character("Mara")
    assert refused(table, NameStuntPoolMembers(members=[mara]), player(mara)) == "gm-only"
    table.do(NameStuntPoolMembers(members=[mara]))


@pytest.mark.parametrize("command", [ContributeStuntPoints, SpendStuntPoints])
def test_pool_sp_go_with_the_players_own_roll(command: type[ContributeStuntPoints]) -> None:
    table, mara, ovid, position = pool_with_roll()
    use = command(roll_position=position, sp=1)
    assert refused(table, use, player(ovid)) == "not-your-character"
    assert refused(table, use, OBSERVER) == "observers-read-only"
    table.do(use, actor=player(mara))
