"""Game time inside an encounter (docs/rules/encounters.md, "Game time").

- Time is the encounter's start plus rounds times the round's length (the campaign setting
  `round_seconds`, 6 by default): round n starts n - 1 rounds after the start, and an
  encounter that ends in round n has lasted n rounds.
- The clock counts whole minutes (`Clock.minutes`) and now carries the seconds past them
  (`Clock.seconds`, set only by rounds). A round that takes the clock into a new minute
  records the existing `TimeAdvanced` for the whole minutes crossed, so every rule that
  watches game time (stun unconsciousness, an overcasting collapse, an immediate
  spirit's hour) is checked at that turn, exactly as an advance by the GM is.
- Rounding: minutes are floored, seconds carried; an effect measured in minutes ends at
  the first round that reaches its minute. A GM's advance in minutes keeps the seconds.
"""

from __future__ import annotations

from ledger.domain.clock import TimeAdvanced
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState


def after_a_round(state: CampaignState) -> tuple[int, int, list[DomainEvent]]:
    """Minute and second one round from now, and the advance of whole minutes it records."""
    assert state.encounter is not None
    clock = state.clock
    total = clock.minutes * 60 + clock.seconds + state.encounter.round_seconds
    minute, second = divmod(total, 60)
    crossed = minute - clock.minutes
    advance: list[DomainEvent] = (
        [TimeAdvanced(minutes=crossed, before=clock.minutes, after=minute)] if crossed else [])
    return minute, second, advance
