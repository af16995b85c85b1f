"""Event type names in requests: any case to the stored name; unknown ones list them all."""

from __future__ import annotations

import pytest

import ledger.domain  # noqa: F401  (registers every event type)
from ledger.domain.errors import InvalidInput
from ledger.domain.event_names import event_types
from ledger.domain.events import EVENT_TYPES


def test_event_types_match_in_any_case_and_keep_the_wildcard() -> None:
    assert event_types(["rolled", "NEWDAY", "*"], "types") == ["Rolled", "NewDay", "*"]


def test_event_types_unknown_name_is_refused_listing_every_type() -> None:
    with pytest.raises(InvalidInput) as refused:
        event_types(["Rolled", "Roled"], "type")
    assert (refused.value.rule, refused.value.field) == ("unknown-event-type", "type")
    assert refused.value.allowed == sorted(EVENT_TYPES)
