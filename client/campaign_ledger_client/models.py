"""Answers the client parses (dataclasses); request bodies are TypedDicts in bodies.py.

States (a character, the whole campaign, an item…) stay the server's JSON objects, typed
by the TypedDicts of schemas.py (generated from the OpenAPI document): a client older
than the server keeps the keys it does not know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar, cast

from campaign_ledger_client.schemas import CampaignSummary, Receipt

JSON = dict[str, Any]
At = int | str  # a position, or an RFC 3339 time (a datetime is accepted too)
View = Literal["recorded", "canon"]
StateT = TypeVar("StateT")


@dataclass(frozen=True)
class Actor:
    role: str
    token_id: str | None
    character_id: str | None


@dataclass(frozen=True)
class Event:
    """One recorded event, as the events list, write answers, exports and the feed give it."""

    position: int
    type: str
    version: int
    data: JSON
    recorded_at: str
    actor: Actor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    # The position of the rewind that voided it (in the events list and the feed), or None.
    voided_by: int | None = None

    @classmethod
    def from_json(cls, raw: JSON) -> Event:
        """The event, or a `Retract` for a `Rewound` and a `Restore` for a `Redone`."""
        kind: type[Event] = {"Rewound": Retract, "Redone": Restore}.get(str(raw["type"]), Event)
        actor = raw.get("actor") or {}
        data = raw.get("data") or {}
        return kind(position=int(raw["position"]), type=str(raw["type"]),
                   version=int(raw.get("version", 1)), data=data,
                   recorded_at=str(raw.get("recorded_at", "")),
                   actor=Actor(str(actor.get("role", "")), actor.get("token_id"),
                               actor.get("character_id")),
                   correlation_id=str(raw.get("correlation_id", "")),
                   character_id=raw.get("character_id"), session=int(raw.get("session") or 0),
                   scene=int(raw.get("scene") or 0), hash=str(raw.get("hash", "")),
                   voided_by=raw.get("voided_by"), **kind._ranges(data))

    @staticmethod
    def _ranges(data: JSON) -> JSON:
        return {}


@dataclass(frozen=True)
class Retract(Event):
    """A rewind (`Rewound`): positions `voided_from`..`voided_to` no longer count. The feed
    already delivered them; this is how a follower learns they were undone."""

    voided_from: int = 0
    voided_to: int = 0

    @staticmethod
    def _ranges(data: JSON) -> JSON:
        return {"voided_from": int(data["voided_from"]), "voided_to": int(data["voided_to"])}


@dataclass(frozen=True)
class Restore(Event):
    """A redo (`Redone`): the rewind at `rewind_position` is undone, and positions
    `restored_from`..`restored_to` count again."""

    rewind_position: int = 0
    restored_from: int = 0
    restored_to: int = 0

    @staticmethod
    def _ranges(data: JSON) -> JSON:
        return {"rewind_position": int(data["rewind_position"]),
                "restored_from": int(data["restored_from"]), "restored_to": int(data["restored_to"])}


# The keys a write names its primary resource under: the keys reads of them use.
RESOURCE_KEYS = ("character", "campaign", "state", "encounter", "stunt_pool", "effort",
                 "spirit", "stunts", "item")
ENVELOPE = ("position", "events", "changed")


@dataclass(frozen=True)
class WriteResult(Generic[StateT]):
    """A command's answer: the head `position`, the `events` it recorded, its primary
    `resource` (the acting character, or the item, spirit, campaign… acted on), found
    under `key` (`character`, `item`…: the key a read of it uses) and typed by the model
    (schemas.py) the method declares: `WriteResult[Character]`; `changed` holds the ids of
    everything else it changed, by kind (`characters`, `items`, `spirits`). `extra` holds
    the other keys some commands add (`magic`, `condition`, `receipt`…)."""

    position: int
    events: list[Event]
    resource: StateT
    key: str | None = None
    changed: dict[str, list[str]] = field(default_factory=dict)
    extra: JSON = field(default_factory=dict)
    replayed: bool = False

    @property
    def receipt(self) -> Receipt | None:
        """The signed tree head and inclusion proofs of the write (docs/trust.md)."""
        return cast("Receipt | None", self.extra.get("receipt"))

    @classmethod
    def from_json(cls, raw: JSON, replayed: bool = False) -> WriteResult[Any]:
        key = next((k for k in RESOURCE_KEYS if k in raw), None)
        rest = {k: v for k, v in raw.items() if k not in (*ENVELOPE, key)}
        resource: Any = raw.get(key) if key else None
        return cls(int(raw["position"]), [Event.from_json(e) for e in raw.get("events", [])],
                   resource, key, dict(raw.get("changed") or {}), rest, replayed)


@dataclass(frozen=True)
class CreatedCampaign:
    id: str
    gm_token: str
    gm_token_id: str
    result: WriteResult[CampaignSummary]

    @classmethod
    def from_json(cls, raw: JSON) -> CreatedCampaign:
        return cls(str(raw["campaign"]["id"]), str(raw["gm_token"]), str(raw["gm_token_id"]),
                   WriteResult.from_json(raw))


@dataclass(frozen=True)
class IssuedToken:
    """A token's secret is shown once: here."""

    id: str
    token: str
    role: str
    character_id: str | None
    label: str
    replaces: str | None = None

    @classmethod
    def from_json(cls, raw: JSON) -> IssuedToken:
        return cls(str(raw["id"]), str(raw["token"]), str(raw["role"]), raw.get("character_id"),
                   str(raw.get("label", "")), raw.get("replaces"))


@dataclass(frozen=True)
class EventPage:
    events: list[Event]
    next: int | None  # pass as `after` for the following page; None at the end
    position: int = 0  # the campaign's head position when the page was read

    @classmethod
    def from_json(cls, raw: JSON) -> EventPage:
        return cls([Event.from_json(e) for e in raw["events"]], raw.get("next"),
                   int(raw.get("position", 0)))
