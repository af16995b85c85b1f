"""The feed hub: one change source per process, one read per campaign per wake-up, and
subscribers that get every event once, in order, whether live or catching up."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator

import pytest

import api.feed_subscription
from api.feed import FeedClosedError, FeedFullError, FeedHub, HolderFullError, Subscription
from api.feed_wake import change_source
from ledger.adapters.store.base import EventStore
from ledger.adapters.store.pg_notifier import PAYLOAD_LIMIT, decode_payload, encode_payloads
from ledger.domain.campaign import create_campaign
from ledger.domain.characters import register_character
from ledger.domain.context import Actor
from ledger.domain.record import Record
from ledger.domain.resources import gain
from ledger.domain.state.audit import RewindState
from ledger.service.ledger import Ledger
from tests.waiting import DEADLINE_SECONDS, wait_until

GM = Actor(role="gm")


def _campaign(ledger: Ledger) -> tuple[str, str]:
    cid = ledger.execute(f"cmp_{uuid.uuid4().hex[:12]}", GM, create_campaign("Noir"),
                         creating=True).campaign_id
    character = ledger.execute(cid, GM, register_character({"name": "Mara"})).events[0]
    return cid, str(character.character_id)


def _gains(ledger: Ledger, cid: str, character: str, count: int) -> None:
    for _ in range(count):
        ledger.execute(cid, GM, gain(character, "mana", 1, "tick"))


@pytest.fixture
def hub(store: EventStore) -> Iterator[FeedHub]:
    built = FeedHub(store, change_source(store, poll_seconds=0.05, sweep_seconds=60),
                    capacity=100)
    yield built
    built.close(wait=2.0)


def _collect(sub: Subscription, until: int, timeout: float = DEADLINE_SECONDS) -> list[int]:
    seen: list[int] = []
    deadline = time.monotonic() + timeout
    while (not seen or seen[-1] < until) and time.monotonic() < deadline:
        seen.extend(r.position for r in sub.next_batch(0.5))
    return seen


def test_a_subscriber_catches_up_then_follows_live_events_in_order(
        ledger: Ledger, hub: FeedHub) -> None:
    cid, mara = _campaign(ledger)
    _gains(ledger, cid, mara, 5)
    sub = hub.subscribe(cid, after=3)
    writer = threading.Thread(target=_gains, args=(ledger, cid, mara, 20))
    writer.start()
    seen = _collect(sub, until=27)
    writer.join()
    assert seen == list(range(4, 28))


def test_events_from_another_process_wake_the_hub(
        ledger: Ledger, hub: FeedHub, store: EventStore, store_config: object) -> None:
    from tests.conftest import SECRET_KEY, make_store

    cid, mara = _campaign(ledger)
    sub = hub.subscribe(cid, after=2)
    other_store = make_store(store_config)  # type: ignore[arg-type]
    other = Ledger(other_store, ledger.box)
    assert ledger.box.server_key == bytes.fromhex(SECRET_KEY)
    _gains(other, cid, mara, 3)  # appends the hub's own store never saw
    assert _collect(sub, until=5) == [3, 4, 5]
    other_store.close()


def test_many_subscribers_cost_one_read_per_campaign_per_wake_up(
        ledger: Ledger, hub: FeedHub, store: EventStore) -> None:
    cid, mara = _campaign(ledger)
    subs = [hub.subscribe(cid, after=2) for _ in range(40)]
    for sub in subs:
        assert sub.next_batch(0.01) == []  # caught up (one store read each, at connect)
    reads: list[str] = []
    original = store.read

    def counting_read(campaign_id: str, *args: object, **kwargs: object) -> object:
        reads.append(campaign_id)
        return original(campaign_id, *args, **kwargs)  # type: ignore[arg-type]

    store.read = counting_read  # type: ignore[method-assign, assignment]
    try:
        ledger.execute(cid, GM, gain(mara, "mana", 1, "tick"))
        got = [_collect(sub, until=3) for sub in subs]
    finally:
        del store.read
    assert got == [[3]] * 40
    # The hub's reads (one per wake-up: the append, a late notification, a sweep or a few
    # on a loaded machine), never one per subscriber (40).
    assert 1 <= reads.count(cid) <= 10


def test_a_subscriber_that_fell_behind_catches_up_from_the_store(
        ledger: Ledger, hub: FeedHub, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api.feed_subscription, "QUEUE_LIMIT", 2)
    cid, mara = _campaign(ledger)
    sub = hub.subscribe(cid, after=0)
    assert [r.position for r in sub.next_batch(0.01)] == [1, 2]
    offered: list[int] = []
    offer = sub.offer

    def counted(records: list[Record], voids: RewindState) -> None:
        offer(records, voids)
        offered.append(records[-1].position)

    sub.offer = counted  # type: ignore[method-assign]
    for position in range(3, 15):  # one batch per wake-up: the queue overflows unread
        _gains(ledger, cid, mara, 1)
        wait_until(lambda: position in offered, f"the hub to offer position {position}")  # noqa: B023
    assert _collect(sub, until=14) == list(range(3, 15))


def test_closing_the_hub_ends_every_subscription(ledger: Ledger, hub: FeedHub) -> None:
    cid, _ = _campaign(ledger)
    sub = hub.subscribe(cid, after=2)
    hub.close()
    with pytest.raises(FeedClosedError):
        sub.next_batch(1.0)


def test_a_hub_serves_no_more_streams_than_its_capacity(ledger: Ledger, store: EventStore) -> None:
    cid, _ = _campaign(ledger)
    small = FeedHub(store, change_source(store, 0.05, 60), capacity=2)
    first = small.subscribe(cid, 0)
    small.subscribe(cid, 0)
    with pytest.raises(FeedFullError):
        small.subscribe(cid, 0)
    small.unsubscribe(first)
    assert small.subscribe(cid, 0).campaign_id == cid
    small.close(wait=2.0)


def test_one_token_holds_no_more_than_its_share_of_the_streams(
        ledger: Ledger, store: EventStore) -> None:
    """An outside attack opened 100 streams with one observer's feed ticket (a ticket may
    be used until it expires), and every other campaign on the worker got 503s."""
    cid, _ = _campaign(ledger)
    hub = FeedHub(store, change_source(store, 0.05, 60), capacity=10, per_holder=2)
    first = hub.subscribe(cid, 0, holder="tok_a")
    hub.subscribe(cid, 0, holder="tok_a")
    with pytest.raises(HolderFullError):
        hub.subscribe(cid, 0, holder="tok_a")
    assert hub.subscribe(cid, 0, holder="tok_b").holder == "tok_b"  # others still get theirs
    hub.unsubscribe(first)
    hub.unsubscribe(first)  # twice: counted once
    assert hub.subscribe(cid, 0, holder="tok_a").holder == "tok_a"
    with pytest.raises(HolderFullError):
        hub.subscribe(cid, 0, holder="tok_a")
    hub.close(wait=2.0)


def test_notification_payloads_round_trip_and_fit_the_limit() -> None:
    heads = {f"cmp_{i:020d}": i for i in range(1, 800)}
    payloads = encode_payloads(heads)
    assert len(payloads) > 1
    assert all(len(p) <= PAYLOAD_LIMIT for p in payloads)
    decoded: dict[str, int] = {}
    for payload in payloads:
        decoded.update(decode_payload(payload))
    assert decoded == heads
