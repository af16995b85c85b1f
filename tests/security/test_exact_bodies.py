"""What is sent is read exactly, or refused with nothing recorded (api/strict_body.py,
api/strict_query.py). Each case was a finding of an outside attack: an integer of 4,301
digits was a 500 on every write; a body that was not sent as JSON was ignored and the
command ran; a key given twice kept its last value; a repeated query parameter its first."""

from __future__ import annotations

import pytest

from tests.api_client import ApiClient

PROBLEM = "application/problem+json"


def _head(api: ApiClient) -> int:
    return int(api.get(api.c("/events")).body["position"])


def _spend(api: ApiClient, body: bytes, content_type: str | None = "application/json") -> tuple[int, dict]:
    chid = api.new_character(mana={"current": 10, "max": 10})
    before = _head(api)
    answer = api.call("POST", api.c(f"/characters/{chid}/mana/spend"), data=body,
                      **({"content_type": content_type} if content_type else {}))
    assert answer.headers["Content-Type"] == PROBLEM
    assert _head(api) == before, "a refused command recorded an event"
    return answer.status, answer.body


def test_an_integer_too_long_to_read_is_malformed_json_not_a_500(api: ApiClient) -> None:
    api.new_campaign()
    status, body = _spend(api, b'{"amount": 1' + b"0" * 4_400 + b', "reason": "r"}')
    assert (status, body["rule"]) == (400, "malformed-request")
    assert body["errors"] == {"json": ["Invalid JSON body."]}
    # and without a token, where it was a 500 too
    created = api.call("POST", "/v1/campaigns", token="", content_type="application/json",
                       data=b'{"name": "x", "settings": {"fatigue_tn": 1' + b"0" * 4_400 + b"}}")
    assert created.status == 400


@pytest.mark.parametrize(("body", "key"), [
    (b'{"amount": 1, "reason": "r", "amount": 3}', "amount"),
    (b'{"amount": 1, "reason": "r", "note": {"a": 1, "a": 2}}', "a"),  # nested: before the schema
])
def test_a_key_given_twice_is_refused_naming_it(api: ApiClient, body: bytes, key: str) -> None:
    api.new_campaign()
    status, found = _spend(api, body)
    assert (status, found["rule"]) == (422, "duplicate-key")
    assert found["errors"] == {key: ["given twice"]}


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_body_not_sent_as_json_is_415(api: ApiClient, content_type: str | None) -> None:
    api.new_campaign()
    assert api.post(api.c("/clock/start-session")).status == 200
    assert api.post(api.c("/clock/start-scene")).status == 200
    before = _head(api)
    # end-scene takes no field: its unread body used to be dropped, and the scene ended
    answer = api.call("POST", api.c("/clock/end-scene"), data=b'{"bogus": 1}',
                      **({"content_type": content_type} if content_type else {}))
    assert (answer.status, answer["rule"]) == (415, "unsupported-media-type")
    assert list(answer["errors"]) == ["Content-Type"]
    assert _head(api) == before
    assert api.post(api.c("/clock/end-scene")).status == 200  # as JSON it still runs


@pytest.mark.parametrize("charset", ["iso-8859-1", "utf-16", "latin1", '"latin1', "",
                                     "utf-8, charset=latin1"])
def test_a_body_declared_in_a_charset_other_than_utf8_is_415_and_records_nothing(
        api: ApiClient, charset: str) -> None:
    """An outside attack: `charset=iso-8859-1` with the UTF-8 bytes of `café` recorded
    `café` where a Latin-1 client meant `cafÃ©`: the declared charset was neither honoured
    nor refused. A body is read as UTF-8 (RFC 8259), so another charset is refused."""
    api.new_campaign()
    mara = api.new_character()
    before = _head(api)
    answer = api.call("POST", api.c(f"/characters/{mara}/mana/gain"),
                      data='{"amount": 1, "reason": "café"}'.encode(),
                      content_type=f"application/json; charset={charset}")
    assert (answer.status, answer["rule"]) == (415, "unsupported-media-type")
    assert "is not UTF-8" in answer["errors"]["Content-Type"][0]
    assert _head(api) == before
    for fine in ("application/json; charset=utf-8", "application/json; charset=UTF8",
                 'application/json; charset="utf-8"'):
        sent = api.call("POST", api.c(f"/characters/{mara}/mana/gain"),
                        data=b'{"amount": 1}', content_type=fine)
        assert sent.status == 200, (fine, sent)


