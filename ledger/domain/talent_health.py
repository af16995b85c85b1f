"""Warrior Novice: "You gain +5 Health" (Mana Noir, "Talents"; docs/rules/talents.md).

Applied when it is decided, not derived when read, so a position keeps the Health it had:
a sheet's `health` is the character's own, and the ledger records the talent's part on top
of it as its own event (`TalentHealthChanged`), after the registration, sheet edit or
correction that gave or took the talent. Our readings:
- The bonus raises maximum and current Health alike (the character "gains" Health);
  losing the talent takes both back, current never below 0.
- A sheet edit or registration that sets `health` sets it without the bonus, which is
  then added again. A GM correction of `health.*` sets the value as it stands: the bonus
  already counted stays counted.
- Sheets recorded before this rule keep their Health until their talents (or their sheet
  Health) are next written; other edits and corrections leave it.
"""

from __future__ import annotations

from ledger.domain.characters import CharacterRegistered, Corrected, SheetUpdated
from ledger.domain.context import Context
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState, Character
from ledger.domain.stunts.talents import has

WARRIOR_HEALTH = 5
SOURCE = "Warrior Novice"


class TalentHealthChanged(DomainEvent, frozen=True, kw_only=True):
    """The Health a talent adds, now `bonus` (was `bonus_before`), and the pool it left."""

    talent: str
    bonus: int
    bonus_before: int
    max_before: int
    max_after: int
    current_before: int
    current_after: int


@evolves(TalentHealthChanged)
def _talent_health(state: CampaignState, e: TalentHealthChanged) -> None:
    character = state.characters[e.character_id or ""]
    character.talent_health = e.bonus
    character.health.max = e.max_after
    character.health.current = e.current_after


def talent_health(character: Character) -> int:
    """The Health the character's talents add (Warrior Novice or above: +5)."""
    return WARRIOR_HEALTH if has(character, "Warrior", "novice") else 0


GRADED = ("talents", "specializations")


def _touches_talents(event: DomainEvent) -> bool:
    """Only a write of the talents (or of Health on the sheet) moves the bonus, so a sheet
    recorded before this rule keeps its Health through edits of anything else."""
    if isinstance(event, SheetUpdated):
        return any(k in event.changes for k in (*GRADED, "health"))
    if isinstance(event, Corrected):
        return event.field.split(".")[0] in GRADED
    return isinstance(event, CharacterRegistered)


def health_follows_the_talents(state: CampaignState, event: DomainEvent,
                               ctx: Context) -> list[DomainEvent]:
    """After a sheet is written: record the change in what Warrior Novice adds, if any."""
    character = state.characters.get(event.character_id or "")
    if character is None or not _touches_talents(event):
        return []
    counted = character.talent_health
    if isinstance(event, CharacterRegistered) or (
            isinstance(event, SheetUpdated) and "health" in event.changes):
        counted = 0  # the pool was just set from the sheet, without the bonus
    wanted = talent_health(character)
    delta = wanted - counted
    if delta == 0 and counted == character.talent_health:
        return []
    pool = character.health
    return [TalentHealthChanged(
        character_id=character.id, talent=SOURCE, bonus=wanted,
        bonus_before=character.talent_health, max_before=pool.max,
        max_after=max(0, pool.max + delta), current_before=pool.current,
        current_after=max(0, pool.current + delta))]
