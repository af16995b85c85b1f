"""Building campaign states with characters and items, and running commands on them."""

from __future__ import annotations

import itertools
from typing import Any

from ledger.domain import characters
from ledger.domain.clock import new_day, start_scene
from ledger.domain.context import Context
from ledger.domain.decision import Decide, run_decision
from ledger.domain.dice import ReportedDice
from ledger.domain.events import DomainEvent
from ledger.domain.items import objects as items
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.items import Item


class Table:
    """A campaign state that commands run against, one position per event."""

    def __init__(self) -> None:
        self.state = CampaignState(id="cmp_test", name="test")
        self._ids = itertools.count(1)

    def run(self, decide: Decide, dice: list[int] | None = None) -> list[DomainEvent]:
        ctx = Context(ReportedDice(dice or []), new_id=lambda p: f"{p}_{next(self._ids)}")

        def placed(event: DomainEvent) -> None:
            self.state.position += 1

        return run_decision(self.state, ctx, decide, on_applied=placed)

    def character(self, **sheet: Any) -> str:
        sheet.setdefault("name", "Mara")
        (event,) = self.run(characters.register_character(sheet))
        return event.character_id or ""

    def item(self, **spec: Any) -> str:
        spec.setdefault("name", "Knife")
        spec.setdefault("kind", "weapon")
        spec.setdefault("materials", [{"name": "steel"}])
        (event,) = self.run(items.register_item(spec))
        assert isinstance(event, items.ItemRegistered)
        return event.item.id

    def firearm(self, weapon_class: str = "revolver", damage: str = "2d6", **spec: Any) -> str:
        spec.setdefault("name", "Colt")
        firearm = {"weapon_class": weapon_class, "damage": damage}
        return self.item(kind="firearm", firearm=firearm | spec.pop("firearm", {}), **spec)

    def scene(self) -> None:
        self.run(start_scene)

    def new_day(self, *rested: str) -> list[DomainEvent]:
        return self.run(new_day(list(rested)))

    def ch(self, character_id: str) -> Character:
        return self.state.characters[character_id]

    def it(self, item_id: str) -> Item:
        return self.state.items[item_id]


def of_type(events: list[DomainEvent], cls: type[DomainEvent]) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]


MAGE = {"edges": ["Spellcaster"], "skills": {"cast": 1}, "modifiers": {"int": 1}}
SUMMONER = {"edges": ["Summoner"], "skills": {"summon": 1}, "modifiers": {"cha": 1}}
