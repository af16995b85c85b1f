"""Typed answers (dataclasses) and request bodies (TypedDicts).

States (a character, the whole campaign, an item…) stay plain JSON objects: their
schema is the server's OpenAPI document (`components/schemas`), which grows with
every rule, and a client pinned to yesterday's fields would drop today's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Required, TypedDict

JSON = dict[str, Any]
At = int | str  # a position, or an RFC 3339 time (a datetime is accepted too)
View = Literal["recorded", "canon"]


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

    @classmethod
    def from_json(cls, raw: JSON) -> Event:
        actor = raw.get("actor") or {}
        return cls(position=int(raw["position"]), type=str(raw["type"]),
                   version=int(raw.get("version", 1)), data=raw.get("data") or {},
                   recorded_at=str(raw.get("recorded_at", "")),
                   actor=Actor(str(actor.get("role", "")), actor.get("token_id"),
                               actor.get("character_id")),
                   correlation_id=str(raw.get("correlation_id", "")),
                   character_id=raw.get("character_id"), session=int(raw.get("session") or 0),
                   scene=int(raw.get("scene") or 0), hash=str(raw.get("hash", "")))


@dataclass(frozen=True)
class WriteResult:
    """A command's answer: the head `position`, the `events` it recorded and the `state`
    (the character for character commands, else the campaign or the area's summary).
    `extra` holds the other keys some commands add (`magic`, `condition`, `spirit`…)."""

    position: int
    events: list[Event]
    state: Any
    extra: JSON = field(default_factory=dict)
    replayed: bool = False

    @classmethod
    def from_json(cls, raw: JSON, replayed: bool = False) -> WriteResult:
        rest = {k: v for k, v in raw.items() if k not in ("position", "events", "state")}
        return cls(int(raw["position"]), [Event.from_json(e) for e in raw.get("events", [])],
                   raw.get("state"), rest, replayed)


@dataclass(frozen=True)
class CreatedCampaign:
    id: str
    gm_token: str
    gm_token_id: str
    result: WriteResult

    @classmethod
    def from_json(cls, raw: JSON) -> CreatedCampaign:
        return cls(str(raw["id"]), str(raw["gm_token"]), str(raw["gm_token_id"]),
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

    @classmethod
    def from_json(cls, raw: JSON) -> EventPage:
        return cls([Event.from_json(e) for e in raw["events"]], raw.get("next"))


class Pool(TypedDict):
    current: int
    max: int


class Graded(TypedDict):
    name: str
    degree: str


class Sheet(TypedDict, total=False):
    """A character sheet; on registration `name` is required, on update nothing is."""

    name: str
    level: int
    abilities: dict[str, int]
    magic_ability: str | None
    focuses: list[str]
    attributes: dict[str, int]
    modifiers: dict[str, int]
    skills: dict[str, int]
    edges: list[str]
    traits: list[str]
    specializations: list[Graded]
    talents: list[Graded]
    graced_arts: list[Graded]
    art_points: int
    toughness: int
    armor: int
    speed: int
    health: Pool
    mana: Pool
    conviction: Pool
    strain: JSON  # {current, permanent, max}
    cyberware: list[JSON]  # [{name, strain}]


class ConditionSpec(TypedDict, total=False):
    name: Required[str]
    points: int | None
    figure: int | None
    incurable: bool
    from_backlash: bool
    target: str
    note: str
    cause: str
    instead_of_damage: JSON | None  # {damage, type, reduction, reason}


class ItemSpec(TypedDict, total=False):
    """An item or object; see the server's documentation of POST …/items."""

    name: Required[str]
    kind: Required[str]
    materials: Required[list[JSON]]
    exposure: str | None
    integrity: int | None
    integrity_current: int | None
    magical: bool
    min_skill: JSON | None
    enchantment_bonus: int
    durability_bonus: int
    firearm: JSON | None
    description: str
    holder: str | None


class SummonSpec(TypedDict, total=False):
    mode: Required[Literal["ritual", "immediate"]]
    nature: Required[str]
    form: Required[Literal["physical", "spirit"]]
    form_level: Required[int]
    appearance: Required[str]
    powers: list[str]
    hit_dice: Required[int]
    hit_points: Required[int]
    skill_bonus: int | None
    name: str | None
    notes: str


class MagicTestSpec(TypedDict, total=False):
    base_tn: Required[int]
    ability: str | None
    focus: str | None
    careful: list[str]
    resistance_factors: list[JSON]
    resistance: int
    auto_backlash: int | None
    mana_cost: int
    mana_for_tn: int
    cost_backlash: int
    bonus_mana: int
    bonus_backlash: int
    modifier: int
    dice: list[int] | None
    label: str


class ConsequenceSpec(TypedDict, total=False):
    description: Required[str]
    drawn: bool
    category: str | None
    severity: str | None
    backlash: int | None
    damage: int
    damage_type: str
    conditions: list[ConditionSpec]
