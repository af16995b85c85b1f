"""Mana recovery by rate: a campaign setting, none by default (docs/rules/magic-test.md).

The texts fix no rate at which Mana returns, and missing rules are input: by default
(`mana_recovery = "none"`, for new and existing campaigns) Mana comes back only when
a gain is recorded. A campaign may set a rate instead:
- "new-day": every living character with a Mana pool gains `mana_recovery_amount`
  at each new day;
- "rest": only the characters who rested through the new day gain it.
Each such gain is an ordinary Mana gain: Limited Mana Recovery applies to it.
"""

from __future__ import annotations

from ledger.domain.clock import NewDay
from ledger.domain.context import Context
from ledger.domain.events import DomainEvent
from ledger.domain.reactions import reacts_to
from ledger.domain.resources import gain_events
from ledger.domain.state import CampaignState


@reacts_to(NewDay)
def recover_mana_by_rate(
    state: CampaignState, event: DomainEvent, ctx: Context
) -> list[DomainEvent]:
    settings = state.settings
    if not isinstance(event, NewDay) or settings.mana_recovery == "none":
        return []
    out: list[DomainEvent] = []
    for ch in state.characters.values():
        if ch.dead or ch.mana.max <= 0 or ch.mana.current >= ch.mana.max:
            continue
        if settings.mana_recovery == "rest" and ch.id not in event.rested:
            continue
        out.extend(gain_events(ch, "mana", settings.mana_recovery_amount,
                               f"Mana recovery per {settings.mana_recovery} (day {event.day})"))
    return out
