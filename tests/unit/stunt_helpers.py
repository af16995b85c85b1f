"""A unit table for spending Stunt Points: Table (tests/unit/effort_helpers.py) that keeps each
recorded event by position, so a command can read a roll back as the service's store does."""

from __future__ import annotations

from typing import Any

from ledger.domain.context import Actor, Earlier
from ledger.domain.decision import Decide
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState
from ledger.domain.stunts.attacks import attack
from tests.unit.effort_helpers import GM, Table
from tests.unit.harness import context, run

SHEET = {"abilities": {"willpower": 2, "communication": 3, "strength": 1, "fighting": 2},
         "focuses": ["Persuasion"]}


class StuntTable(Table):
    def __init__(self) -> None:
        super().__init__()
        self.log: dict[int, Earlier] = {}

    def do(self, decide: Decide, dice: list[int] | None = None, actor: Actor = GM) -> list[Any]:
        def stamp(state: CampaignState, event: DomainEvent) -> None:
            self.log[state.position] = Earlier(event, state.clock.session)

        return run(self.state, decide, context(dice, actor, earlier=self.log.get), stamp)

    def fighter(self, name: str) -> str:
        return self.character(name, **SHEET)

    def attack(self, by: str, dice: list[int], *, kind: str = "attack", tn: int = 10,
               target: str | None = None) -> int:
        """An attack roll with reported dice; answers the Rolled event's position."""
        events = self.do(attack(by, kind, ability="willpower", focus=None, modifier=0, tn=tn,
                                reported=dice, label="", target=target))
        return int(next(e for e in events if type(e).__name__ == "AttackRolled").roll_position)
