"""A table for unit tests of Effort, spells, Strain and the Stunt Pool: no store, real rules.

`Table.do` runs a decision the way the service does (preludes, reactions, and each
event given the next position before its reactions run) on the table's own state.
"""

from __future__ import annotations

import itertools
from typing import Any

import ledger.domain.all_rules  # noqa: F401  (registers every event, evolver and reaction)
from ledger.domain import clock
from ledger.domain.characters import register_character
from ledger.domain.context import Actor, Context
from ledger.domain.decision import Decide, run_decision
from ledger.domain.dice import ReportedDice
from ledger.domain.events import DomainEvent
from ledger.domain.magic import spell_preparation
from ledger.domain.rolls import age_test
from ledger.domain.state import CampaignState, Character

GM = Actor(role="gm")


class FixedSeeds:
    """Dice epochs for session starts and ends; the values do not matter to these rules."""

    def commit_new(self, epoch: int) -> str:
        return f"commitment-{epoch}"

    def reveal(self, epoch: int) -> str:
        return f"seed-{epoch}"


def player(character_id: str) -> Actor:
    return Actor(role="player", token_id="tok", character_id=character_id)


class Table:
    def __init__(self) -> None:
        self.state = CampaignState(id="cmp_test")
        self._ids = itertools.count(1)

    def ctx(self, dice: list[int] | None = None, actor: Actor = GM) -> Context:
        return Context(ReportedDice(dice or []), actor=actor, seeds=FixedSeeds(),
                       new_id=lambda prefix: f"{prefix}_{next(self._ids)}")

    def do(self, decide: Decide, dice: list[int] | None = None, actor: Actor = GM) -> list[Any]:
        def positioned(event: DomainEvent) -> None:
            self.state.position += 1

        return run_decision(self.state, self.ctx(dice, actor), decide, on_applied=positioned)

    def character(self, name: str = "Mara", **sheet: Any) -> str:
        (event,) = self.do(register_character({"name": name, **sheet}))
        return event.character_id or ""

    def mage(self, name: str = "Mara", *, cast: int = 1, int_mod: int = 1, level: int = 1,
             prepared: tuple[str, ...] = (), **sheet: Any) -> str:
        sheet.setdefault("attributes", {"con": 12})
        sheet.setdefault("strain", {"current": 0, "permanent": 0, "max": 12})
        character_id = self.character(name, level=level, skills={"cast": cast},
                                      modifiers={"int": int_mod, "con": 0}, edges=["Spellcaster"],
                                      **sheet)
        if prepared:
            self.do(spell_preparation.prepare(character_id, list(prepared)), character_id)
        return character_id

    def get(self, character_id: str) -> Character:
        return self.state.characters[character_id]

    def scene(self) -> None:
        self.do(clock.start_scene)

    def end_scene(self) -> None:
        self.do(clock.end_scene)

    def new_day(self, *rested: str) -> None:
        self.do(clock.new_day(list(rested)))

    def start_session(self) -> None:
        self.do(clock.start_session)

    def end_session(self) -> None:
        self.do(clock.end_session)

    def roll(self, character_id: str, dice: list[int], *, tn: int = 10,
             active: bool = True) -> int:
        """An AGE test with reported dice; answers the Rolled event's position."""
        before = self.state.position
        self.do(age_test(character_id, ability="willpower", tn=tn, active=active, reported=dice))
        return before + 1


def of_type(events: list[DomainEvent], name: str) -> list[Any]:
    return [e for e in events if type(e).__name__ == name]
