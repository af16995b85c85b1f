"""Every statement on a table keyed by campaign must name its campaign (Citus-ready).

The PostgreSQL suite registers `Seen` as an observer of the store's cursors
(ledger/adapters/store/statements.py) for the whole run; at the end, any statement that
reads or changes such a table without `campaign_id = …`, or inserts into one without a
`campaign_id` column, fails the run, unless it carries a listed reason to span campaigns
(ledger/adapters/store/across.py). On Citus the first kind routes to one shard; the
second would fan out to every shard, which is a design decision, not an accident.
"""

from __future__ import annotations

import re
import threading

from ledger.adapters.store.across import ACROSS

KEYED_TABLES = frozenset({
    "ledger_events", "ledger_checkpoints", "ledger_seeds", "ledger_tree_nodes",
    "ledger_tokens", "ledger_idempotency", "ledger_webhooks", "ledger_webhook_deliveries",
    "ledger_webhook_attempts", "read_item_links", "read_spirit_bindings",
})
_MARKER = re.compile(r"^/\* across campaigns: ([\w-]+) \*/")
_SCHEMA_CHANGE = re.compile(r"^(CREATE|ALTER|DROP|TRUNCATE)\b", re.IGNORECASE)
_INSERT = re.compile(r"\bINSERT INTO (\w+) \(([^)]*)\)", re.IGNORECASE)
_FILTERED = re.compile(r"\bWHERE\b.*\bcampaign_id\s*(=|IN\b)", re.IGNORECASE)


def _mention(table: str) -> str:
    """The table used in a statement; its name quoted as a string is a catalog lookup."""
    return rf"(?<!')\b{table}\b(?!')"


def problem(statement: str) -> str | None:
    """Why `statement` would not route to one campaign's shard, or None."""
    text = " ".join(statement.split())
    named = {t for t in KEYED_TABLES if re.search(_mention(t), text)}
    if not named or _SCHEMA_CHANGE.match(text):
        return None
    marker = _MARKER.match(text)
    if marker:
        return None if marker.group(1) in ACROSS else f"unlisted reason {marker.group(1)!r}"
    for table, columns in _INSERT.findall(text):
        if table in KEYED_TABLES and "campaign_id" not in columns.replace(" ", "").split(","):
            return f"inserts into {table} without campaign_id"
    rest = _INSERT.sub("", text)
    read = sorted(t for t in KEYED_TABLES if re.search(_mention(t), rest))
    if read and not _FILTERED.search(rest):
        return f"reads or changes {', '.join(read)} without filtering by campaign_id"
    return None


class Seen:
    """The distinct statements observed (an observer of the store's cursors)."""

    def __init__(self) -> None:
        self.statements: set[str] = set()
        self._lock = threading.Lock()

    def __call__(self, statement: str) -> None:
        with self._lock:
            self.statements.add(statement)

    def problems(self) -> list[str]:
        found = ((problem(s), s) for s in sorted(self.statements))
        return [f"{why}: {' '.join(s.split())[:300]}" for why, s in found if why]
