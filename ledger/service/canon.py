"""Canon reads: the state at a position without what later rewinds voided
(docs/rules/audit.md)."""

from __future__ import annotations

from ledger.domain.errors import InvalidInput
from ledger.domain.state import CampaignState
from ledger.service.heads import HeadCache
from ledger.service.time_travel import TimeTravel


def canon_state_at(heads: HeadCache, travel: TimeTravel, campaign_id: str,
                   position: int) -> CampaignState:
    """At a canon position this is the recorded state: every rewind before it already
    replaced the state, and no rewind after it can void anything before it. At a voided
    position it is the state at the last canon position before it."""
    head = heads.state(campaign_id)
    if position > head.position:
        raise InvalidInput("position-out-of-range", f"no event at position {position}: "
                           f"the head is at {head.position}", field="at")
    canon = head.rewind.last_canon_at_or_before(position)
    return travel.state_at(campaign_id, canon if canon else position)
