"""Hostile bodies are refused cleanly: too large (413), too deep (400), too long or too
many (422 by the schemas), absurd dice notation (422) — always problem+json, never a 500."""

from __future__ import annotations

import io

import pytest

from api.limits import MAX_JSON_DEPTH, too_deep
from tests.api_client import ApiClient

PROBLEM = "application/problem+json"


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def correction(depth: int) -> str:
    return '{"field": "mana.current", "reason": "r", "value": ' + nested(depth) + "}"


@pytest.mark.parametrize(("text", "deeper_than_3"), [
    ("{}", False), ('"[[[[[["', False), ('{"a": [{"b": []}]}', True), (nested(3), False),
    (nested(4), True), ('[{"a": "[[[[", "b": {}}]', False), ('["\\"[[[[[["]', False),
    ('["\\\\", ' + nested(3) + "]", True), ("[" + nested(3) + "," + nested(3) + "]", True),
    ("[[[]],[[]],[[]],[[]]]", False),
])
def test_depth_counts_brackets_outside_strings_only(text: str, deeper_than_3: bool) -> None:
    assert too_deep(text.encode(), limit=3) is deeper_than_3


def test_body_above_the_limit_is_413_problem_json(api: ApiClient) -> None:
    api.new_campaign()
    chid = api.new_character()
    answer = api.call("POST", api.c(f"/characters/{chid}/rolls"),
                      data=b'{"expression": "1d6", "label": "' + b"x" * 70_000 + b'"}',
                      content_type="application/json")
    assert (answer.status, answer.headers["Content-Type"]) == (413, PROBLEM)
    assert answer["rule"] == "body-too-large"


def test_body_without_content_length_is_cut_at_the_limit(api: ApiClient) -> None:
    api.new_campaign()
    chid = api.new_character()

    def chunked(label_bytes: int) -> int:
        body = b'{"expression": "1d6", "label": "' + b"x" * label_bytes + b'"}'
        return api.call("POST", api.c(f"/characters/{chid}/rolls"), input_stream=io.BytesIO(body),
                        content_type="application/json", headers={"Transfer-Encoding": "chunked"},
                        environ_overrides={"wsgi.input_terminated": True}).status

    assert (chunked(70_000), chunked(100)) == (413, 201)
    # the limit itself is allowed, one byte past it is not, as with a Content-Length (an
    # outside attack found a chunked body of exactly the limit refused)
    framing = len(b'{"expression": "1d6", "label": "') + len(b'"}')
    limit = api.client.application.config["LEDGER"].max_body_bytes
    assert chunked(limit - framing) != 413
    assert chunked(limit - framing + 1) == 413


def test_json_nested_past_the_depth_limit_is_refused_before_parsing(api: ApiClient) -> None:
    api.new_campaign()
    chid = api.new_character()
    path = api.c(f"/characters/{chid}/corrections")
    deep = api.call("POST", path, data=correction(5_000), content_type="application/json")
    assert (deep.status, deep.headers["Content-Type"], deep["rule"]) == (400, PROBLEM,
                                                                         "json-too-deep")
    # One level inside the limit reaches the schema and the domain, which refuse on their own.
    shallow = api.call("POST", path, data=correction(MAX_JSON_DEPTH - 1),
                       content_type="application/json")
    assert shallow.status in (409, 422)
    assert shallow["rule"] != "json-too-deep"


def test_strings_and_arrays_are_bounded_by_the_schemas(api: ApiClient) -> None:
    api.new_campaign()
    chid = api.new_character()
    too_long = api.post(api.c("/characters"), {"name": "x" * 201})
    too_many = api.post(api.c(f"/characters/{chid}/rolls"),
                        {"kind": "notation", "expression": "1d6", "dice": [1] * 201})
    for answer, field in ((too_long, "name"), (too_many, "dice")):
        assert (answer.status, answer.headers["Content-Type"]) == (422, PROBLEM)
        assert field in answer["errors"]


@pytest.mark.parametrize("expression", [
    "1000000d1000000", "99999d6", "1d100000", "(" * 60 + "1d6" + ")" * 60,
    "1d6" + "+1d6" * 200, "10d6k" * 30, "d0", "1d%", "2^^^^^^^^^^^^^^^^^^^^^9",
])
def test_absurd_dice_notation_is_refused_with_a_4xx(api: ApiClient, expression: str) -> None:
    api.new_campaign()
    chid = api.new_character()
    answer = api.post(api.c(f"/characters/{chid}/rolls"), {"expression": expression})
    assert 400 <= answer.status < 500, answer
    assert answer.headers["Content-Type"] == PROBLEM
    assert api.get(api.c("/events?type=Rolled")).body["events"] == []


@pytest.mark.parametrize("query", [
    "/events?session=99999999999999999999999", "/events?scene=99999999999999999999999",
    "/events?after=99999999999999999999999", "/state?at=99999999999999999999999",
    "/state?at=%C2%B2", "/characters?at=99999999999999999999999",
    "/webhooks/{webhook}/deliveries?after=99999999999999999999999",
    "/timeline?session=99999999999999999999999", "/timeline?scene=99999999999999999999999",
])
def test_numbers_past_the_stores_integers_are_a_4xx_not_a_driver_overflow(
        api: ApiClient, query: str) -> None:
    # Found by the fuzzer: these reached SQLite as integers above 64 bits (a 500).
    api.new_campaign()
    webhook = api.post(api.c("/webhooks"), {"url": "http://127.0.0.1:9/x", "types": ["*"]})
    answer = api.get(api.c(query.format(webhook=webhook["id"])))
    assert 400 <= answer.status < 500, answer
    assert answer.headers["Content-Type"] == PROBLEM
