"""What a read model provides: its tables, how to reset them, and how to apply an event."""

from __future__ import annotations

import abc
from collections.abc import Callable

from ledger.adapters.store.base import Cursor
from ledger.domain.events import DomainEvent
from ledger.domain.record import Record


class Projection(abc.ABC):
    name: str
    tables: tuple[str, ...]
    # Event types this projection reads; others are skipped without decoding.
    handles: frozenset[str]

    @abc.abstractmethod
    def ddl(self, kind: str) -> list[str]:
        """CREATE statements for `kind` ("sqlite" or "postgres")."""

    @abc.abstractmethod
    def apply(self, c: Cursor, q: Callable[[str], str], record: Record, event: DomainEvent) -> None:
        """Apply one event inside the runner's transaction; `q` adapts `?` placeholders."""
