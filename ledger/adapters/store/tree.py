"""The stored Merkle nodes of each campaign (docs/trust.md): written with the events, read
for proofs.

An append needs the frontier of the tree before it: O(log n) nodes, kept per campaign in
memory and read once when missing. Nodes never change once written (a node exists only if
the events under it committed with it), so the cache cannot go stale; it can only miss. A
campaign recorded before the tree existed gets its nodes built from its chain hashes the
first time they are needed.

Only nodes from level STORED_FROM_LEVEL up are stored: one row per 16 events (and their
ancestors) rather than about two per event, which was a sixth of a PostgreSQL append's
cost (docs/decisions/010-sparse-tree-nodes.md). A node below that level covers at most 16
events, all in one aligned block, and is derived from their chain hashes when a proof
needs it. Rows of lower levels written by earlier versions stay, unread: they hold the
same hashes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from ledger.domain import merkle
from ledger.domain.record import Record

NodeRow = tuple[str, int, int, bytes]  # campaign_id, level, index, hash
Edge = tuple[str, int, dict[merkle.Key, bytes]]  # a campaign's frontier at a size
TREE_DDL = ("CREATE TABLE IF NOT EXISTS ledger_tree_nodes ("
            " campaign_id TEXT NOT NULL, level INTEGER NOT NULL, idx BIGINT NOT NULL,"
            " hash {blob} NOT NULL, PRIMARY KEY (campaign_id, level, idx))")
INSERT_ROWS = "INSERT INTO ledger_tree_nodes (campaign_id, level, idx, hash) VALUES "
INSERT = INSERT_ROWS + "(?,?,?,?)"
# Builders of a missing tree may race; they write the same rows.
BUILD_INSERT = INSERT + " ON CONFLICT DO NOTHING"
CACHED_CAMPAIGNS = 4096
BUILD_BATCH = 5000
STORED_FROM_LEVEL = 4
BLOCK = 1 << STORED_FROM_LEVEL  # events under one stored node of the lowest stored level


class NodeStore(Protocol):
    """What the tree needs of its store."""

    def transaction(self, *, write: bool) -> AbstractContextManager[Any]: ...
    def q(self, sql: str) -> str: ...
    def _all(self, sql: str, params: Sequence[Any]) -> list[Any]: ...


class TreeNodes:
    def __init__(self, store: NodeStore,
                 history: Callable[[str, int], Iterable[list[Record]]]) -> None:
        """`history(campaign_id, upto)` reads a campaign's records in batches."""
        self.store = store
        self.history = history
        self._edges: OrderedDict[str, tuple[int, dict[merkle.Key, bytes]]] = OrderedDict()
        # The nodes each campaign's last append read or wrote: all a receipt for it needs.
        self._recent: dict[str, dict[merkle.Key, bytes]] = {}
        self._lock = threading.Lock()

    # --- writes ----------------------------------------------------------
    def rows_for(self, records: Sequence[Record]) -> tuple[list[NodeRow], list[Edge]]:
        """The node rows a command's records complete, and the frontiers to cache once the
        append commits."""
        rows: list[NodeRow] = []
        after: list[Edge] = []
        by_campaign: dict[str, list[Record]] = {}
        for record in records:
            by_campaign.setdefault(record.campaign_id, []).append(record)
        for campaign_id, mine in by_campaign.items():
            mine.sort(key=lambda r: r.position)
            size = mine[0].position - 1
            edge = self.edge(campaign_id, size)
            new = merkle.append(edge, size, [merkle.leaf_hash(r.hash) for r in mine])
            rows += [(campaign_id, level, index, value) for (level, index), value in new.items()
                     if level >= STORED_FROM_LEVEL]
            known = {**edge, **new}
            end = size + len(mine)
            after.append((campaign_id, end, known))
        return rows, after

    def committed(self, edges: Iterable[Edge]) -> None:
        with self._lock:
            for campaign_id, size, known in edges:
                self._edges[campaign_id] = (size, {k: known[k] for k in merkle.frontier(size)})
                self._edges.move_to_end(campaign_id)
                self._recent[campaign_id] = known
            while len(self._edges) > CACHED_CAMPAIGNS:
                dropped, _ = self._edges.popitem(last=False)
                self._recent.pop(dropped, None)

    def forget(self, campaign_id: str) -> None:
        """After a lost race: the cached frontier is for a size that no longer is the head."""
        with self._lock:
            self._edges.pop(campaign_id, None)

    def edge(self, campaign_id: str, size: int) -> dict[merkle.Key, bytes]:
        with self._lock:
            cached = self._edges.get(campaign_id)
        if cached is not None and cached[0] == size:
            return cached[1]
        return self.lookup(campaign_id, set(merkle.frontier(size)), size)

    # --- reads -----------------------------------------------------------
    def recent(self, campaign_id: str) -> dict[merkle.Key, bytes]:
        """The nodes the campaign's last append in this process read or wrote (a copy)."""
        with self._lock:
            return dict(self._recent.get(campaign_id, {}))

    def lookup(self, campaign_id: str, keys: set[merkle.Key], size: int) -> dict[merkle.Key, bytes]:
        """Stored nodes by key; builds a tree recorded before nodes were stored."""
        with self._lock:
            recent = self._recent.get(campaign_id, {})
            found = {key: recent[key] for key in keys if key in recent}
        if len(found) == len(keys):
            return found
        wanted = keys - found.keys()
        stored = {key for key in wanted if key[0] >= STORED_FROM_LEVEL}
        found.update(self._derived(campaign_id, wanted - stored))
        if stored:
            fetched = self._fetch(campaign_id, stored)
            if len(fetched) < len(stored):
                self.build(campaign_id, size)
                fetched = self._fetch(campaign_id, stored)
            found.update(fetched)
        missing = keys - found.keys()
        if missing:
            raise LookupError(f"tree nodes {sorted(missing)} of {campaign_id} are missing")
        return found

    def _derived(self, campaign_id: str, keys: set[merkle.Key]) -> dict[merkle.Key, bytes]:
        """Nodes below the stored levels, from the chain hashes of their blocks' events."""
        found: dict[merkle.Key, bytes] = {}
        for block in sorted({(index << level) // BLOCK for level, index in keys}):
            first = block * BLOCK  # leaf index of the block's first event (position first + 1)
            rows = self.store._all("SELECT hash FROM ledger_events WHERE campaign_id=? AND"
                                   " position>? AND position<=? ORDER BY position",
                                   (campaign_id, first, first + BLOCK))
            found.update(merkle.block_nodes(first, [row[0] for row in rows], STORED_FROM_LEVEL))
        return {key: found[key] for key in keys if key in found}

    def _fetch(self, campaign_id: str, keys: set[merkle.Key]) -> dict[merkle.Key, bytes]:
        if not keys:
            return {}
        found: dict[merkle.Key, bytes] = {}
        ordered = sorted(keys)
        # One primary-key lookup per node, in one statement: an OR of pairs scans the table.
        one = "SELECT level, idx, hash FROM ledger_tree_nodes WHERE campaign_id=? AND level=? AND idx=?"
        for start in range(0, len(ordered), 200):
            chunk = ordered[start:start + 200]
            params: list[Any] = []
            for level, index in chunk:
                params += [campaign_id, level, index]
            rows = self.store._all(" UNION ALL ".join([one] * len(chunk)), params)
            found.update({(int(r[0]), int(r[1])): bytes(r[2]) for r in rows})
        return found

    def build(self, campaign_id: str, size: int) -> None:
        """Store every node of the first `size` events, from their chain hashes (idempotent:
        concurrent builders write the same rows)."""
        hashes = (r.hash for batch in self.history(campaign_id, size) for r in batch)
        rows = [(campaign_id, level, index, value)
                for (level, index), value in merkle.all_nodes(hashes) if level >= STORED_FROM_LEVEL]
        for start in range(0, len(rows), BUILD_BATCH):
            with self.store.transaction(write=True) as c:
                for row in rows[start:start + BUILD_BATCH]:
                    c.execute(self.store.q(BUILD_INSERT), row)
