"""SQL read model: which spirits are bound to which summoner, and when.

A binding opens when a spirit is summoned and holds while the spirit is present
or dismissed. It ends when the spirit is dispelled, destroyed, vanishes, fades or
breaks free. Rewinds and redos reopen the bindings of the state they carry, as in
projections/linkages.py.
"""

from __future__ import annotations

from collections.abc import Callable

from ledger.adapters.store.base import Cursor
from ledger.domain.audit.rewind import Redone, Rewound
from ledger.domain.events import DomainEvent
from ledger.domain.record import Record
from ledger.domain.spirits.events import SpiritEvent, SpiritSummoned
from ledger.domain.state import CampaignState
from projections.base import Projection
from projections.spans import SpanTable

SPANS = SpanTable("read_spirit_bindings", thing="spirit_id", holder="summoner_id", start="bound_at")
ENDS = {"SpiritDispelled": "dispelled", "SpiritDestroyed": "destroyed",
        "SpiritVanished": "vanished", "SpiritBrokeFree": "broke-free", "SpiritFaded": "faded"}


class BindingsProjection(Projection):
    name = "spirit_bindings"
    tables = (SPANS.name,)
    handles = frozenset({"SpiritSummoned", *ENDS, "Rewound", "Redone"})

    def ddl(self, kind: str) -> list[str]:
        return SPANS.ddl()

    def apply(self, c: Cursor, q: Callable[[str], str], record: Record, event: DomainEvent) -> None:
        cid, position = record.campaign_id, record.position
        if isinstance(event, SpiritSummoned):
            SPANS.open(c, q, cid, event.spirit_id, str(event.character_id), position)
        elif isinstance(event, SpiritEvent) and record.type in ENDS:
            SPANS.end(c, q, cid, position, ENDS[record.type], event.spirit_id)
        elif isinstance(event, Rewound | Redone):  # the carried state is the truth from here on
            SPANS.end(c, q, cid, position, "rewound")
            state: CampaignState = event.state
            for spirit in state.spirits.values():
                if spirit.held:
                    SPANS.open(c, q, cid, spirit.id, spirit.summoner_id, position)


def bindings_at(c: Cursor, q: Callable[[str], str], cid: str, position: int) -> dict[str, str]:
    """spirit id -> summoner at `position`, as the read model says."""
    return SPANS.holders_at(c, q, cid, position)
