"""Campaign creation: an Idempotency-Key sent without a token is a bearer secret (ADR 004),
and a refused or replayed creation leaves no token row behind."""

from __future__ import annotations

import secrets
import uuid

from ledger.service.config import Config
from tests.api_client import Answer, ApiClient
from tests.security.conftest import MakeApi
from tests.security.routes import count_rows

CREATE = "/v1/campaigns"
NOIR = {"name": "Mana Noir"}


def create(api: ApiClient, body: object, key: str | None = None, token: str = "") -> Answer:
    return api.post(CREATE, body, token=token, headers={"Idempotency-Key": key} if key else {})


def test_a_guessable_creation_key_is_refused_so_it_cannot_hand_out_a_gm_token(
        api: ApiClient, store_config: Config) -> None:
    first, second = create(api, NOIR, "my-campaign"), create(api, NOIR, "my-campaign")
    for answer in (first, second):
        assert (answer.status, answer.headers["Content-Type"]) == (422, "application/problem+json")
        assert answer["rule"] == "idempotency-key-too-short"
        assert "128 bits" in answer["errors"]["Idempotency-Key"][0]
        assert "gm_token" not in answer.body
    assert count_rows(store_config, "ledger_events") == 0


def test_creation_keys_need_128_bits_of_encoding(api: ApiClient, store_config: Config) -> None:
    weak = {"x" * 21: "idempotency-key-too-short",  # base64url: 22 needed
            "0123456789abcdef" * 2: None, "ABCDEF0123456789" * 2: None,
            "0123456789abcdef0123456789abcde": "idempotency-key-too-short",  # hex: 32 needed
            "1" * 38: "idempotency-key-too-short",  # digits only: 39 needed
            "x" * 21 + ".": "idempotency-key-alphabet", "x" * 30 + " x": "idempotency-key-alphabet",
            "x" * 22: None, "1" * 39: None, str(uuid.uuid4()): None,
            secrets.token_urlsafe(16): None, secrets.token_hex(16): None}
    for key, rule in weak.items():
        answer = create(api, NOIR, key)
        if rule is None:
            assert answer.status == 201, (key, answer)
        else:
            assert (answer.status, answer["rule"]) == (422, rule), (key, answer)
            assert list(answer["errors"]) == ["Idempotency-Key"]
    accepted = sum(rule is None for rule in weak.values())
    assert count_rows(store_config, "ledger_tokens") == accepted


def test_the_admin_token_does_not_make_a_short_creation_key_acceptable(make_api: MakeApi) -> None:
    api = make_api(admin_token="operators-only")
    assert create(api, NOIR, "my-campaign", token="operators-only")["rule"] == \
        "idempotency-key-too-short"
    assert create(api, NOIR, secrets.token_urlsafe(16), token="operators-only").status == 201


def test_refused_campaign_creations_leave_no_token_row(api: ApiClient, store_config: Config) -> None:
    strong = secrets.token_urlsafe(32)
    assert create(api, NOIR, strong).status == 201
    assert count_rows(store_config, "ledger_tokens") == 1
    refused = [
        create(api, {"name": 5}),  # a bad body
        create(api, {"name": ""}),  # an invalid name
        create(api, NOIR, "short-key"),  # a guessable key
        create(api, NOIR, "k" * 201),  # a key too long
        create(api, NOIR | {"settings": {"no_such_rule": 1}}),  # refused by the domain
        create(api, NOIR | {"settings": {"helpless_points": "four"}}),  # refused by the domain
        create(api, {"name": "Other"}, strong),  # the key was used for another body
    ]
    assert [a.status for a in refused] == [422] * len(refused), refused
    assert count_rows(store_config, "ledger_tokens") == 1


def test_a_replayed_creation_leaves_one_token_row_and_answers_the_same_working_token(
        api: ApiClient, store_config: Config) -> None:
    key = secrets.token_urlsafe(32)
    first, again = create(api, NOIR, key), create(api, NOIR, key)
    assert (first.status, again.status) == (201, 201)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert (again["campaign"]["id"], again["gm_token"]) == (first["campaign"]["id"], first["gm_token"])
    assert count_rows(store_config, "ledger_tokens") == 1
    assert api.get(f"{CREATE}/{first['campaign']['id']}", token=again["gm_token"]).status == 200
    # The stored answer keeps the token's id, never its secret.
    assert first["gm_token"].encode() not in _answers(store_config)


def _answers(config: Config) -> bytes:
    from ledger.entry.tools.backup import connect

    with connect(config, write=False) as conn:
        return b"".join(bytes(row[0]) for row in conn.execute(
            "SELECT body FROM ledger_idempotency").fetchall())


def test_a_campaign_token_sent_to_a_creation_is_neither_its_creator_nor_its_keys_scope(
        api: ApiClient) -> None:
    """An outside attack created a campaign with another campaign's revoked player token:
    the history named that token and character as the creator, and the key `abc` was
    taken, where without a token it must be a secret."""
    api.new_campaign()
    mara = api.new_character()
    player = api.new_token("player", mara)
    token_id = api.get("/v1/me", token=player).body["token_id"]
    assert api.delete(api.c(f"/tokens/{token_id}")).status == 204
    refused = create(api, NOIR, "abc", token=player)
    assert (refused.status, refused["rule"]) == (422, "idempotency-key-too-short")
    made = create(api, NOIR, secrets.token_urlsafe(16), token=player)
    assert made.status == 201
    assert made["events"][0]["actor"] == {"role": "anonymous", "token_id": None,
                                          "character_id": None}
