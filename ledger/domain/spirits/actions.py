"""Dismissing, calling, dispelling, damaging and fading spirits (CWN 6.2.3, 6.2.4, 6.2.6).

Rules:
- Only ritual spirits can be dismissed and called, by their summoner, while held.
  A dismissed spirit still holds its summoning Effort.
- The summoner dispels a spirit they hold and can see (so not a dismissed one);
  its Effort returns at the first new day after.
- Damage takes a spirit's hit points down, never below 0; at 0 it is destroyed
  and its summoning Effort (if still held) returns at the first new day after.
  Damage reaches a dismissed spirit too: time and effects go on for it.
- An uncontrolled spirit that finds no sympathetic energy fades away (GM).
"""

from __future__ import annotations

from ledger.domain.characters import require_able
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.spirits.common import (
    check_active,
    check_held,
    check_present,
    release_effort,
    require_spirit,
)
from ledger.domain.spirits.events import (
    SpiritCalled,
    SpiritDamaged,
    SpiritDestroyed,
    SpiritDismissed,
    SpiritDispelled,
    SpiritEvent,
    SpiritFaded,
)
from ledger.domain.state import CampaignState
from ledger.domain.state.spirits import Spirit


def check_ritual(spirit: Spirit) -> None:
    if spirit.mode != "ritual":
        raise RuleViolation("immediate-spirits-stay", "spirits beckoned with immediate "
                            "summoning cannot be called or dismissed")


def _ritual_move(spirit_id: str, start: str, event: type[SpiritEvent], refusal: str) -> Decide:
    """Dismiss (present -> dismissed) or call (dismissed -> present) a held ritual spirit."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        spirit = require_spirit(state, spirit_id)
        require_able(state, spirit.summoner_id)  # dismissing and calling are the summoner's acts
        check_ritual(spirit)
        check_held(spirit)
        if spirit.status != start:
            raise RuleViolation(refusal, f"spirit {spirit.id} is {spirit.status}")
        return [event(character_id=spirit.summoner_id, spirit_id=spirit.id)]

    return decide


def dismiss(spirit_id: str) -> Decide:
    return _ritual_move(spirit_id, "present", SpiritDismissed, "spirit-already-dismissed")


def call(spirit_id: str) -> Decide:
    return _ritual_move(spirit_id, "dismissed", SpiritCalled, "spirit-already-present")


def dispel(spirit_id: str) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        spirit = require_spirit(state, spirit_id)
        require_able(state, spirit.summoner_id)  # the summoner's act, like dismissing
        check_held(spirit)
        check_present(spirit, "dispel")
        return [SpiritDispelled(character_id=spirit.summoner_id, spirit_id=spirit.id,
                                reason="dispelled"), *release_effort(state, spirit)]

    return decide


def damage_events(state: CampaignState, spirit: Spirit, amount: int, reason: str,
                  ) -> list[DomainEvent]:
    """Hit points stop at 0; a spirit at 0 is destroyed and releases its Effort."""
    after = max(0, spirit.hit_points - amount)
    events: list[DomainEvent] = [SpiritDamaged(
        character_id=spirit.summoner_id, spirit_id=spirit.id, amount=amount,
        before=spirit.hit_points, after=after, reason=reason)]
    if after == 0:
        events.append(SpiritDestroyed(character_id=spirit.summoner_id, spirit_id=spirit.id))
        events.extend(release_effort(state, spirit))
    return events


def damage(spirit_id: str, amount: int, reason: str = "") -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        spirit = require_spirit(state, spirit_id)
        check_active(spirit)
        if amount < 1:
            raise InvalidInput("damage-amount", "damage is at least 1", field="amount")
        return damage_events(state, spirit, amount, reason)

    return decide


def fade(spirit_id: str, reason: str = "") -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        spirit = require_spirit(state, spirit_id)
        if spirit.status != "uncontrolled":
            raise RuleViolation("only-uncontrolled-spirits-fade",
                                f"spirit {spirit.id} is {spirit.status}, not uncontrolled")
        return [SpiritFaded(character_id=spirit.summoner_id, spirit_id=spirit.id, reason=reason)]

    return decide
