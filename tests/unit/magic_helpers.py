"""Building states for Magic Test and Backlash tests; commands run through tests/unit/harness.py."""

from __future__ import annotations

from typing import Any, TypeVar

from ledger.domain.characters import register_character
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.events import DomainEvent
from ledger.domain.magic.commands import MakeMagicTest
from ledger.domain.magic.test import make_test
from ledger.domain.state import CampaignState, Character
from tests.unit import harness
from tests.unit.harness import context

E = TypeVar("E", bound=DomainEvent)


def ctx(dice: list[int] | None = None) -> Context:
    return context(dice, scripted=True)


def run(state: CampaignState, decide: Decide, dice: list[int] | None = None) -> list[DomainEvent]:
    """Run one command on `state` itself, with reactions (and settling, for an action)."""
    return harness.run(state, decide, ctx(dice))


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
         settling: bool = False, **request: Any) -> list[DomainEvent]:
    """A Magic Test; base TN 12 unless given. `settling` runs it as the action it is (settling
    first); without it, only its decision runs."""
    request.setdefault("base_tn", 12)
    command = MakeMagicTest(character_id=chid, **request)
    return run(state, command if settling else make_test(chid, command), dice)


def set_backlash(state: CampaignState, chid: str, temporary: int) -> None:
    """Test setup only: the character already carries this much temporary Backlash."""
    character(state, chid).backlash.temporary = temporary
