"""Domain events: typed, versioned, registered by name.

Every event type is a frozen msgspec Struct subclassing `DomainEvent`; its
class name is its stored type. `version` is the schema version written next to
each stored event; older versions are upcast on read (see `upcaster`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

import msgspec

from ledger.domain.state import CampaignState


class DomainEvent(msgspec.Struct, frozen=True, kw_only=True):
    version: ClassVar[int] = 1
    # Set by event types that concern one character, for filtering and access.
    character_id: str | None = None

    @classmethod
    def type_name(cls) -> str:
        return cls.__name__


E = TypeVar("E", bound=DomainEvent)
Evolver = Callable[[CampaignState, Any], None]
Upcaster = Callable[[dict[str, Any]], dict[str, Any]]

EVENT_TYPES: dict[str, type[DomainEvent]] = {}
EVOLVERS: dict[type[DomainEvent], Evolver] = {}
UPCASTERS: dict[tuple[str, int], Upcaster] = {}


class UnknownEventType(Exception):
    pass


def register(cls: type[E]) -> type[E]:
    """Class decorator: make an event type known to the store."""
    EVENT_TYPES[cls.type_name()] = cls
    return cls


Apply = Callable[[CampaignState, E], None]


def evolves(cls: type[E]) -> Callable[[Apply[E]], Apply[E]]:
    """Function decorator: the one place where `cls` changes state."""

    def wrap(fn: Apply[E]) -> Apply[E]:
        register(cls)
        EVOLVERS[cls] = fn
        return fn

    return wrap


def upcaster(type_name: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
    """Register a function that turns version `from_version` data into the next version."""

    def wrap(fn: Upcaster) -> Upcaster:
        UPCASTERS[(type_name, from_version)] = fn
        return fn

    return wrap


def evolve(state: CampaignState, event: DomainEvent) -> CampaignState:
    """Apply one event. Never rolls dice or reads a clock: the event holds the facts."""
    EVOLVERS[type(event)](state, event)
    return state


_encoder = msgspec.json.Encoder()


def encode_data(event: DomainEvent) -> bytes:
    return _encoder.encode(event)


def decode_data(type_name: str, version: int, data: bytes) -> DomainEvent:
    cls = EVENT_TYPES.get(type_name)
    if cls is None:
        raise UnknownEventType(type_name)
    if version == cls.version:
        return msgspec.json.decode(data, type=cls)
    raw: dict[str, Any] = msgspec.json.decode(data)
    while version < cls.version:
        raw = UPCASTERS[(type_name, version)](raw)
        version += 1
    return msgspec.convert(raw, cls)

