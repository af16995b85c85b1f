"""What a dishonest operator can do with the database and the server key: rewrite an event,
recompute every hash after it and throw the Merkle tree away to be rebuilt. Tests use it to
show that a witness holding an earlier signed tree head still catches the rewrite."""

from __future__ import annotations

import msgspec

from ledger.adapters.store.base import EventStore
from ledger.domain.chain import GENESIS, chain_hash


def rewrite_event(store: EventStore, campaign_id: str, position: int) -> None:
    previous = GENESIS
    with store.transaction(write=True) as c:
        for record in store.read(campaign_id):
            if record.position == position:
                data = {**msgspec.json.decode(record.data), "forged": True}
                record = msgspec.structs.replace(record, data=msgspec.json.encode(data))
            fixed = msgspec.structs.replace(record, hash=chain_hash(previous, record))
            previous = fixed.hash
            c.execute(store.q("UPDATE ledger_events SET data=?, hash=? WHERE campaign_id=? "
                              "AND position=?"),
                      (fixed.data, fixed.hash, campaign_id, fixed.position))
        c.execute(store.q("DELETE FROM ledger_tree_nodes WHERE campaign_id=?"), (campaign_id,))
    store.__dict__.pop("tree", None)  # the server restarts: no cached nodes
