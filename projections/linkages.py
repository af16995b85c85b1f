"""SQL read model: every link between a character and a magic item, with its span.

A row is open (ended_at NULL) while the link holds. "Who was linked to item X at
position P" is the row with linked_at <= P < ended_at. A rewind or redo carries
the canon state: open rows end at that position and the links the carried state
holds reopen there, so the read model keeps agreeing with the fold.
"""

from __future__ import annotations

from collections.abc import Callable

from ledger.audit.rewind import Redone, Rewound
from ledger.events import DomainEvent
from ledger.linkage import ItemLinked, ItemLinkEnded
from ledger.state import CampaignState
from ledger.store.base import Cursor
from ledger.store.records import Record
from projections.base import Projection

TABLE = "read_item_links"


class LinkagesProjection(Projection):
    name = "item_links"
    tables = (TABLE,)
    handles = frozenset({"ItemLinked", "ItemLinkEnded", "Rewound", "Redone"})

    def ddl(self, kind: str) -> list[str]:
        return [
            f"CREATE TABLE IF NOT EXISTS {TABLE} ("
            " campaign_id TEXT NOT NULL, item_id TEXT NOT NULL, character_id TEXT NOT NULL,"
            " linked_at BIGINT NOT NULL, ended_at BIGINT, why TEXT,"
            " PRIMARY KEY (campaign_id, item_id, linked_at))",
            f"CREATE INDEX IF NOT EXISTS {TABLE}_character ON {TABLE} (character_id)",
        ]

    def apply(self, c: Cursor, q: Callable[[str], str], record: Record, event: DomainEvent) -> None:
        if isinstance(event, ItemLinked):
            _open(c, q, record.campaign_id, event.item_id, str(event.character_id), record.position)
        elif isinstance(event, ItemLinkEnded):
            _end(c, q, record.campaign_id, record.position, event.why, item_id=event.item_id)
        elif isinstance(event, Rewound | Redone):  # the carried state is the truth from here on
            _end(c, q, record.campaign_id, record.position, "rewound")
            state: CampaignState = event.state
            for item in state.items.values():
                link = item.current_link()
                if link is not None:
                    _open(c, q, record.campaign_id, item.id, link.user, record.position)


def _open(c: Cursor, q: Callable[[str], str], cid: str, item_id: str, character: str,
          position: int) -> None:
    c.execute(q(f"INSERT INTO {TABLE} (campaign_id, item_id, character_id, linked_at) "
                "VALUES (?,?,?,?)"), (cid, item_id, character, position))


def _end(c: Cursor, q: Callable[[str], str], cid: str, position: int, why: str,
         item_id: str | None = None) -> None:
    sql = f"UPDATE {TABLE} SET ended_at=?, why=? WHERE campaign_id=? AND ended_at IS NULL"
    params: list[object] = [position, why, cid]
    if item_id is not None:
        sql += " AND item_id=?"
        params.append(item_id)
    c.execute(q(sql), params)


def links_at(c: Cursor, q: Callable[[str], str], cid: str, position: int) -> dict[str, str]:
    """item id -> linked character at `position`, as the read model says."""
    c.execute(q(f"SELECT item_id, character_id FROM {TABLE} WHERE campaign_id=? AND linked_at<=? "
                "AND (ended_at IS NULL OR ended_at>?)"), (cid, position, position))
    return {row[0]: row[1] for row in c.fetchall()}
