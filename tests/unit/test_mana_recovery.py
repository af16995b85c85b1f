"""Mana recovery is a campaign setting, none by default; Limited Mana Recovery applies to
every gain (002; issue 12, bug 5)."""

from __future__ import annotations

import pytest

from ledger.domain import campaign, characters, resources
from ledger.domain.errors import InvalidInput
from tests.unit.effort_helpers import Table


def mana_mage(table: Table, current: int = 0, name: str = "Mara") -> str:
    return table.character(name, mana={"current": current, "max": 10})


def test_mana_recovery_is_none_by_default_so_a_new_day_restores_no_mana() -> None:
    table = Table()
    mara = mana_mage(table)
    table.new_day(mara)
    assert table.get(mara).mana.current == 0


def test_mana_recovery_per_new_day_restores_the_rate_to_everyone() -> None:
    table = Table()
    table.do(campaign.change_settings({"mana_recovery": "new-day", "mana_recovery_amount": 3}))
    mara, ovid = mana_mage(table), mana_mage(table, name="Ovid")
    table.new_day()
    assert (table.get(mara).mana.current, table.get(ovid).mana.current) == (3, 3)


def test_mana_recovery_per_rest_restores_the_rate_only_to_those_who_rested() -> None:
    table = Table()
    table.do(campaign.change_settings({"mana_recovery": "rest", "mana_recovery_amount": 4}))
    mara, ovid = mana_mage(table), mana_mage(table, name="Ovid")
    table.new_day(mara)
    assert (table.get(mara).mana.current, table.get(ovid).mana.current) == (4, 0)


def test_limited_mana_recovery_at_3_keeps_1_mana_per_4_recovered() -> None:
    table = Table()
    mara = mana_mage(table)
    table.do(characters.correct(mara, "mana_recovery_limit", 3, "Limited Mana Recovery at 3"))
    table.do(resources.gain(mara, "mana", 6, "blood"))
    assert table.get(mara).mana.current == 1
    table.do(resources.gain(mara, "mana", 2, "blood"))  # 2 carried + 2 = 4 more: keeps 1
    assert table.get(mara).mana.current == 2


def test_limited_mana_recovery_applies_to_the_recovery_rate_too() -> None:
    table = Table()
    table.do(campaign.change_settings({"mana_recovery": "new-day", "mana_recovery_amount": 2}))
    mara = mana_mage(table)
    table.do(characters.correct(mara, "mana_recovery_limit", 1, "Limited Mana Recovery at 1"))
    table.new_day()
    assert table.get(mara).mana.current == 1  # 2 recovered at severity 1 keep 1


def test_a_mana_recovery_rate_needs_an_amount_of_at_least_1() -> None:
    table = Table()
    with pytest.raises(InvalidInput) as refused:
        table.do(campaign.change_settings({"mana_recovery": "rest"}))
    assert (refused.value.rule, refused.value.field) == (
        "mana-recovery-amount-needed", "settings.mana_recovery_amount")
