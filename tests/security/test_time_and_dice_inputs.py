"""Times past datetime's range on time-travel reads, and dice notation that only fails when
evaluated, are a 4xx naming the field, never a 500."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api_client import ApiClient
from tests.security.seed import seed

PROBLEM = "application/problem+json"
# In UTC these fall in year 0 and year 10000, which datetime cannot hold.
OUT_OF_RANGE = ["0001-01-01T00:00:00%2B14:00", "9999-12-31T23:59:59-01:00"]


def time_travel_reads(api: ApiClient, ids: dict[str, str]) -> list[str]:
    """Every GET path, with real ids, whose operation takes `?at=`."""
    spec: dict[str, Any] = api.client.get("/openapi.json").get_json()
    found = []
    for template, operations in spec["paths"].items():
        parameters = operations.get("get", {}).get("parameters", [])
        if any(p["in"] == "query" and p["name"] == "at" for p in parameters):
            found.append(template.format(**ids))
    return found


def test_every_time_travel_read_refuses_a_time_outside_datetimes_range(api: ApiClient) -> None:
    seeded = seed(api)
    api.token = seeded.tokens["gm"]
    reads = time_travel_reads(api, seeded.ids)
    assert len(reads) >= 8
    for path in reads:
        for at in OUT_OF_RANGE:
            answer = api.get(f"{path}?at={at}")
            assert (answer.status, answer.headers["Content-Type"]) == (422, PROBLEM), (path, answer)
            assert "at" in answer["errors"]


def test_a_time_before_year_1000_is_before_the_campaign_not_after_it(api: ApiClient) -> None:
    # The UTC stamp lost its leading zeros, so "300-…" sorted after "2026-…": the head.
    api.new_campaign()
    answer = api.get(api.c("/state?at=0300-01-01T00:00:00Z"))
    assert (answer.status, answer["rule"]) == (422, "position-out-of-range"), answer


@pytest.mark.parametrize("expression", ["1d6/0", "(1d6-1d6)/0", "1d6%0", "1d6//0", "1d6/(1-1)",
                                        "1d6/-0", "1d6 ** 2", "1d6^2"])
def test_dice_notation_that_fails_when_evaluated_is_a_422_naming_expression(
        api: ApiClient, expression: str) -> None:
    api.new_campaign()
    chid = api.new_character()
    answer = api.post(api.c(f"/characters/{chid}/rolls"), {"expression": expression})
    assert (answer.status, answer.headers["Content-Type"]) == (422, PROBLEM), answer
    assert "expression" in answer["errors"]
    assert api.get(api.c("/events?type=Rolled")).body["events"] == []


def test_a_roll_with_a_huge_total_is_a_422_and_the_largest_exact_one_round_trips(
        api: ApiClient) -> None:
    """A total past 2**53 - 1 is refused (a JSON double reader, and an RFC 8785 verifier,
    would not hold it exactly); it was once a 500, then recorded."""
    api.new_campaign()
    chid = api.new_character()
    huge = api.post(api.c(f"/characters/{chid}/rolls"), {"expression": "9" * 100 + "*1d6"})
    assert (huge.status, huge["rule"]) == (422, "dice-limits")
    assert api.get(api.c("/events?type=Rolled")).body["events"] == []
    largest = str(2**53 - 7) + "+1d6"
    rolled = api.post(api.c(f"/characters/{chid}/rolls"), {"expression": largest})
    assert rolled.status == 201, rolled
    total = rolled["events"][0]["data"]["total"]
    assert api.get(api.c("/events?type=Rolled")).body["events"][0]["data"]["total"] == total
