"""Stored event data is parsed strictly (ledger/domain/chain.py, docs/history.md): an object
with a key twice is refused, whichever parser would have read it which way."""

from __future__ import annotations

import pytest

from ledger.domain.chain import GENESIS, UnreadableData, chain_hash, check_data, link_problem
from ledger.domain.record import Record


def row(data: bytes) -> Record:
    return Record("cmp_s", 1, "SettingsChanged", 1, data, "2030-01-01T00:00:00.000000Z", "gm",
                  None, None, "cor", None, 0, 0, "")


def test_strict_data_accepts_a_row_as_the_ledger_writes_it() -> None:
    check_data(row(b'{"changes":{"n":1},"before":{"n":null}}'))


def test_strict_data_accepts_other_spacing_without_a_doubled_key() -> None:
    check_data(row(b'{"changes": {"n": 1}, "before": {"n": null}}'))


@pytest.mark.parametrize("data", [b'{"changes":{},"changes":{"n":1},"before":{}}',
                                  b'{"changes":{"n":1,"n":2},"before":{}}'])
def test_strict_data_refuses_a_key_twice_at_any_depth(data: bytes) -> None:
    with pytest.raises(UnreadableData) as caught:
        check_data(row(data))
    assert caught.value.problem == "duplicate-keys"


def test_strict_data_gives_a_doubled_key_row_no_hash_so_the_chain_breaks_there() -> None:
    doubled = row(b'{"changes":{"n":9},"changes":{"n":1},"before":{}}')
    with pytest.raises(UnreadableData):
        chain_hash(GENESIS, doubled)
    assert link_problem(GENESIS, doubled, 1) == "duplicate-keys"


def test_strict_data_still_calls_bad_utf8_unreadable() -> None:
    with pytest.raises(UnreadableData) as caught:
        check_data(row(b'{"changes":"\xff"}'))
    assert caught.value.problem == "unreadable-data"
