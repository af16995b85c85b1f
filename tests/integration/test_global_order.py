"""The global order: concurrent writers on different campaigns, a follower that never
misses, repeats or reorders an event."""

from __future__ import annotations

import threading
import time
import uuid

from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import GlobalCursor
from ledger.domain.campaign import create_campaign
from ledger.domain.characters import register_character
from ledger.domain.context import Actor
from ledger.domain.resources import gain
from ledger.service.ledger import Ledger
from tests.waiting import DEADLINE_SECONDS

GM = Actor(role="gm", token_id="tok-test")


def _campaign_with_character(ledger: Ledger) -> tuple[str, str]:
    created = ledger.execute(f"cmp_{uuid.uuid4().hex[:12]}", GM, create_campaign("Noir"), creating=True)
    cid = created.campaign_id
    registered = ledger.execute(cid, GM, register_character({"name": "Mara"}))
    character = registered.events[0].character_id
    assert character is not None
    return cid, character


def test_follower_sees_every_event_once_in_the_final_order_under_concurrent_writers(
    ledger: Ledger, store: EventStore
) -> None:
    campaigns = [_campaign_with_character(ledger) for _ in range(6)]
    seen: list[tuple[str, int]] = []
    done = threading.Event()

    expected = 6 * 42

    def follow() -> None:
        # Another transaction anywhere in the cluster may briefly hold the horizon back,
        # so the follower stops on the count, not on the first empty read.
        cursor, deadline = GlobalCursor(), time.monotonic() + DEADLINE_SECONDS
        while len(seen) < expected and time.monotonic() < deadline:
            page = store.read_global(cursor, 50)
            seen.extend((r.campaign_id, r.position) for r in page.records)
            if page.records:
                assert (page.end.tx, page.end.seq) > (cursor.tx, cursor.seq), "the cursor went back"
            else:
                assert page.end == cursor, "an empty page moved the cursor"
                time.sleep(0.01)
            cursor = page.end

    def write(cid: str, character: str) -> None:
        for _ in range(40):
            ledger.execute(cid, GM, gain(character, "mana", 1, "tick"))

    follower = threading.Thread(target=follow)
    follower.start()
    writers = [threading.Thread(target=write, args=c) for c in campaigns]
    for w in writers:
        w.start()
    for w in writers:
        w.join()
    done.set()
    follower.join(timeout=DEADLINE_SECONDS)

    whole = store.read_global(GlobalCursor(), 100_000)
    final = [(r.campaign_id, r.position) for r in whole.records]
    assert len(final) == expected
    assert not store.read_global(whole.end, 10).records, "the last page's end skipped nothing"
    assert len(set(seen)) == len(seen), "an event was delivered twice"
    assert seen == final, "the follower's order differs from the settled global order"
    for cid, _ in campaigns:
        positions = [p for c, p in seen if c == cid]
        assert positions == sorted(positions) == list(range(1, 43))
