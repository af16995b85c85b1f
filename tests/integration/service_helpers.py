"""A short campaign recorded through the façade, for the tests of the service's parts."""

from __future__ import annotations

from ledger.domain import characters, resources
from ledger.domain.campaign import create_campaign
from ledger.service.ledger import Ledger
from tests.integration.audit_helpers import GM


def spending(ledger: Ledger, events: int) -> tuple[str, str]:
    """`events` events: the campaign, Mara, then Mana spends and gains. Returns the campaign
    and Mara's id."""
    campaign_id = ledger.create_campaign(create_campaign("Mana Noir"), GM).campaign_id
    mara = ledger.execute(campaign_id, GM, characters.register_character(
        {"name": "Mara", "mana": {"current": 12, "max": 12}})).events[0].character_id or ""
    for n in range(events - 2):
        change = resources.gain if n % 2 else resources.spend
        ledger.execute(campaign_id, GM, change(mara, "mana", 1, f"step {n}"))
    return campaign_id, mara
