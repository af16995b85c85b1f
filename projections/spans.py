"""Span tables: rows that hold from one campaign position until another.

Both read models (item links, spirit bindings) are spans of a thing (an item, a
spirit) held by a character: opened at a position, ended at a later one with a
reason. This is their shared SQL.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from ledger.adapters.store.base import Cursor

Query = Callable[[str], str]


class SpanTable(msgspec.Struct, frozen=True):
    """`thing` is the held thing's column, `holder` the character's, `start` the opening one."""

    name: str
    thing: str
    holder: str
    start: str

    def ddl(self) -> list[str]:
        return [
            f"CREATE TABLE IF NOT EXISTS {self.name} ("
            f" campaign_id TEXT NOT NULL, {self.thing} TEXT NOT NULL, {self.holder} TEXT NOT NULL,"
            f" {self.start} BIGINT NOT NULL, ended_at BIGINT, why TEXT,"
            f" PRIMARY KEY (campaign_id, {self.thing}, {self.start}))",
            f"CREATE INDEX IF NOT EXISTS {self.name}_holder ON {self.name} ({self.holder})",
        ]

    def open(self, c: Cursor, q: Query, cid: str, thing: str, holder: str, position: int) -> None:
        c.execute(q(f"INSERT INTO {self.name} (campaign_id, {self.thing}, {self.holder}, "
                    f"{self.start}) VALUES (?,?,?,?)"), (cid, thing, holder, position))

    def end(self, c: Cursor, q: Query, cid: str, position: int, why: str,
            thing: str | None = None) -> None:
        """End the open span of `thing`, or every open span of the campaign."""
        sql = f"UPDATE {self.name} SET ended_at=?, why=? WHERE campaign_id=? AND ended_at IS NULL"
        params: list[object] = [position, why, cid]
        if thing is not None:
            sql += f" AND {self.thing}=?"
            params.append(thing)
        c.execute(q(sql), params)

    def holders_at(self, c: Cursor, q: Query, cid: str, position: int) -> dict[str, str]:
        """thing -> holder at `position`, as the read model says."""
        c.execute(q(f"SELECT {self.thing}, {self.holder} FROM {self.name} WHERE campaign_id=? "
                    f"AND {self.start}<=? AND (ended_at IS NULL OR ended_at>?)"),
                  (cid, position, position))
        return {row[0]: row[1] for row in c.fetchall()}