def test_a_repeated_query_parameter_is_refused_naming_it(api: ApiClient) -> None:
    api.new_campaign()
    api.new_character()
    answer = api.get(api.c("/state?at=1&at=2"))
    assert (answer.status, answer["rule"]) == (422, "repeated-query-parameter")
    assert answer["errors"] == {"at": ["given more than once"]}
    assert api.get(api.c("/events?limit=1&limit=3")).status == 422
    assert api.get(api.c("/state?at=1")).status == 200


@pytest.mark.parametrize("encoded", [
    lambda text: b"\xef\xbb\xbf" + text.encode(),  # UTF-8 with a byte-order mark
    lambda text: text.encode("utf-16-le"),
    lambda text: text.encode("utf-16"),
    lambda text: text.encode("utf-32"),
], ids=["utf8-bom", "utf16le", "utf16", "utf32"])
def test_a_body_that_is_not_plain_utf8_is_refused_never_read_past_the_text_checks(
        api: ApiClient, encoded: object) -> None:
    """RFC 8259 8.1: JSON between systems is UTF-8, without a BOM. json.loads of bytes read
    these too, past the NUL, lone-surrogate and depth checks, which read UTF-8: an outside
    attack got 500s (one without a token) and a NUL recorded."""
    api.new_campaign()
    encode = encoded  # type: ignore[assignment]
    status, body = _spend(api, encode('{"amount": 1, "reason": "a\\u0000b"}'))  # type: ignore[operator]
    assert (status, body["rule"]) in {(400, "malformed-request"), (422, "invalid-text")}
    deep = '{"name": "\\"", "x": ' + "[" * 5000 + "]" * 5000 + "}"
    for text in (deep, '{"name": "\\ud800"}'):
        created = api.call("POST", "/v1/campaigns", token="", content_type="application/json",
                           data=encode(text))  # type: ignore[operator]
        assert created.status in {400, 422}, created


def test_numbers_in_queries_and_headers_are_ascii_digits_and_never_a_500(
        api: ApiClient) -> None:
    """A second outside attack: If-Match `1_0` and `?after=1_0` were read as 10 (int() takes
    underscores, a sign and other scripts' digits), and a header of 4,301 digits was a 500
    on every route, without a token."""
    api.new_campaign()
    mara = api.new_character()
    head = api.get(api.c())["position"]
    for sent in ("1_0", "+1", "\u0661"):
        staled = api.post(api.c(f"/characters/{mara}/mana/gain"), {"amount": 1},
                          headers={"If-Match": sent})
        assert (staled.status, staled["rule"]) == (400, "malformed-if-match"), sent
        assert staled["errors"]["If-Match"], staled  # named like every other field
        assert api.get(api.c(f"/events?after={sent}")).status == 422, sent
    digits = "9" * 4_400
    assert api.get("/v1/catalog", headers={"Ledger-Min-Position": digits}).status == 422
    assert api.get(api.c("/feed"), headers={"Last-Event-ID": digits}).status == 400
    assert api.post(api.c(f"/characters/{mara}/mana/gain"), {"amount": 1},
                    headers={"If-Match": digits}).status == 400
    assert api.get(api.c())["position"] == head


def test_an_unknown_path_is_a_404_whatever_its_query_and_a_trailing_slash_names_an_action(
        api: ApiClient) -> None:
    api.new_campaign()
    assert api.get(api.c("/dance?a=1")).status == 404
    empty = api.post(api.c("/clock/"))
    assert empty.status == 404
    assert "start-session" in empty["allowed"]
