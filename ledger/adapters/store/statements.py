"""Observing the SQL the PostgreSQL store sends, at the driver: its connections make
their cursors with `ObservedCursor`, which hands each statement's text to the observers
registered here before running it; the writer connection's prepared statements
(pg_prepared.py) report theirs the same way. Nothing observes in production (the list is
empty); the PostgreSQL test suite registers one to check that every statement on a table
keyed by campaign names its campaign (tests/statement_check.py, docs/scaling.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import psycopg
from psycopg import sql

OBSERVERS: list[Callable[[str], None]] = []


def observe(text: str) -> None:
    """Hand a statement about to run to every observer."""
    for observer in OBSERVERS:
        observer(text)


class ObservedCursor(psycopg.Cursor[Any]):
    def execute(self, query: Any, params: Any = None, **options: Any) -> Any:
        if OBSERVERS:
            observe(query.as_string(self) if isinstance(query, sql.Composable) else str(query))
        return super().execute(query, params, **options)
