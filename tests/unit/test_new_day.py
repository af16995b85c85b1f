"""A new day names who rested: required, by id or by name."""

from __future__ import annotations

import pytest

from ledger.domain.clock import NewDay, new_day
from ledger.domain.errors import InvalidInput
from tests.unit.magic_helpers import campaign, mage, only, run


def test_new_day_rested_is_required_even_empty() -> None:
    state = campaign()
    with pytest.raises(InvalidInput) as refused:
        run(state, new_day(None))
    assert (refused.value.rule, refused.value.field) == ("rested-required", "rested")
    assert only(run(state, new_day([])), NewDay).rested == []


def test_new_day_rested_takes_ids_or_names_in_any_case_and_records_ids() -> None:
    state = campaign()
    mara = mage(state, name="Mara")
    ivo = mage(state, name="Ivo Brand")
    day = only(run(state, new_day(["ivo  brand", mara, "MARA"])), NewDay)
    assert day.rested == sorted([mara, ivo])


def test_new_day_rested_unknown_name_is_422_listing_the_characters() -> None:
    state = campaign()
    mara = mage(state, name="Mara")
    with pytest.raises(InvalidInput) as refused:
        run(state, new_day(["Nobody"]))
    assert (refused.value.rule, refused.value.field) == ("unknown-character", "rested.0")
    assert refused.value.allowed == [f"{mara} (Mara)"]


def test_new_day_rested_ambiguous_name_is_422_listing_the_ids() -> None:
    state = campaign()
    first, second = mage(state, name="Mara"), mage(state, name="mara")
    with pytest.raises(InvalidInput) as refused:
        run(state, new_day([first, "Mara"]))
    assert (refused.value.rule, refused.value.field) == ("ambiguous-character-name", "rested.1")
    assert refused.value.allowed == [first, second]
