"""Event schema versions and upcasting."""

from __future__ import annotations

import msgspec

from ledger.domain.campaign import SettingsChanged
from ledger.domain.events import decode_data, encode_data


def test_a_version_1_settings_change_is_upcast_to_version_2_on_read() -> None:
    old = msgspec.json.encode({"character_id": None, "changes": {"helpless_points": 7}})
    event = decode_data("SettingsChanged", 1, old)
    assert isinstance(event, SettingsChanged)
    assert event.changes == {"helpless_points": 7}
    assert event.before == {"helpless_points": None}


def test_current_version_events_decode_without_upcasting() -> None:
    event = SettingsChanged(changes={"helpless_points": 7}, before={"helpless_points": 4})
    assert SettingsChanged.version == 2
    assert decode_data("SettingsChanged", 2, encode_data(event)) == event
