"""Rolls read like rolls (Rolled v2) over HTTP, and stored v1 rolls read as before; both stores."""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.adapters.export_format import read_history
from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store.base import EventStore
from ledger.service.tokens import issue_token
from tests.api_client import ApiClient
from tests.conftest import SECRET_KEY
from tests.golden.record import HISTORY


def rolled(answer: Any) -> dict[str, Any]:
    assert answer.status == 201, answer
    event = next(e for e in answer["events"] if e["type"] == "Rolled")
    assert event["version"] >= 2  # version 3 adds the Conditions
    found: dict[str, Any] = event["data"]
    return found


def test_an_age_test_answers_its_result_text(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(abilities={"Willpower": 3})
    data = rolled(api.post(api.c(f"/characters/{mara}/rolls"),
                           {"kind": "age", "ability": "Willpower", "tn": 13, "modifier": -1,
                            "dice": [4, 6, 6], "label": "hold the door"}))
    assert data["result_text"] == "3d6+2 = 4, 6, [6] + 2 = 18 · 6 SP · success vs TN 13"
    assert [d["mark"] for d in data["dice"]] == ["kept"] * 3
    assert data["label"] == "hold the door"


def test_a_notation_roll_marks_each_die_and_keeps_its_annotation(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character()
    data = rolled(api.post(api.c(f"/characters/{mara}/rolls"),
                           {"expression": "4d6kh3 stats", "dice": [5, 3, 1, 6]}))
    assert [(d["value"], d["mark"]) for d in data["dice"]] == [
        (5, "kept"), (3, "kept"), (1, "dropped"), (6, "kept")]
    assert (data["expression"], data["label"], data["total"]) == ("4d6kh3", "stats", 14)
    assert data["result_text"] == "4d6kh3 (5, 3, ~~1~~, 6) = 14"
    again = rolled(api.post(api.c(f"/characters/{mara}/rolls"),
                            {"expression": "2d6e6", "dice": [6, 2, 3], "label": "blast"}))
    assert [d["mark"] for d in again["dice"]] == ["exploded", "kept", "kept"]
    timeline = api.get(api.c("/timeline"))
    assert timeline.status == 200, timeline
    summaries = [e["summary"] for e in timeline["entries"]]
    assert "Mara rolled 4d6kh3 (5, 3, ~~1~~, 6) = 14 for stats (reported dice)" in summaries


def test_server_dice_of_a_v2_roll_verify(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character()
    api.post(api.c("/clock/start-session"))
    data = rolled(api.post(api.c(f"/characters/{mara}/rolls"), {"expression": "3d6rr1kh2"}))
    assert data["source"] == "server"
    assert len(data["dice"]) >= 3
    api.post(api.c("/clock/end-session"))
    report = api.get(api.c("/verify"))
    assert report.status == 200, report
    assert report["ok"] is True
    assert report["dice"]["verified"] >= 1
    assert report["dice"]["mismatches"] == []


def test_stored_v1_rolls_read_as_stored(store: EventStore, api: ApiClient) -> None:
    """The golden fixture's v1 Rolled events: /events gives their data byte for byte as
    stored, version 1, no marks; the timeline summarizes them as it always did."""
    with HISTORY.open("rb") as handle:
        history = read_history(handle)
    store.append(history.records)
    campaign = history.header.campaign_id
    _, api.token = issue_token(store, SecretBox(bytes.fromhex(SECRET_KEY)), campaign, "gm",
                               None, "test")
    api.campaign = campaign
    answer = api.get(api.c("/events?type=Rolled&limit=200"))
    assert answer.status == 200, answer
    stored = {r.position: r for r in history.records if r.type == "Rolled"}
    assert [e["position"] for e in answer["events"]] == sorted(stored)
    for event in answer["events"]:
        assert event["version"] == 1
        assert event["data"] == msgspec.json.decode(stored[event["position"]].data)
        assert all("mark" not in d for d in event["data"]["dice"])
    timeline = api.get(api.c("/timeline?type=Rolled"))
    assert timeline.status == 200, timeline
    lines = [line["summary"] for e in timeline["entries"] for line in e["events"]]
    assert "Mara rolled 4d6kh3 for stats: 13 [4, 4, 3, 5]" in lines
