"""Permanent Backlash (002), derived from the sheet whenever the sheet changes.

Rules: "If the source is permanent, such as buying your Ability to superhuman
levels, you will gain +1 Permanent Backlash for every 5 points of Ability."
Our reading: each ability above 5 gives +1 per full 5 points of its score (6 to
9 give 1, 10 to 14 give 2). The Disbelief trait gives +1. Permanent Backlash
counts in the total and is never spent. A temporary superhuman source gives +1
temporary Backlash instead (ledger/domain/magic/backlash.py, `superhuman_use`). A GM
correction of `backlash.permanent` stands until the abilities or traits change.
"""

from __future__ import annotations

from ledger.domain.characters import CharacterRegistered, Corrected, SheetUpdated
from ledger.domain.context import Context
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.reactions import reacts_to
from ledger.domain.state import CampaignState, Character

HUMAN_LIMIT = 5
POINTS_PER_PERMANENT = 5
DISBELIEF = "disbelief"


class PermanentBacklashChanged(DomainEvent, frozen=True, kw_only=True):
    """The sheet changed what permanent Backlash the character carries."""

    before: int
    after: int
    sources: list[str]
    at_registration: bool = False


@evolves(PermanentBacklashChanged)
def _permanent(state: CampaignState, e: PermanentBacklashChanged) -> None:
    backlash = state.characters[e.character_id or ""].backlash
    backlash.permanent = e.after
    backlash.permanent_sources = list(e.sources)


def permanent_backlash(character: Character) -> tuple[int, list[str]]:
    """+1 per 5 points of each ability above 5; +1 for Disbelief. Returns amount, sources."""
    sources: list[str] = []
    amount = 0
    for name, value in sorted(character.abilities.items()):
        if value > HUMAN_LIMIT:
            points = value // POINTS_PER_PERMANENT
            amount += points
            sources.append(f"{name} {value}: +{points}")
    if any(trait.strip().lower() == DISBELIEF for trait in character.traits):
        amount += 1
        sources.append("Disbelief: +1")
    return amount, sources


@reacts_to(CharacterRegistered, SheetUpdated, Corrected)
def derive_permanent(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    if isinstance(event, Corrected) and not event.field.startswith(("abilities", "traits")):
        return []
    character = state.characters.get(event.character_id or "")
    if character is None:
        return []
    amount, sources = permanent_backlash(character)
    if (amount, sources) == (character.backlash.permanent, character.backlash.permanent_sources):
        return []
    return [PermanentBacklashChanged(
        character_id=character.id, before=character.backlash.permanent, after=amount,
        sources=sources, at_registration=isinstance(event, CharacterRegistered))]
