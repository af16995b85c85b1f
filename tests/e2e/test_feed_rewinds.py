"""Rewinds in the change feed, through the live server on both stores: `retract` and
`restore` messages with the rewind's position as id, resuming across them, the client's
typed items and callbacks, and the example bot taking back what it announced."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from campaign_ledger_client import Campaign, Client, Event, Feed, Restore, Retract
from campaign_ledger_client.feed import Message, messages

from tests.e2e.client_fixtures import ROOT, Served, new_campaign, served
from tests.e2e.sse_proxy import BreakingProxy

__all__ = ["served"]  # the module-scoped live server fixture


def rolls_then_rewind(campaign: Campaign, rolls: int = 3) -> tuple[list[int], int]:
    """Mara rolls `rolls` times; the GM rewinds to just after the first roll."""
    mara = campaign.character(campaign.register_character(
        {"name": "Mara", "abilities": {"Willpower": 2}}).resource["id"])
    positions = [mara.roll("1d20+5", dice=[3 + i]).position for i in range(rolls)]
    return positions, campaign.rewind(positions[0], "wrong scene").position


def read_messages(campaign: Campaign, until: Callable[[Message], bool],
                  last_event_id: int = 0) -> list[Message]:
    """The feed's messages after `last_event_id` (sent as Last-Event-ID), up to `until`."""
    transport = campaign._transport
    path = f"/v1/campaigns/{campaign.id}/feed"
    stream = transport.open_stream(path, {}, {"Accept": "text/event-stream",
                                               "Last-Event-ID": str(last_event_id)}, 30.0)
    got: list[Message] = []
    try:
        for message in messages(stream.readline):
            if message.data:
                got.append(message)
                if until(message):
                    break
    finally:
        stream.close()
    return got


def ided(got: list[Message]) -> dict[int, Message]:
    return {int(m.id or 0): m for m in got}


def test_the_feed_sends_a_rewind_as_retract_and_a_redo_as_restore_with_their_positions(
        served: Served) -> None:
    _, campaign = new_campaign(served)
    (first, second, third), rewind = rolls_then_rewind(campaign)
    redo = campaign.redo("it was right").position
    got = ided(read_messages(campaign, lambda m: m.id == str(redo)))
    assert list(got) == list(range(1, redo + 1))  # one message per position, in order
    assert (got[rewind].event, got[redo].event) == ("retract", "restore")
    assert {m.event for p, m in got.items() if p not in (rewind, redo)} == {""}
    retract, restore = json.loads(got[rewind].data), json.loads(got[redo].data)
    assert retract["voided"] == {"from": second, "to": third}
    assert restore["restored"] == {"from": second, "to": third}
    # As of the head when sent: the redo brought the rolls back and voided the rewind.
    assert retract["voided_by"] == redo
    assert [json.loads(got[p].data)["voided_by"] for p in (first, second, third)] == [None] * 3


def test_voided_events_caught_up_after_a_rewind_say_which_rewind_voided_them(
        served: Served) -> None:
    _, campaign = new_campaign(served)
    (first, second, third), rewind = rolls_then_rewind(campaign)
    got = ided(read_messages(campaign, lambda m: m.id == str(rewind)))
    assert [json.loads(got[p].data)["voided_by"] for p in (first, second, third, rewind)] == \
        [None, rewind, rewind, None]


def test_the_feed_resumes_by_position_across_retract_and_restore(served: Served) -> None:
    _, campaign = new_campaign(served)
    (_, _, third), rewind = rolls_then_rewind(campaign)
    redo = campaign.redo().position
    after_third = read_messages(campaign, lambda m: True, last_event_id=third)
    assert [(m.id, m.event) for m in after_third] == [(str(rewind), "retract")]
    after_rewind = read_messages(campaign, lambda m: True, last_event_id=rewind)
    assert [(m.id, m.event) for m in after_rewind] == [(str(redo), "restore")]


def test_the_client_yields_typed_retract_and_restore_and_calls_back_live(served: Served) -> None:
    _, campaign = new_campaign(served)
    head = campaign.get()["position"]
    retracts: list[Retract] = []
    restores: list[Restore] = []
    seen: list[Event] = []
    done = threading.Event()
    with campaign.feed(after=head, read_timeout=10, on_retract=retracts.append,
                       on_restore=restores.append) as feed:
        watchdog = threading.Timer(90, feed.close)  # a hang fails the test, never blocks it
        watchdog.start()

        def follow() -> None:
            for event in feed:
                seen.append(event)
                if isinstance(event, Restore):
                    break
            done.set()

        follower = threading.Thread(target=follow)
        follower.start()
        deadline = time.monotonic() + 30
        while feed.connections == 0 and time.monotonic() < deadline:
            done.wait(0.05)  # a condition with a deadline: the feed is connected
        (_, second, third), rewind = rolls_then_rewind(campaign)
        redo = campaign.redo().position
        follower.join(60)
        watchdog.cancel()
    assert [e.position for e in seen] == list(range(head + 1, redo + 1))
    assert [(r.position, r.voided_from, r.voided_to) for r in retracts] == [(rewind, second, third)]
    assert [(r.position, r.rewind_position, r.restored_from, r.restored_to) for r in restores] == \
        [(redo, rewind, second, third)]
    assert isinstance(seen[-2], Retract)
    assert retracts[0] is seen[-2]


def test_the_client_calls_back_for_a_retract_it_had_to_fill_from_the_events_list(
        served: Served) -> None:
    gm, campaign = new_campaign(served)
    (_, second, third), rewind = rolls_then_rewind(campaign)
    proxy = BreakingProxy(served.url, lambda: None, drop_ids=frozenset({rewind}))
    followed = Client(proxy.url, gm._transport.token).campaign(campaign.id)
    retracts: list[Retract] = []
    campaign.advance(1)
    with followed.feed(after=0, read_timeout=10, on_retract=retracts.append) as feed:
        watchdog = threading.Timer(90, feed.close)
        watchdog.start()
        positions = [e.position for e in _until(feed, rewind + 1)]
        watchdog.cancel()
    proxy.close()
    assert positions == list(range(1, rewind + 2))
    assert [(r.position, r.voided_from, r.voided_to) for r in retracts] == [(rewind, second, third)]


def _until(feed: Feed, position: int) -> list[Event]:
    out: list[Event] = []
    for event in feed:
        out.append(event)
        if event.position >= position:
            break
    return out


def test_the_example_bot_says_undone_for_each_roll_a_rewind_voided(served: Served, tmp_path: Path) -> None:
    gm, campaign = new_campaign(served)
    (first, second, third), _ = rolls_then_rewind(campaign)
    redo = campaign.redo().position
    bot = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "example_bot.py"), "--url", served.url,
         "--heads", str(tmp_path / "heads.json"),
         "--campaign", campaign.id, "--after", "0", "--stop-at", str(redo)],
        env={"LEDGER_TOKEN": gm._transport.token or "", "PATH": "/usr/bin:/bin",
             "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=60, check=True)
    said = [f"#{p} Mara rolled 1d20+5: {3 + i} = {8 + i} (reported dice)"
            for i, p in enumerate((first, second, third))]
    assert bot.stdout.strip().splitlines() == [
        *said, f"undone: {said[1]}", f"undone: {said[2]}",
        f"restored: {said[1]}", f"restored: {said[2]}"]
