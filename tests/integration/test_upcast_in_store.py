"""An old event stored long ago folds into today's state."""

from __future__ import annotations

import msgspec

from ledger.adapters.store.base import EventStore
from ledger.domain.campaign import create_campaign
from ledger.domain.chain import chain_hash
from ledger.domain.context import Actor
from ledger.domain.record import Record
from ledger.service.ledger import Ledger

GM = Actor(role="gm")


def test_a_stored_version_1_event_is_upcast_when_the_campaign_is_folded(
    ledger: Ledger, store: EventStore
) -> None:
    cid = ledger.execute("cmp_upcast", GM, create_campaign("Noir"), creating=True).campaign_id
    head = ledger.state(cid)
    data = msgspec.json.encode({"character_id": None, "changes": {"helpless_points": 7}})
    draft = Record(cid, 2, "SettingsChanged", 1, data, "2030-01-01T00:00:00.000000Z", "gm", None,
                   None, "cor_old", None, 0, 0, "")
    store.append([msgspec.structs.replace(draft, hash=chain_hash(head.head_hash, draft))])
    assert ledger.state(cid).settings.helpless_points == 7
    assert ledger.state_at(cid, 2).settings.helpless_points == 7
