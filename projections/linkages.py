"""SQL read model: every link between a character and a magic item, with its span.

A row is open (ended_at NULL) while the link holds. "Who was linked to item X at
position P" is the row with linked_at <= P < ended_at. A rewind or redo carries
the canon state: open rows end at that position and the links the carried state
holds reopen there, so the read model keeps agreeing with the fold.
"""

from __future__ import annotations

from collections.abc import Callable

from ledger.adapters.store.base import Cursor
from ledger.domain.audit.rewind import Redone, Rewound
from ledger.domain.events import DomainEvent
from ledger.domain.items.linkage import ItemLinked, ItemLinkEnded
from ledger.domain.record import Record
from ledger.domain.state import CampaignState
from projections.base import Projection
from projections.spans import SpanTable

SPANS = SpanTable("read_item_links", thing="item_id", holder="character_id", start="linked_at")


class LinkagesProjection(Projection):
    name = "item_links"
    tables = (SPANS.name,)
    handles = frozenset({"ItemLinked", "ItemLinkEnded", "Rewound", "Redone"})

    def ddl(self, kind: str) -> list[str]:
        return SPANS.ddl()

    def apply(self, c: Cursor, q: Callable[[str], str], record: Record, event: DomainEvent) -> None:
        if isinstance(event, ItemLinked):
            SPANS.open(c, q, record.campaign_id, event.item_id, str(event.character_id), record.position)
        elif isinstance(event, ItemLinkEnded):
            SPANS.end(c, q, record.campaign_id, record.position, event.why, thing=event.item_id)
        elif isinstance(event, Rewound | Redone):  # the carried state is the truth from here on
            SPANS.end(c, q, record.campaign_id, record.position, "rewound")
            state: CampaignState = event.state
            for item in state.items.values():
                link = item.current_link()
                if link is not None:
                    SPANS.open(c, q, record.campaign_id, item.id, link.user, record.position)


def links_at(c: Cursor, q: Callable[[str], str], cid: str, position: int) -> dict[str, str]:
    """item id -> character at `position`, as the read model says."""
    return SPANS.holders_at(c, q, cid, position)
