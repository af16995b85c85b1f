"""The golden comparison finds what changed, and the allow-list explains only what it names."""

from __future__ import annotations

import msgspec

from ledger.domain.chain import GENESIS, chain_hash
from ledger.domain.record import Record
from tests.golden.allowed import Allowed
from tests.golden.compare import differences, removed, unexplained, unused
from tests.golden.harness import Step


def chain(*events: tuple[str, bytes]) -> list[Record]:
    records, prev = [], GENESIS
    for position, (kind, data) in enumerate(events, start=1):
        draft = Record(campaign_id="cmp_g", position=position, type=kind, version=1, data=data,
                       recorded_at="2026-03-14T19:00:00.000000Z", actor_role="gm",
                       actor_token=None, actor_character=None, correlation_id=f"cor_{kind}",
                       character_id=None, session=0, scene=0, hash="")
        prev = chain_hash(prev, draft)
        records.append(msgspec.structs.replace(draft, hash=prev))
    return records


STEPS = [Step("first", "POST", "/a", 1, 1), Step("second", "POST", "/b", 2, 2),
         Step("third", "POST", "/c", 3, 3)]
FIXTURE = chain(("A", b"{}"), ("B", b'{"n":1}'), ("C", b"{}"))


def test_an_identical_replay_differs_in_nothing() -> None:
    assert differences(FIXTURE, STEPS, chain(("A", b"{}"), ("B", b'{"n":1}'), ("C", b"{}")),
                       STEPS) == []


def test_changed_data_is_named_by_step_and_field_and_later_hashes_follow_silently() -> None:
    replay = chain(("A", b"{}"), ("B", b'{"n":2}'), ("C", b"{}"))
    found = differences(FIXTURE, STEPS, replay, STEPS)
    assert [(d.step, d.field) for d in found] == [("second", "data")]
    assert unexplained(found, [Allowed("second", {"data"}, "n is now 2")]) == []
    assert unexplained(found, [Allowed("second", {"version"}, "not this")]) == found


def test_a_step_recording_one_more_event_shifts_the_positions_after_it() -> None:
    replay = chain(("A", b"{}"), ("B", b'{"n":1}'), ("B2", b"{}"), ("C", b"{}"))
    steps = [STEPS[0], Step("second", "POST", "/b", 2, 3), Step("third", "POST", "/c", 4, 4)]
    found = differences(FIXTURE, STEPS, replay, steps)
    assert [(d.step, d.field) for d in found] == [("second", "events")]


def test_an_allow_list_line_that_explains_nothing_is_reported() -> None:
    stale = Allowed("third", {"data"}, "a change that was reverted")
    assert unused([], [stale]) == [stale]


def test_a_state_shape_may_gain_fields_with_defaults_only() -> None:
    def record(**fields: bool) -> dict[str, object]:
        return {"kind": "record", "fields": {name: {"type": {"kind": "IntType"},
                                                    "required": required}
                                             for name, required in fields.items()}}

    old = record(a=True)
    assert removed(old, record(a=True, b=False)) == []
    assert removed(old, record(a=True, b=True)) == ["state.b added without a default (old data lacks it)"]
    assert removed(old, record(b=False)) == ["state.a removed"]
    # a struct inside a union (`PendingFailure | None`) may gain a defaulted field too
    def optional(inner: dict[str, object]) -> dict[str, object]:
        return {"kind": "union", "types": [inner, {"kind": "NoneType"}]}

    assert removed(optional(old), optional(record(a=True, b=False))) == []
    assert removed(optional(old), optional(record(b=False))) == ["state[types][0].a removed"]
    assert removed(optional(old), {"kind": "union", "types": [record(a=True)]}) != []
