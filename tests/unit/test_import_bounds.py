"""An imported file holds only what this service could have recorded
(ledger/service/audit/import_bounds.py). An outside attack re-chained and re-signed
exports holding campaign ids with `/..` and bidi marks, `recorded_at: "zzzz"`, a NUL in
a name and a session of 2^70; each imported (the last with a traceback)."""

from __future__ import annotations

import msgspec
import pytest

from ledger.domain.record import Record
from ledger.service.audit.import_bounds import OutOfBounds, check_importable

FINE = Record("cmp_0123abcd", 1, "CharacterRegistered", 1, b'{"name":"Mara","tags":["a"]}',
              "2026-12-06T08:12:26.477380Z", "gm", "tok_1", None, "cor_1", "chr_1", 0, 0, "h")


def test_what_the_service_records_is_importable() -> None:
    check_importable([FINE, msgspec.structs.replace(FINE, position=2, session=3, scene=9),
                      msgspec.structs.replace(FINE, position=3,
                                              recorded_at="2026-12-06T08:12:27.000000Z")])


@pytest.mark.parametrize(("change", "says"), [
    ({"campaign_id": "cmp/../x"}, "campaign id"),
    ({"campaign_id": "cmp_\u00e9\u202e<x>"}, "campaign id"),
    ({"session": 2**70}, "session is outside"),
    ({"scene": -1}, "scene is outside"),
    ({"recorded_at": "zzzz"}, "recorded_at"),
    ({"recorded_at": "2026-12-06T08:12:26+02:00"}, "recorded_at"),
    ({"recorded_at": "2026-13-45T08:12:26.000000Z"}, "recorded_at"),
    # Shorter than the service writes it: the text order of times breaks (a second attack)
    ({"recorded_at": "2026-12-06T08:12:27Z"}, "recorded_at"),
    ({"recorded_at": "2026-12-06T08:12:26.47738Z"}, "recorded_at"),
    ({"recorded_at": "2026-12-06T08:12:26.000000Z"}, "goes back in time"),
    ({"type": "NoSuchEvent"}, "no such event type"),
    ({"data": b'{"name":"<img src=x>\\u0000"}'}, "NUL"),
    ({"data": b'{"notes":{"k":["\\ud800"]}}'}, "not readable JSON"),
    ({"actor_character": "chr_\ud800"}, "lone surrogate"),
    ({"correlation_id": "cor\x00"}, "NUL"),
])
def test_what_no_recording_could_hold_is_refused_naming_the_event(
        change: dict[str, object], says: str) -> None:
    bad = msgspec.structs.replace(FINE, position=2, **change)
    with pytest.raises(OutOfBounds) as refused:
        check_importable([FINE, bad])
    assert str(refused.value).startswith(f"event 2 ({bad.type}): ")
    assert says in str(refused.value)


def test_a_refusal_shows_a_files_text_with_its_control_characters_escaped() -> None:
    """A second attack named an event type with terminal escapes; the refusal printed them
    raw into the operator's terminal (cleared it, set its title)."""
    bad = msgspec.structs.replace(FINE, position=2, type="\x1b[2J\x1b]0;owned\x07")
    with pytest.raises(OutOfBounds) as refused:
        check_importable([FINE, bad])
    said = str(refused.value)
    assert "\x1b" not in said
    assert "\x07" not in said
    assert "(\\x1b[2J\\x1b]0;owned\\x07): no such event type" in said
