"""Effort held by spirits and linked items returns only for a character who rested
(the rules README, from 001; issue 12, bug 3)."""

from __future__ import annotations

from ledger.domain.magic import effort
from tests.unit.effort_helpers import Table


def bound_and_released(table: Table) -> str:
    mara = table.mage()

    def bind(state, ctx):  # type: ignore[no-untyped-def]
        return [effort.commit_event(ctx, state.characters[mara], "mage", 1, "bound",
                                    source="item:ring")]

    table.do(bind)
    table.do(lambda state, ctx: effort.release_events(state.characters[mara], "item:ring"))
    return mara


def test_released_bound_effort_does_not_return_at_a_new_day_without_rest() -> None:
    table = Table()
    mara = bound_and_released(table)
    table.new_day()
    assert effort.available(table.get(mara), "mage") == 1


def test_released_bound_effort_returns_at_the_first_new_day_the_character_rested() -> None:
    table = Table()
    mara = bound_and_released(table)
    table.new_day()
    table.new_day(mara)
    assert effort.available(table.get(mara), "mage") == 2
