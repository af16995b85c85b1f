"""Event type names in requests: any case to the stored name; unknown ones list them all."""

from __future__ import annotations

import pytest

import ledger.domain  # noqa: F401  (registers every event type)
from ledger.domain.errors import InvalidInput
from ledger.domain.event_names import event_types, type_filter
from ledger.domain.events import EVENT_TYPES


def test_event_types_match_in_any_case_and_keep_the_wildcard() -> None:
    assert event_types(["rolled", "NEWDAY", "*"], "types") == ["Rolled", "NewDay", "*"]


def test_event_types_unknown_name_is_refused_listing_every_type() -> None:
    with pytest.raises(InvalidInput) as refused:
        event_types(["Rolled", "Roled"], "type")
    assert (refused.value.rule, refused.value.field) == ("unknown-event-type", "type")
    assert refused.value.allowed == sorted(EVENT_TYPES)


def test_an_unknown_name_among_many_names_the_nearest_not_all_of_them() -> None:
    """A typo in `/events?type=` answered the 140-odd event types in `detail`, `errors` and
    `allowed` (a newcomer's trial): past a dozen names the sentence names the nearest."""
    with pytest.raises(InvalidInput) as refused:
        event_types(["Roled"], "type")
    detail = refused.value.detail
    assert "did you mean 'Rolled'" in detail
    assert f"one of the {len(EVENT_TYPES)} names in `allowed`" in detail
    assert "NewDay" not in detail
    assert len(detail) < 200


def test_a_type_filter_drops_empty_parts_and_reads_the_wildcard_as_every_type() -> None:
    assert type_filter("rolled, NewDay,,") == ("Rolled", "NewDay")
    assert type_filter(",,,") == ()
    assert type_filter("Rolled,*") == ()
    assert type_filter(None) == ()
    with pytest.raises(InvalidInput) as refused:
        type_filter("Nope,Rolled")
    assert (refused.value.rule, refused.value.field) == ("unknown-event-type", "type")
