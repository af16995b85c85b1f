"""CWN System Strain: a current value, a permanent part and a maximum; overcast collapse.

Rules (001 6.1.3.3, 6.4 and the README's "Effort and System Strain"):
- Character.strain holds `current`, `permanent` (linked items and the like; it
  counts inside `current`) and `max` (a sheet value: the Constitution score in CWN).
- Gaining Strain is never refused, since it spends nothing: `current` may pass the
  maximum and the event says so (`over_max`). Only overcasting attaches a
  consequence to that (below).
- Recovery is input (the text gives no rate): `current` drops by the amount given,
  never below the permanent part.
- A permanent point added (an item linked) raises both `current` and `permanent`;
  a permanent point removed (the link ends) stays in `current` and heals as ordinary
  Strain.
- Overcasting Strain that puts the caster above the maximum: unconscious for an
  hour, waking with 1 hit point. Our reading: hit points become 1 at once, and the
  caster wakes when game time reaches the hour or at the next new day.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from ledger.domain.characters import require_alive
from ledger.domain.clock import NewDay
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.events import DomainEvent, evolves, upcaster
from ledger.domain.state import CampaignState, Character

COLLAPSE_MINUTES = 60


class StrainGained(DomainEvent, frozen=True, kw_only=True):
    amount: int
    before: int
    after: int
    max: int
    over_max: bool
    reason: str
    source: str = ""  # "spell:Blast", "overcast", "effect:Haste"... empty for a direct gain


class StrainRecovered(DomainEvent, frozen=True, kw_only=True):
    requested: int
    amount: int
    before: int
    after: int
    permanent: int
    reason: str


class PermanentStrainChanged(DomainEvent, frozen=True, kw_only=True):
    delta: int
    before: int
    after: int
    permanent_before: int
    permanent_after: int
    reason: str


class OvercastCollapsed(DomainEvent, frozen=True, kw_only=True):
    """Overcasting put the caster above their maximum Strain: out for an hour, at 1 HP."""

    strain: int
    max: int
    health_before: int
    health_after: int
    until_minute: int


class CollapseEnded(DomainEvent, frozen=True, kw_only=True):
    """Version 2 records whether another cause of unconsciousness still holds (a stun or
    Unconscious Condition knockout, a Gritty dying one): then the character stays out.
    Version 1 always woke the character, and reads so."""

    version: ClassVar[int] = 2
    why: str  # "hour-passed" or "new-day"
    still_unconscious: bool = False


@upcaster("CollapseEnded", 1)
def _collapse_ended_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "still_unconscious": False}


@evolves(StrainGained)
def _gained(state: CampaignState, e: StrainGained) -> None:
    state.characters[e.character_id or ""].strain.current = e.after


@evolves(StrainRecovered)
def _recovered(state: CampaignState, e: StrainRecovered) -> None:
    state.characters[e.character_id or ""].strain.current = e.after


@evolves(PermanentStrainChanged)
def _permanent(state: CampaignState, e: PermanentStrainChanged) -> None:
    strain = state.characters[e.character_id or ""].strain
    strain.current = e.after
    strain.permanent = e.permanent_after


@evolves(OvercastCollapsed)
def _collapsed(state: CampaignState, e: OvercastCollapsed) -> None:
    character = state.characters[e.character_id or ""]
    character.unconscious = True
    character.health.current = e.health_after
    character.strain_extras.unconscious_until = e.until_minute


@evolves(CollapseEnded)
def _woke(state: CampaignState, e: CollapseEnded) -> None:
    character = state.characters[e.character_id or ""]
    character.unconscious = e.still_unconscious
    character.strain_extras.unconscious_until = None


def gain_event(character: Character, amount: int, reason: str, source: str = "",
               before: int | None = None) -> StrainGained:
    """`before` lets one decision chain several gains to the same character."""
    start = character.strain.current if before is None else before
    after = start + amount
    return StrainGained(character_id=character.id, amount=amount, before=start, after=after,
                        max=character.strain.max, over_max=after > character.strain.max,
                        reason=reason, source=source)


def gain_events(state: CampaignState, gains: list[tuple[str, int, str]],
                reason: str) -> list[StrainGained]:
    """Several (character id, amount, source) gains in order, each from the last one's value."""
    running: dict[str, int] = {}
    out: list[StrainGained] = []
    for character_id, amount, source in gains:
        if amount <= 0:
            continue
        character = state.characters[character_id]
        event = gain_event(character, amount, reason, source, running.get(character_id))
        running[character_id] = event.after
        out.append(event)
    return out


def recover_event(character: Character, amount: int, reason: str) -> StrainRecovered:
    strain = character.strain
    after = max(strain.permanent, strain.current - amount)
    return StrainRecovered(character_id=character.id, requested=amount,
                           amount=strain.current - after, before=strain.current, after=after,
                           permanent=strain.permanent, reason=reason)


def permanent_event(character: Character, delta: int, reason: str) -> PermanentStrainChanged:
    """+n: n permanent points (current rises too); -n: n points stop being permanent."""
    strain = character.strain
    permanent_after = max(0, strain.permanent + delta)
    after = strain.current + max(0, delta)
    return PermanentStrainChanged(character_id=character.id, delta=delta, before=strain.current,
                                  after=after, permanent_before=strain.permanent,
                                  permanent_after=permanent_after, reason=reason)


def collapse_event(
    state: CampaignState, character: Character, strain_after: int
) -> OvercastCollapsed:
    return OvercastCollapsed(character_id=character.id, strain=strain_after,
                             max=character.strain.max, health_before=character.health.current,
                             health_after=1, until_minute=state.clock.minutes + COLLAPSE_MINUTES)


def gain(character_id: str, amount: int, reason: str) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        return [gain_event(require_alive(state, character_id), amount, reason)]

    return decide


def recover(character_id: str, amount: int, reason: str) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        return [recover_event(require_alive(state, character_id), amount, reason)]

    return decide


def end_collapses(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    why = "new-day" if isinstance(event, NewDay) else "hour-passed"
    return [CollapseEnded(character_id=ch.id, why=why, still_unconscious=bool(ch.knockouts))
            for ch in state.characters.values()
            if ch.strain_extras.unconscious_until is not None
            and (why == "new-day" or state.clock.minutes >= ch.strain_extras.unconscious_until)]


class StrainSummary(msgspec.Struct):
    character_id: str
    current: int
    permanent: int
    max: int
    recoverable: int
    over_max: bool
    unconscious_until: int | None


def summary(character: Character) -> StrainSummary:
    s = character.strain
    return StrainSummary(character.id, s.current, s.permanent, s.max,
                         max(0, s.current - s.permanent), s.current > s.max,
                         character.strain_extras.unconscious_until)
