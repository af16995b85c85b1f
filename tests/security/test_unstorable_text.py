"""Text no store can hold (a lone surrogate, a NUL, bytes that are not UTF-8) is refused
with a 422 naming the field, wherever the request carries it, and records nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ledger.service.config import Config
from tests.api_client import Answer, ApiClient

PROBLEM = "application/problem+json"
SURROGATE = "\ud800"
NUL = "\x00"


def row_counts(config: Config) -> dict[str, int]:
    """How many rows each ledger table holds: a refused request changes none."""
    from ledger.entry.tools.backup import connect, tables

    with connect(config, write=False) as conn:
        return {table: conn.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]
                for table in tables(conn, config)}


def send(api: ApiClient, method: str, path: str, body: Any) -> Answer:
    """The body as JSON text: json.dumps escapes a lone surrogate as \\ud800, as a client would."""
    return api.call(method, path, data=json.dumps(body), content_type="application/json")


def assert_refused(answer: Answer, field: str) -> None:
    assert (answer.status, answer.headers["Content-Type"]) == (422, PROBLEM), answer
    assert answer["rule"] == "invalid-text"
    assert field in answer["errors"], answer


@pytest.mark.parametrize("bad", [SURROGATE, NUL, "a" + SURROGATE + "b"])
def test_a_campaign_named_with_unstorable_text_is_refused_and_leaves_no_token_row(
        api: ApiClient, store_config: Config, bad: str) -> None:
    api.new_campaign()  # the tables exist
    before = row_counts(store_config)
    for body, field in (({"name": bad}, "name"),
                        ({"name": "Noir", "settings": {bad: 1}}, "settings"),
                        ({"name": "Noir", "settings": {"x": [bad]}}, "settings.x.0")):
        assert_refused(send(api, "POST", "/v1/campaigns", body), field)
    assert row_counts(store_config) == before


@pytest.mark.parametrize("bad", [SURROGATE, NUL])
def test_unstorable_text_in_any_string_field_is_a_422_naming_it(
        api: ApiClient, store_config: Config, bad: str) -> None:
    api.new_campaign()
    chid = api.new_character()
    before = row_counts(store_config)
    for path, body, field in (
            ("/characters", {"name": bad}, "name"),
            (f"/characters/{chid}/mana/spend", {"amount": 1, "reason": bad}, "reason"),
            (f"/characters/{chid}/rolls", {"expression": "1d6", "label": bad}, "label"),
            (f"/characters/{chid}/rolls", {"expression": bad}, "expression"),
            ("/tokens", {"role": "observer", "label": bad}, "label"),
            ("/webhooks", {"url": "http://127.0.0.1:9/" + bad, "types": ["*"]}, "url")):
        assert_refused(send(api, "POST", api.c(path), body), field)
    assert_refused(send(api, "PATCH", api.c("/settings"), {"settings": {bad: True}}), "settings")
    assert row_counts(store_config) == before


@pytest.mark.parametrize("query", ["/events?type=%00", "/events?type=%ED%A0%80",
                                   "/state?at=%00", "/events?%00=1", "/timeline?session=1%00"])
def test_unstorable_text_in_a_query_parameter_is_a_422(api: ApiClient, query: str) -> None:
    api.new_campaign()
    answer = api.get(api.c(query))
    assert (answer.status, answer["rule"]) == (422, "invalid-text"), answer


def test_unstorable_text_in_a_path_parameter_or_header_is_a_422(api: ApiClient,
                                                               store_config: Config) -> None:
    api.new_campaign()
    chid = api.new_character()
    before = row_counts(store_config)
    assert_refused(api.get(api.c("/characters/chr%00")), "character_id")
    assert_refused(api.get(api.c("/characters/%ED%A0%80")), "path")
    assert_refused(api.post(api.c(f"/characters/{chid}/mana/gain"), {"amount": 1},
                            headers={"Idempotency-Key": "k" + NUL}), "Idempotency-Key")
    assert_refused(api.get(api.c(), token="clt_x" + NUL), "Authorization")
    assert row_counts(store_config) == before


def test_a_body_that_is_not_utf8_is_a_422(api: ApiClient, store_config: Config) -> None:
    api.new_campaign()
    before = row_counts(store_config)
    for raw in (b'{"name": "\xff"}', b'{"name": "\xed\xa0\x80"}'):  # the second: UTF-8'd surrogate
        answer = api.call("POST", "/v1/campaigns", data=raw, content_type="application/json")
        assert_refused(answer, "body")
    assert row_counts(store_config) == before


def test_astral_characters_and_escaped_pairs_are_text_and_round_trip(api: ApiClient) -> None:
    api.new_campaign()
    name = "Mara \U0001f409 \U00010348"
    created = send(api, "POST", api.c("/characters"), {"name": name})  # sent as \\ud83d\\udc09
    assert created.status == 201, created
    chid = created["character"]["id"]
    assert api.get(api.c(f"/characters/{chid}"))["character"]["name"] == name
