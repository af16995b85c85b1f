"""Rewinds that tools can see: `voided_by` on events, `voided` on states, retract/restore.

Derived at read time from the head state's voided ranges (ledger/domain/state/audit.py), the
same ranges the timeline and the audit page use; the stored events never change. A
redo un-voids what its rewind voided and voids the `Rewound` itself, as in the fold.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from api.runtime import ledger
from ledger.domain.record import Record
from ledger.domain.state import CampaignState
from ledger.domain.state.audit import RewindState
from ledger.service.wire import event_json

READ_BATCH = 200


def voids(campaign_id: str) -> RewindState:
    """What rewinds voided, as of the head."""
    return ledger().state(campaign_id).rewind


def event_with_void(r: Record, rewind: RewindState) -> dict[str, Any]:
    return event_json(r) | {"voided_by": rewind.voided_by(r.position)}


def voided_field(campaign_id: str, state: CampaignState) -> dict[str, int] | None:
    """`{by: P}` when `state` is as recorded at a position a later rewind voided."""
    by = voids(campaign_id).voided_by(state.position)
    return None if by is None else {"by": by}


def page(read: Callable[[int, int], list[Record]], keep: Callable[[Record], bool],
         after: int, limit: int) -> tuple[list[Record], int | None]:
    """Up to `limit` kept events after `after`, and the cursor of the next page: None on
    the last page, found by looking for one more kept event (a full page that ends at the
    head once said `next` and the following page was empty, where the timeline said null).
    Left-out events still move the cursor, so every page is full but the last."""
    taken: list[Record] = []
    cursor = after
    size = max(limit + 1, READ_BATCH)  # a long voided range costs a few reads, not one per event
    while True:
        batch = read(cursor, size)
        for r in batch:
            if keep(r):
                if len(taken) == limit:
                    return taken, taken[-1].position
                taken.append(r)
        if len(batch) < size:
            return taken, None
        cursor = batch[-1].position


class _Range(msgspec.Struct):
    voided_from: int = 0
    voided_to: int = 0
    restored_from: int = 0
    restored_to: int = 0


_ranges = msgspec.json.Decoder(_Range)
SSE_EVENTS = {"Rewound": "retract", "Redone": "restore"}


def feed_message(r: Record, rewind: RewindState) -> tuple[str | None, dict[str, Any]]:
    """The SSE event name (None: a plain message) and data of one event: a `Rewound` is a
    `retract` naming the range it voided, a `Redone` a `restore` naming the range it brought back."""
    body = event_with_void(r, rewind)
    name = SSE_EVENTS.get(r.type)
    if name == "retract":
        got = _ranges.decode(r.data)
        body["voided"] = {"from": got.voided_from, "to": got.voided_to}
    elif name == "restore":
        got = _ranges.decode(r.data)
        body["restored"] = {"from": got.restored_from, "to": got.restored_to}
    return name, body


def at_fields(campaign_id: str, state: CampaignState) -> dict[str, Any]:
    """`position` and `voided` for an answer read at the head or `?at=`."""
    return {"position": state.position, "voided": voided_field(campaign_id, state)}
