"""SQL read model: which spirits are bound to which summoner, and when.

A binding opens when a spirit is summoned and holds while the spirit is present
or dismissed. It ends when the spirit is dispelled, destroyed, vanishes, fades or
breaks free. Rewinds and redos reopen the bindings of the state they carry, as in
projections/linkages.py.
"""

from __future__ import annotations

from collections.abc import Callable

from ledger.audit.rewind import Redone, Rewound
from ledger.events import DomainEvent
from ledger.spirits_events import SpiritEvent, SpiritSummoned
from ledger.state import CampaignState
from ledger.store.base import Cursor
from ledger.store.records import Record
from projections.base import Projection

TABLE = "read_spirit_bindings"
ENDS = {"SpiritDispelled": "dispelled", "SpiritDestroyed": "destroyed",
        "SpiritVanished": "vanished", "SpiritBrokeFree": "broke-free", "SpiritFaded": "faded"}


class BindingsProjection(Projection):
    name = "spirit_bindings"
    tables = (TABLE,)
    handles = frozenset({"SpiritSummoned", *ENDS, "Rewound", "Redone"})

    def ddl(self, kind: str) -> list[str]:
        return [
            f"CREATE TABLE IF NOT EXISTS {TABLE} ("
            " campaign_id TEXT NOT NULL, spirit_id TEXT NOT NULL, summoner_id TEXT NOT NULL,"
            " bound_at BIGINT NOT NULL, ended_at BIGINT, why TEXT,"
            " PRIMARY KEY (campaign_id, spirit_id, bound_at))",
            f"CREATE INDEX IF NOT EXISTS {TABLE}_summoner ON {TABLE} (summoner_id)",
        ]

    def apply(self, c: Cursor, q: Callable[[str], str], record: Record, event: DomainEvent) -> None:
        cid, position = record.campaign_id, record.position
        if isinstance(event, SpiritSummoned):
            _open(c, q, cid, event.spirit_id, str(event.character_id), position)
        elif isinstance(event, SpiritEvent) and record.type in ENDS:
            _end(c, q, cid, position, ENDS[record.type], event.spirit_id)
        elif isinstance(event, Rewound | Redone):  # the carried state is the truth from here on
            _end(c, q, cid, position, "rewound")
            state: CampaignState = event.state
            for spirit in state.spirits.values():
                if spirit.held:
                    _open(c, q, cid, spirit.id, spirit.summoner_id, position)


def _open(c: Cursor, q: Callable[[str], str], cid: str, spirit_id: str, summoner: str,
          position: int) -> None:
    c.execute(q(f"INSERT INTO {TABLE} (campaign_id, spirit_id, summoner_id, bound_at) "
                "VALUES (?,?,?,?)"), (cid, spirit_id, summoner, position))


def _end(c: Cursor, q: Callable[[str], str], cid: str, position: int, why: str,
         spirit_id: str | None = None) -> None:
    sql = f"UPDATE {TABLE} SET ended_at=?, why=? WHERE campaign_id=? AND ended_at IS NULL"
    params: list[object] = [position, why, cid]
    if spirit_id is not None:
        sql += " AND spirit_id=?"
        params.append(spirit_id)
    c.execute(q(sql), params)


def bindings_at(c: Cursor, q: Callable[[str], str], cid: str, position: int) -> dict[str, str]:
    """spirit id -> summoner holding it at `position`, as the read model says."""
    c.execute(q(f"SELECT spirit_id, summoner_id FROM {TABLE} WHERE campaign_id=? AND bound_at<=? "
                "AND (ended_at IS NULL OR ended_at>?)"), (cid, position, position))
    return {row[0]: row[1] for row in c.fetchall()}
