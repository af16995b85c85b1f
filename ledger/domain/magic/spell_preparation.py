"""Preparing spells (CWN 6.1.3.1) and what GET /spells shows.

- A mage prepares at most ceil(level / 2) + Cast spells: level 1 with Cast-1
  prepares two, level 10 with Cast-4 nine. Detect Target may be prepared more than
  once (for different targets); no other spell twice.
- Prepared spells change only when Effort refreshes in the morning. Our reading:
  a character may prepare before their first preparation, and then again once after
  each new day they rested through (NewDay.rested); a new day without rest changes
  nothing, as Effort does not refresh then either.
- The ledger does not track which spells a mage has learned: any name is accepted;
  listed spells are spelled as in the list.
"""

from __future__ import annotations

import msgspec

from ledger.domain.characters import require_alive
from ledger.domain.clock import NewDay
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.magic import spell_rules as rules
from ledger.domain.magic.effort import check_spellcaster_edge
from ledger.domain.state import CampaignState, Character


class SpellsPrepared(DomainEvent, frozen=True, kw_only=True):
    spells: list[str]
    limit: int
    day: int


class SpellPreparationOpened(DomainEvent, frozen=True, kw_only=True):
    day: int


@evolves(SpellsPrepared)
def _prepared(state: CampaignState, e: SpellsPrepared) -> None:
    spells = state.characters[e.character_id or ""].spells
    spells.prepared = list(e.spells)
    spells.prepared_day = e.day
    spells.can_prepare = False


@evolves(SpellPreparationOpened)
def _opened(state: CampaignState, e: SpellPreparationOpened) -> None:
    state.characters[e.character_id or ""].spells.can_prepare = True


def check_preparation(character: Character, spells: list[str]) -> int:
    check_spellcaster_edge(character)
    if not character.spells.can_prepare:
        raise RuleViolation("prepare-at-new-day",
                            f"{character.name} changes prepared spells only after a rested new day")
    limit = rules.preparation_limit(character)
    if len(spells) > limit:
        raise RuleViolation("too-many-prepared-spells",
                            f"{character.name} can prepare {limit} spells, not {len(spells)}",
                            field="spells")
    repeated = {s for s in spells if spells.count(s) > 1} - rules.PREPARED_MORE_THAN_ONCE
    if repeated:
        raise InvalidInput("spell-prepared-twice", f"{sorted(repeated)[0]} is listed twice",
                           field="spells")
    return limit


def prepare(character_id: str, spells: list[str]) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        names = [rules.canonical(s) for s in spells]
        limit = check_preparation(character, names)
        return [SpellsPrepared(character_id=character_id, spells=names, limit=limit,
                               day=state.clock.day)]

    return decide


def reopen_preparation(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    rested = event.rested if isinstance(event, NewDay) else []
    return [SpellPreparationOpened(character_id=ch.id, day=state.clock.day)
            for ch in state.characters.values()
            if ch.id in rested and not ch.spells.can_prepare]


class SpellSummary(msgspec.Struct):
    character_id: str
    prepared: list[str]
    limit: int
    can_prepare: bool
    prepared_day: int | None
    casts_this_scene: dict[str, int]
    effect_uses_today: dict[str, int]


def summary(character: Character, state: CampaignState) -> SpellSummary:
    spells, extras = character.spells, character.strain_extras
    return SpellSummary(
        character.id, list(spells.prepared), rules.preparation_limit(character),
        spells.can_prepare, spells.prepared_day,
        {s: rules.casts_this_scene(character, state, s) for s in extras.uses_this_scene},
        {s: rules.uses_today(character, state, s) for s in extras.uses_today},
    )
