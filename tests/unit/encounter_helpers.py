"""A table with an open scene and encounter commands, for the encounter tests; commands
run through the shared harness (tests/unit/harness.py)."""

from __future__ import annotations

from typing import Any

from ledger.domain import campaign
from ledger.domain.conditions.adding import Request, add_condition
from ledger.domain.encounters.commands import EndEncounter, NextTurn, StartEncounter
from ledger.domain.encounters.order import Entry
from ledger.domain.state import Condition
from ledger.domain.state.encounter import Encounter
from tests.unit.effort_helpers import Table


class Fight(Table):
    def __init__(self, **settings: Any) -> None:
        super().__init__()
        if settings:
            self.do(campaign.change_settings(settings))
        self.scene()

    def start(self, *entries: Entry, dice: list[int] | None = None) -> list[Any]:
        return self.do(StartEncounter(participants=list(entries)), dice)

    def next(self, times: int = 1) -> list[Any]:
        events: list[Any] = []
        for _ in range(times):
            events += self.do(NextTurn())
        return events

    def end(self) -> list[Any]:
        return self.do(EndEncounter())

    @property
    def encounter(self) -> Encounter:
        assert self.state.encounter is not None
        return self.state.encounter

    def whose_turn(self) -> str:
        current = self.encounter.current()
        assert current is not None
        return current.id

    def condition(self, character_id: str, name: str, points: int | None = None) -> Condition:
        self.do(add_condition(character_id, Request(name=name, points=points)))
        return self.get(character_id).conditions[-1]

    def has(self, character_id: str, name: str) -> bool:
        return any(c.name == name for c in self.get(character_id).conditions)


def pc(character_id: str, initiative: int | None = None) -> Entry:
    return Entry(character_id=character_id, initiative=initiative)


def npc(name: str, initiative: int | None = None) -> Entry:
    return Entry(name=name, initiative=initiative)
