"""The client's feed iterator against the real server, through a proxy that breaks it."""

from __future__ import annotations

import random
import threading

import pytest
from campaign_ledger_client import Campaign, Client, TransportError, Unauthorized

from tests.e2e.client_fixtures import Served, new_campaign, served
from tests.e2e.sse_proxy import BreakingProxy
from tests.live_server import free_port

__all__ = ["served"]  # the module-scoped live server fixture


def test_the_feed_yields_every_position_once_in_order_across_broken_connections(
        served: Served) -> None:
    gm, campaign = new_campaign(served)
    chooser = random.Random(7)
    proxy = BreakingProxy(served.url, lambda: chooser.randrange(700, 2500))
    followed = Client(proxy.url, gm._transport.token).campaign(campaign.id)
    writer = threading.Thread(target=lambda: [campaign.advance(1) for _ in range(40)])
    writer.start()
    positions = _follow(followed, until=41)
    writer.join()
    proxy.close()
    assert positions == list(range(1, 42))
    assert proxy.connections > 3  # it really did resume, several times


def test_the_feed_fills_a_missing_position_from_the_events_list(served: Served) -> None:
    gm, campaign = new_campaign(served)
    for _ in range(6):
        campaign.advance(1)
    proxy = BreakingProxy(served.url, lambda: None, drop_ids=frozenset({4}))
    followed = Client(proxy.url, gm._transport.token).campaign(campaign.id)
    assert _follow(followed, until=7) == list(range(1, 8))
    proxy.close()


def test_the_feed_ends_with_unauthorized_when_its_token_is_revoked(served: Served) -> None:
    gm, campaign = new_campaign(served)
    issued = campaign.issue_token("observer")
    watcher = gm.with_token(issued.token).campaign(campaign.id)
    with watcher.feed(after=0, read_timeout=120) as feed:
        assert next(feed).position == 1
        campaign.revoke_token(issued.id)
        with pytest.raises(Unauthorized) as revoked:
            next(feed)
    assert revoked.value.rule == "token-revoked"


def _follow(campaign: Campaign, until: int) -> list[int]:
    positions: list[int] = []
    with campaign.feed(after=0, read_timeout=120) as feed:
        watchdog = threading.Timer(150, feed.close)  # a hang fails the test, never blocks it
        watchdog.start()
        for event in feed:
            positions.append(event.position)
            if event.position >= until:
                break
        watchdog.cancel()
    return positions


def test_a_feed_that_gives_up_says_why() -> None:
    # A newcomer's trial: "the feed failed 3 times in a row", with no cause attached.
    nowhere = Client(f"http://127.0.0.1:{free_port()}").with_token("clt_x_00").campaign("cmp_x")
    with pytest.raises(TransportError) as gave_up, nowhere.feed(max_failures=1) as feed:
        next(iter(feed))
    assert str(gave_up.value).startswith("the feed failed once: ")
    assert gave_up.value.__cause__ is not None
