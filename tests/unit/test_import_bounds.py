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
    check_importable([FINE, msgspec.structs.replace(FINE, position=2, session=3, scene=9,
                                                    recorded_at="2026-12-06T08:12:26Z")])


@pytest.mark.parametrize(("change", "says"), [
    ({"campaign_id": "cmp/../x"}, "campaign id"),
    ({"campaign_id": "cmp_\u00e9\u202e<x>"}, "campaign id"),
    ({"session": 2**70}, "session is outside"),
    ({"scene": -1}, "scene is outside"),
    ({"recorded_at": "zzzz"}, "recorded_at"),
    ({"recorded_at": "2026-12-06T08:12:26+02:00"}, "recorded_at"),
    ({"recorded_at": "2026-13-45T08:12:26Z"}, "recorded_at"),
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
    assert str(refused.value).startswith("event 2 (CharacterRegistered): ")
    assert says in str(refused.value)
