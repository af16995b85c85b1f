"""The core API contract, over HTTP, on both stores."""

from __future__ import annotations

import hashlib

from ledger.adapters.secrets_box import hash_secret
from ledger.adapters.store.records import IdempotentAnswer
from ledger.service.config import Config
from tests.api_client import ApiClient, by_id
from tests.conftest import make_store


def test_spending_more_mana_than_the_character_has_is_a_409_and_records_nothing(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(mana={"current": 3, "max": 12})
    head = api.get(api.c())["position"]
    answer = api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 4, "reason": "Arson"})
    assert answer.status == 409
    assert answer.headers["Content-Type"] == "application/problem+json"
    assert answer["rule"] == "insufficient-mana"
    assert api.get(api.c())["position"] == head


def test_a_write_answers_position_events_and_state(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(mana={"current": 12, "max": 12})
    answer = api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 3, "reason": "Arson"})
    assert answer.status == 200
    assert answer.primary["mana"] == {"current": 9, "max": 12}
    (event,) = answer["events"]
    assert event["position"] == answer["position"]
    assert event["type"] == "ResourceSpent"
    assert event["data"]["before"] == 12
    assert event["data"]["after"] == 9
    assert event["actor"]["role"] == "gm"
    assert event["correlation_id"]


def test_state_at_a_past_position_shows_the_mana_then(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(mana={"current": 12, "max": 12})
    first = api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 3})["position"]
    api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 5})
    then = api.get(api.c(f"/characters/{mara}?at={first}"))
    assert then["position"] == first
    assert then["character"]["mana"]["current"] == 9
    assert api.get(api.c(f"/characters/{mara}"))["character"]["mana"]["current"] == 4


def test_state_at_a_time_maps_to_the_last_position_recorded_by_then(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(mana={"current": 12, "max": 12})
    spent = api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 3})
    moment = spent["events"][0]["recorded_at"]
    api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 5})
    then = api.get(api.c(f"/state?at={moment}"))
    assert then["position"] == spent["position"]
    assert by_id(then.primary["characters"], mara)["mana"]["current"] == 9


def test_idempotent_retry_returns_the_first_answer_and_records_once(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(mana={"current": 12, "max": 12})
    key = {"Idempotency-Key": "spend-1"}
    first = api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 3}, headers=key)
    again = api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 3}, headers=key)
    assert again.status == first.status == 200
    assert again.body == first.body
    assert api.get(api.c(f"/characters/{mara}"))["character"]["mana"]["current"] == 9


def test_reusing_an_idempotency_key_for_another_request_is_refused(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(mana={"current": 12, "max": 12})
    key = {"Idempotency-Key": "spend-1"}
    api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 3}, headers=key)
    other = api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 4}, headers=key)
    assert other.status == 422
    assert other["rule"] == "idempotency-key-reused"


def test_a_retry_serialized_anew_is_the_same_request(api: ApiClient, store_config: Config) -> None:
    """An outside attack: the same JSON with its keys in another order, or other spacing,
    under the same key was refused as another request; a client that serializes its retry
    anew must get its first answer. An answer stored before bodies were compared as JSON
    (its fingerprint the bytes' digest) still answers a retry with the same bytes."""
    api.new_campaign()
    mara = api.new_character(mana={"current": 12, "max": 12})
    path = api.c(f"/characters/{mara}/mana/spend")
    key = {"Idempotency-Key": "spend-json"}
    first = api.call("POST", path, data=b'{"amount": 3, "reason": "ward"}',
                     content_type="application/json", headers=key)
    again = api.call("POST", path, data=b'{ "reason":"ward",\n "amount":3 }',
                     content_type="application/json", headers=key)
    assert first.status == again.status == 200, again
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.body == first.body
    other = api.call("POST", path, data=b'{"reason": "Ward", "amount": 3}',
                     content_type="application/json", headers=key)
    assert (other.status, other["rule"]) == (422, "idempotency-key-reused")
    assert api.get(api.c(f"/characters/{mara}"))["character"]["mana"]["current"] == 9

    # An answer stored with the older fingerprint, as an earlier release wrote it.
    body = b'{"amount": 1}'  # not the canonical form: only its bytes' digest matches
    older = hashlib.sha256(b"POST " + path.encode() + b"\n" + body).hexdigest()
    store = make_store(store_config)
    token = store.token_by_hash(hash_secret(api.token or ""), api.campaign)
    assert token is not None
    store.append([], IdempotentAnswer(token.scope, "spend-old", older, 200, b'{"old": true}',
                                      api.campaign, 0))
    replayed = api.call("POST", path, data=body, content_type="application/json",
                        headers={"Idempotency-Key": "spend-old"})
    assert (replayed.status, replayed.body) == (200, {"old": True})
    store.close()


