"""Where the CLI tools read a history from: an exported file, or a campaign in the store."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import msgspec

from ledger.adapters.export_format import History, read_history
from ledger.adapters.store.base import EventStore, iter_batches
from ledger.domain.record import Record
from ledger.service.config import Config
from ledger.service.wiring import NoStore, open_existing_store


class Source(msgspec.Struct):
    campaign_id: str
    total: int
    records: Iterator[Record]
    history: History | None = None  # set when read from a file
    location: str = ""  # the store or file read from, for messages
    store: EventStore | None = None  # set when read from a store: its checkpoints are checked


def is_file(argument: str) -> bool:
    return Path(argument).is_file()


def looks_like_a_path(argument: str) -> bool:
    """A campaign id is `cmp_` and letters or digits: a slash or a dot names a file."""
    return "/" in argument or "." in argument or os.sep in argument


def from_file(path: str) -> Source:
    with open(path, "rb") as handle:
        history = read_history(handle)
    return Source(history.header.campaign_id, len(history.records), iter(history.records),
                  history, location=f"exported file {Path(path).resolve()}")


def from_store(store: EventStore, campaign_id: str) -> Source:
    head = store.head(campaign_id)
    return Source(campaign_id, head, _stream(store, campaign_id, head), location=store.location,
                  store=store)


def _stream(store: EventStore, campaign_id: str, upto: int) -> Iterator[Record]:
    for batch in iter_batches(store, campaign_id, upto):
        yield from batch


@contextmanager
def opened(argument: str) -> Iterator[Source]:
    """An exported file if `argument` names one, else that campaign in the configured store."""
    if is_file(argument):
        yield from_file(argument)
        return
    if looks_like_a_path(argument):
        raise NoStore(f"no such file: {argument}")
    store = open_existing_store(Config.from_env())
    try:
        yield from_store(store, argument)
    finally:
        store.close()
