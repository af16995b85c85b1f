"""Health lost to Backlash (002): "Damage or Conditions caused by Backlash
Consequences cannot be healed magically ... only with normal recovery times."

`BacklashState.harm` counts the Health a Consequence took and normal healing has
not yet restored. Magical healing that would restore any of it is refused (it
may restore the rest). Our reading: normal healing restores Backlash harm last,
so harm only shrinks once Health rises past max - harm. Conditions caused by
Backlash are refused by ledger/domain/conditions/recovery.py.
"""

from __future__ import annotations

from ledger.domain.context import Context
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.reactions import reacts_to
from ledger.domain.resources import Healed
from ledger.domain.state import CampaignState


class BacklashHarmRecovered(DomainEvent, frozen=True, kw_only=True):
    """Normal healing reached Health lost to Backlash: that much is no longer Backlash harm."""

    before: int
    after: int


@evolves(BacklashHarmRecovered)
def _harm_recovered(state: CampaignState, e: BacklashHarmRecovered) -> None:
    state.characters[e.character_id or ""].backlash.harm = e.after


@reacts_to(Healed)
def recover_harm(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """Normal healing that reaches the Health lost to Backlash recovers that much of it.
    (A magical heal never gets there: `resources.heal_event` refuses it.)"""
    assert isinstance(event, Healed)
    character = state.characters.get(event.character_id or "")
    if character is None or character.backlash.harm == 0:
        return []
    room = character.health.max - event.after
    if character.backlash.harm <= room:
        return []
    return [BacklashHarmRecovered(character_id=character.id, before=character.backlash.harm,
                                  after=max(0, room))]