def test_stale_if_match_is_a_412(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(mana={"current": 12, "max": 12})
    answer = api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 1},
                      headers={"If-Match": "1"})
    assert answer.status == 412
    assert answer["rule"] == "if-match-stale"


def test_schema_errors_name_the_field(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character()
    answer = api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": "lots"})
    assert answer.status == 422
    assert "amount" in answer["errors"]


def test_an_unknown_action_in_a_path_is_a_404_listing_the_names_that_answer_there(
        api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character()
    head = api.get(api.c())["position"]
    burnt = api.post(api.c(f"/characters/{mara}/mana/burn"), {"amount": 1})
    assert burnt.status == 404
    assert burnt["allowed"] == ["gain", "spend"]
    assert f"/characters/{mara}/mana/burn" in burnt["detail"]
    danced = api.post(api.c("/clock/dance"))
    assert danced.status == 404
    assert "start-session" in danced["allowed"]
    assert "allowed" not in api.get(api.c("/characters/chr_nowhere")).body  # an id, not a name
    assert api.get(api.c())["position"] == head


def test_a_path_under_the_wrong_prefix_or_method_is_told_where_and_how(api: ApiClient) -> None:
    """Newcomer's trials: `/campaigns/…/mana/spend` without `/v1`, the console asked under
    `/v1` and a typo in a middle segment (`…/charcters/…`) were a bare 404, and a 405
    named its methods only in the Allow header."""
    cid = api.new_campaign()
    mara = api.new_character()
    head = api.get(api.c())["position"]
    lost = api.post(f"/campaigns/{cid}/characters/{mara}/mana/spend", {"amount": 1})
    assert lost.status == 404
    assert f"start with /v1: POST /v1/campaigns/{cid}/characters/{mara}/mana/spend" in lost["detail"]
    console = api.get(f"/v1/campaigns/{cid}/audit")
    assert console.status == 404
    assert f"not under /v1: GET /campaigns/{cid}/audit answers" in console["detail"]
    assert "/v1" not in api.get(f"/v1/campaigns/{cid}/nowhere")["detail"].split(" here.")[1]
    typo = api.post(api.c(f"/charcters/{mara}/mana/spend"), {"amount": 1})
    assert typo.status == 404
    assert typo["did_you_mean"] == [api.c(f"/characters/{mara}/mana/spend")]
    assert f"Did you mean POST {api.c(f'/characters/{mara}/mana/spend')}?" in typo["detail"]
    wrong = api.get(api.c(f"/characters/{mara}/mana/spend"))
    assert (wrong.status, wrong["rule"]) == (405, "method-not-allowed")
    assert "POST" in wrong["allowed"]
    assert "POST" in wrong["detail"]
    assert api.get(api.c())["position"] == head


def test_a_path_with_a_trailing_slash_is_told_the_path_without_it_first(api: ApiClient) -> None:
    """A newcomer's trial: `GET /docs/` suggested `/metrics`, `GET /v1/campaigns/` suggested
    `/v1/catalog`, both one segment off, and never the path meant."""
    cid = api.new_campaign()
    characters = f"/v1/campaigns/{cid}/characters"
    for method, sent, meant, said in [
        ("GET", "/docs/", "/docs", "Did you mean GET /docs?"),
        ("GET", "/healthz/", "/healthz", "Did you mean GET /healthz?"),  # not `runners`
        ("GET", characters + "/", characters, f"Did you mean GET {characters}?"),
        ("POST", "/v1/campaigns/", "/v1/campaigns", "Did you mean POST /v1/campaigns?"),
        # No GET there: the path is still the one meant, and the detail says what it answers.
        ("GET", "/v1/campaigns/", "/v1/campaigns", "Did you mean /v1/campaigns? It answers POST."),
    ]:
        answer = api.call(method, sent)
        assert (answer.status, answer["rule"], answer["did_you_mean"]) == (404, "not-found", [meant])
        assert said in answer["detail"]
        assert "allowed" not in answer.body


def test_words_meant_for_a_browser_never_reach_an_error_answer(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character()
    broken = api.call("POST", api.c(f"/characters/{mara}/mana/gain"), data='{"amount":',
                      content_type="application/json")
    assert broken.status == 400
    assert broken["detail"] == "The body is not valid JSON."
    rewound = api.post(api.c("/rewind"), {"to_position": 0, "reason": "oops"})
    assert rewound["errors"]["to_position"] == ["Must be greater than or equal to 1."]
