"""Building states and running spirit decisions directly, without a store."""

from __future__ import annotations

import itertools
from typing import Any, TypeVar

import msgspec

import ledger.domain.all_rules  # noqa: F401  (registers every event, evolver and reaction)
from ledger.domain import clock
from ledger.domain.characters import register_character
from ledger.domain.context import Context
from ledger.domain.decision import Decide, run_decision
from ledger.domain.events import DomainEvent
from ledger.domain.magic.effort import available
from ledger.domain.spirits.events import SpiritSummoned
from ledger.domain.spirits.summoning import SummonOrder, summon
from ledger.domain.state import CampaignState

E = TypeVar("E", bound=DomainEvent)

_ids = itertools.count(1)


class ScriptedDice:
    """Server-side dice whose values the test chooses; each die is checked against its sides."""

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)

    def draw(self, sides: int) -> int:
        value = self.values.pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"{value} is not a d{sides} result")
        return value


def ctx(dice: list[int] | None = None) -> Context:
    return Context(ScriptedDice(dice or []), new_id=lambda prefix: f"{prefix}_{next(_ids)}")


def run(state: CampaignState, decide: Decide, dice: list[int] | None = None) -> list[DomainEvent]:
    """Run one command on `state` itself (the events are applied to it)."""
    return run_decision(state, ctx(dice), decide)


def sheet(name: str = "Mara", *, level: int = 5, summon: int = 2, cha: int = 2,
          edges: tuple[str, ...] = ("Summoner",), **extra: Any) -> dict[str, Any]:
    return {"name": name, "level": level, "skills": {"summon": summon},
            "modifiers": {"cha": cha, "con": 0}, "edges": list(edges), **extra}


def new_character(state: CampaignState, **kw: Any) -> str:
    (event,) = run(state, register_character(sheet(**kw)))
    return event.character_id or ""


def campaign() -> CampaignState:
    return CampaignState(id="cmp_test")


def order(**kw: Any) -> SummonOrder:
    fields: dict[str, Any] = {"mode": "ritual", "nature": "Fire", "form": "physical",
                              "form_level": 1, "appearance": "a burning hound", "powers": [],
                              "hit_dice": 1, "hit_points": 6}
    return msgspec.convert(fields | kw, SummonOrder)


def summoned(state: CampaignState, character_id: str, **kw: Any) -> str:
    """Summon a spirit and answer its id."""
    events = run(state, summon(character_id, order(**kw)))
    return first(events, SpiritSummoned).spirit_id


def summoner_effort(state: CampaignState, character_id: str) -> int:
    return available(state.characters[character_id], "summoner")


def open_scene(state: CampaignState) -> None:
    run(state, clock.start_scene)


def first(events: list[DomainEvent], cls: type[E]) -> E:
    """The first event of type `cls` (typed, for the assertions)."""
    return next(e for e in events if isinstance(e, cls))


def types(events: list[DomainEvent]) -> list[str]:
    return [type(e).__name__ for e in events]
