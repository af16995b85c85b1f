"""Rewinds that tools can see, on both stores: `voided_by` on events, `view=canon` on the
events list, and `voided` on a state read at a voided position."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient
from tests.e2e.test_rewind_api import mara_spends


def voided_by(api: ApiClient, query: str = "") -> dict[int, Any]:
    events = api.get(api.c(f"/events{query}"))["events"]
    return {e["position"]: e["voided_by"] for e in events}


def test_events_carry_voided_by_after_a_rewind_and_lose_it_after_a_redo(api: ApiClient) -> None:
    _, (first, second, third) = mara_spends(api, 1, 2, 3)
    rewind = api.post(api.c("/rewind"), {"to_position": first, "reason": "x"})["position"]
    seen = voided_by(api)
    assert seen[second] == seen[third] == rewind
    assert [p for p, by in seen.items() if by is not None] == [second, third]
    redo = api.post(api.c("/redo"), {"reason": "y"})["position"]
    seen = voided_by(api)
    assert (seen[second], seen[third]) == (None, None)  # a redo un-voids its rewind's range
    assert seen[rewind] == redo  # and voids the rewind itself, as the timeline shows
    assert [p for p, by in seen.items() if by is not None] == [rewind]


def test_events_view_canon_leaves_voided_events_out_and_pages_across_them(api: ApiClient) -> None:
    mara, positions = mara_spends(api, *([1] * 8))
    first = positions[0]
    rewind = api.post(api.c("/rewind"), {"to_position": first, "reason": "x"})["position"]
    api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 1})
    canon = set(range(1, first + 1)) | {rewind, rewind + 1}
    for limit in (1, 2, 3):
        paged: list[int] = []
        after: int | None = 0
        while after is not None:
            answer = api.get(api.c(f"/events?view=canon&limit={limit}&after={after}"))
            assert all(e["voided_by"] is None for e in answer["events"])
            assert len(answer["events"]) == limit or answer["next"] is None  # full but the last
            assert answer["events"], "a page after `next` is never empty"  # next: null at the end
            paged += [e["position"] for e in answer["events"]]
            after = answer["next"]
        assert paged == sorted(canon), limit
    assert [e["position"] for e in api.get(api.c("/events?limit=1000"))["events"]] == \
        list(range(1, rewind + 2))  # the recorded view keeps them all


def test_events_view_must_be_recorded_or_canon(api: ApiClient) -> None:
    api.new_campaign()
    answer = api.get(api.c("/events?view=everything"))
    assert answer.status == 422
    assert "view" in answer["errors"]


def test_a_state_at_a_voided_position_says_which_rewind_voided_it(api: ApiClient) -> None:
    mara, (first, second) = mara_spends(api, 3, 5)
    rewind = api.post(api.c("/rewind"), {"to_position": first, "reason": "x"})["position"]
    assert api.get(api.c(f"/state?at={second}"))["voided"] == {"by": rewind}
    character = api.get(api.c(f"/characters/{mara}?at={second}"))
    assert character["voided"] == {"by": rewind}
    assert character["character"]["mana"]["current"] == 4  # still as recorded
    for path in ("/characters", f"/characters/{mara}/magic", f"/characters/{mara}/conditions",
                 "/items", "/stunt-pool", "/spirits"):
        assert api.get(api.c(f"{path}?at={second}"))["voided"] == {"by": rewind}, path
    assert api.get(api.c(f"/state?at={first}"))["voided"] is None
    assert api.get(api.c(f"/state?at={second}&view=canon"))["voided"] is None
    assert api.get(api.c("/state"))["voided"] is None
    api.post(api.c("/redo"), {"reason": "y"})
    assert api.get(api.c(f"/characters/{mara}?at={second}"))["voided"] is None


def test_openapi_documents_voided_on_reads_at_a_position(api: ApiClient) -> None:
    spec = api.get("/openapi.json").body
    read = spec["paths"]["/v1/campaigns/{campaign_id}/characters/{character_id}"]["get"]
    schema = read["responses"]["200"]["content"]["application/json"]["schema"]
    if "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    assert schema["properties"]["voided"]["properties"] == {"by": {"type": "integer"}}
    for path, item in spec["paths"].items():
        if any(p["name"] == "at" for p in item.get("get", {}).get("parameters", [])):
            answer = item["get"]["responses"]["200"]["content"]["application/json"]["schema"]
            assert "voided" in answer["properties"], path
