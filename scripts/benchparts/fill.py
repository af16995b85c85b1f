"""Fill a campaign with n events through the real write path (hash chain, checkpoints)."""

from __future__ import annotations

from ledger.domain.campaign import create_campaign
from ledger.domain.characters import register_character
from ledger.domain.context import Actor, Context
from ledger.domain.events import DomainEvent
from ledger.domain.resources import ResourceGained, ResourceSpent
from ledger.domain.state import CampaignState
from ledger.service.ledger import Ledger

GM = Actor(role="gm", token_id="bench")
PER_COMMAND = 400


def burst(character_id: str, count: int):  # type: ignore[no-untyped-def]
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        out: list[DomainEvent] = []
        for i in range(count):
            if i % 2 == 0:
                out.append(ResourceGained(character_id=character_id, resource="mana", amount=1,
                                          before=0, after=1, reason="bench"))
            else:
                out.append(ResourceSpent(character_id=character_id, resource="mana", amount=1,
                                         before=1, after=0, reason="bench"))
        return out

    return decide


def fill(ledger: Ledger, campaign_id: str, events: int) -> str:
    ledger.execute(campaign_id, GM, create_campaign("Bench"), creating=True)
    sheet = {"name": "Mara", "mana": {"current": 0, "max": 10}}
    character = ledger.execute(campaign_id, GM, register_character(sheet)).events[0].character_id
    assert character is not None
    left = events - 2
    while left > 0:
        count = min(PER_COMMAND, left)
        if count % 2:
            count = count - 1 if count > 1 else count
        ledger.execute(campaign_id, GM, burst(character, count))
        left -= count
    return character
