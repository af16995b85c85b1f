"""Building states and running Magic Test and Backlash decisions directly, without a store."""

from __future__ import annotations

import itertools
from typing import Any, TypeVar

import ledger.domain.all_rules  # noqa: F401  (registers every event, evolver, reaction and prelude)
from ledger.domain.characters import register_character
from ledger.domain.context import Actor, Context
from ledger.domain.decision import Decide, run_decision
from ledger.domain.events import DomainEvent
from ledger.domain.magic.commands import MakeMagicTest
from ledger.domain.magic.test import make_test
from ledger.domain.state import CampaignState, Character

E = TypeVar("E", bound=DomainEvent)
_ids = itertools.count(1)


class ScriptedDice:
    """Server-side dice whose values the test chooses; each is checked against its die."""

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)

    def draw(self, sides: int) -> int:
        if not self.values:
            raise AssertionError("the test scripted fewer dice than the rule rolled")
        value = self.values.pop(0)
        if not 1 <= value <= sides:
            raise AssertionError(f"{value} is not a d{sides} result")
        return value


def ctx(dice: list[int] | None = None) -> Context:
    return Context(ScriptedDice(dice or []), actor=Actor(role="gm"),
                   new_id=lambda prefix: f"{prefix}_{next(_ids)}")


def run(state: CampaignState, decide: Decide, dice: list[int] | None = None) -> list[DomainEvent]:
    """Run one command on `state` itself, with reactions (and settling, for an action)."""
    return run_decision(state, ctx(dice), decide)


def campaign(**settings: Any) -> CampaignState:
    state = CampaignState(id="cmp_magic")
    for name, value in settings.items():
        setattr(state.settings, name, value)
    return state


def mage(state: CampaignState, *, willpower: int = 3, mana: int = 10, **sheet: Any) -> str:
    """A caster whose magic ability is Willpower; returns the character's id."""
    full = {"name": "Mara", "abilities": {"Willpower": willpower}, "magic_ability": "Willpower",
            "focuses": ["Arcana"], "mana": {"current": mana, "max": max(mana, 10)}} | sheet
    events = run(state, register_character(full))
    return events[0].character_id or ""


def character(state: CampaignState, character_id: str) -> Character:
    return state.characters[character_id]


def only(events: list[DomainEvent], kind: type[E]) -> E:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]


def of_type(events: list[DomainEvent], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def cast(state: CampaignState, chid: str, dice: list[int] | None = None,
         prelude: bool = False, **request: Any) -> list[DomainEvent]:
    """A Magic Test; base TN 12 unless given. `prelude` runs it as the action it is (settling
    first); without it, only its decision runs."""
    request.setdefault("base_tn", 12)
    command = MakeMagicTest(character_id=chid, **request)
    return run(state, command if prelude else make_test(chid, command), dice)


def set_backlash(state: CampaignState, chid: str, temporary: int) -> None:
    """Test setup only: the character already carries this much temporary Backlash."""
    character(state, chid).backlash.temporary = temporary
