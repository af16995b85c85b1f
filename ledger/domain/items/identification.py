"""Identifying magic items (001 6.4.1; the README's "Identification").

- If the item has a minimum magic skill for its use, that skill at that level is
  needed to identify it; otherwise anyone with Cast-0 or Summon-0 can.
- It takes a day's study. Our reading: the identify command records the study
  beginning on the current day, and the next new day (the GM's NewDay) completes
  it with an ItemIdentified for that day. A character who dies first abandons it.
"""

from __future__ import annotations

from ledger.domain.characters import require_alive
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.items.objects import check_magical, require_item
from ledger.domain.magic.effort import skill
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.items import Identification, Item, Study


class ItemIdentificationBegun(DomainEvent, frozen=True, kw_only=True):
    item_id: str
    day: int
    basis: str  # "minimum-skill" or "cast-or-summon-0"


class ItemIdentified(DomainEvent, frozen=True, kw_only=True):
    item_id: str
    day: int
    began_day: int


class ItemIdentificationAbandoned(DomainEvent, frozen=True, kw_only=True):
    item_id: str
    why: str


def _drop_study(item: Item, character_id: str) -> None:
    item.studies = [s for s in item.studies if s.character != character_id]


@evolves(ItemIdentificationBegun)
def _begun(state: CampaignState, e: ItemIdentificationBegun) -> None:
    state.items[e.item_id].studies.append(Study(character=e.character_id or "", began_day=e.day,
                                                began_at=state.position + 1, basis=e.basis))


@evolves(ItemIdentified)
def _identified(state: CampaignState, e: ItemIdentified) -> None:
    item = state.items[e.item_id]
    _drop_study(item, e.character_id or "")
    item.identified.append(Identification(character=e.character_id or "", day=e.day,
                                          position=state.position + 1))


@evolves(ItemIdentificationAbandoned)
def _abandoned(state: CampaignState, e: ItemIdentificationAbandoned) -> None:
    _drop_study(state.items[e.item_id], e.character_id or "")


def identification_basis(item: Item, character: Character) -> str:
    """The minimum skill when the item has one, else Cast-0 or Summon-0."""
    if item.min_skill is not None:
        needed = item.min_skill
        if skill(character, needed.skill) < needed.level:
            raise RuleViolation(
                "identification-needs-minimum-skill",
                f"{item.name} needs {needed.skill.title()}-{needed.level} to identify",
                field="character_id")
        return "minimum-skill"
    if skill(character, "cast") < 0 and skill(character, "summon") < 0:
        raise RuleViolation("identification-needs-cast-or-summon-0",
                            f"{character.name} has neither Cast-0 nor Summon-0",
                            field="character_id")
    return "cast-or-summon-0"


def check_can_study(item: Item, character: Character) -> None:
    check_magical(item)
    if any(i.character == character.id for i in item.identified):
        raise RuleViolation("already-identified", f"{character.name} already identified "
                            f"{item.name}")
    if any(s.character == character.id for s in item.studies):
        raise RuleViolation("identification-under-way", f"{character.name} is already "
                            f"studying {item.name}; it completes at the next new day")


def identify(item_id: str, character_id: str) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        item = require_item(state, item_id)
        character = require_alive(state, character_id)
        check_can_study(item, character)
        basis = identification_basis(item, character)
        return [ItemIdentificationBegun(character_id=character.id, item_id=item.id,
                                        day=state.clock.day, basis=basis)]

    return decide


def complete_studies(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """A day's study is done at the new day that follows it."""
    return [ItemIdentified(character_id=s.character, item_id=item.id, day=state.clock.day,
                           began_day=s.began_day)
            for item in state.items.values() for s in item.studies]


def abandon_studies_of_the_dead(state: CampaignState, event: DomainEvent,
                                ctx: Context) -> list[DomainEvent]:
    return [ItemIdentificationAbandoned(character_id=s.character, item_id=item.id,
                                        why="character-died")
            for item in state.items.values() for s in item.studies
            if s.character == event.character_id]
