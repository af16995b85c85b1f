"""CORS for browser tools: off by default, preflights answered, never a wildcard with
credentials."""

from __future__ import annotations

from typing import Any

from api.limits import CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS
from tests.api_client import ApiClient
from tests.security.conftest import MakeApi

TOOL = "https://sheets.example"


def preflight(api: ApiClient, path: str, origin: str) -> Any:
    return api.client.options(path, headers={
        "Origin": origin, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, idempotency-key, if-match, content-type"})


def test_no_origin_is_allowed_by_default(make_api: MakeApi) -> None:
    api = make_api()
    api.new_campaign()
    answer = api.get(api.c(), headers={"Origin": TOOL})
    assert answer.status == 200
    assert "Access-Control-Allow-Origin" not in answer.headers
    assert "Access-Control-Allow-Headers" not in preflight(api, api.c("/rolls"), TOOL).headers


def test_a_configured_origin_gets_its_preflight_answered(make_api: MakeApi) -> None:
    api = make_api(cors_origins=[TOOL])
    api.new_campaign()
    answer = preflight(api, api.c("/clock/advance"), TOOL)  # no token: a preflight never has one
    assert (answer.status_code, answer.data, answer.content_type) == (204, b"", None)
    assert answer.headers["Access-Control-Allow-Origin"] == TOOL
    allowed = {h.strip().lower() for h in answer.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "idempotency-key", "if-match", "content-type"} <= allowed
    assert "POST" in answer.headers["Access-Control-Allow-Methods"]
    assert "Access-Control-Allow-Credentials" not in answer.headers
    assert "Origin" in answer.headers["Vary"]


def test_answers_to_an_allowed_origin_expose_the_headers_tools_need(make_api: MakeApi) -> None:
    api = make_api(cors_origins=[TOOL])
    api.new_campaign()
    chid = api.new_character()
    answer = api.post(api.c(f"/characters/{chid}/health/heal"), {"amount": 1},
                      headers={"Origin": TOOL})
    assert answer.headers["Access-Control-Allow-Origin"] == TOOL
    assert "ETag" in answer.headers["Access-Control-Expose-Headers"]
    refused = api.get(api.c(), token="nope", headers={"Origin": TOOL})
    assert (refused.status, refused.headers["Access-Control-Allow-Origin"]) == (401, TOOL)


# Headers a browser lets a page read without being told (the CORS-safelisted response
# headers), and the CORS machinery's own.
SAFELISTED = {"cache-control", "content-language", "content-length", "content-type", "expires",
              "last-modified", "pragma"}
CORS_OWN = {"vary", "access-control-allow-origin", "access-control-expose-headers"}
# Sent only by a node reading a replica: tests/replicas/test_two_nodes.py sees it sent.
REPLICA_ONLY = {"ledger-replica-lag"}


def _names(listed: str) -> set[str]:
    return {name.strip().lower() for name in listed.split(",") if name.strip()}


def test_exposed_headers_are_exactly_the_ones_the_api_sends(make_api: MakeApi) -> None:
    """Each exposed header is sent by some answer (a creation, a write, a replay, a 429),
    and every header those answers send that a page could not read otherwise is exposed."""
    origin = {"Origin": TOOL}
    api = make_api(cors_origins=[TOOL])
    created = api.post("/v1/campaigns", {"name": "Noir"}, token="", headers=origin)
    api.token, api.campaign = created["gm_token"], created["campaign"]["id"]
    heal = api.c(f"/characters/{api.new_character()}/health/heal")
    written, replayed = (api.post(heal, {"amount": 1}, headers=origin | {"Idempotency-Key": "h"})
                         for _ in range(2))
    limited = make_api(cors_origins=[TOOL], rate_limit_per_minute=1)
    allowed, refused = (limited.get("/v1/signing-key", headers=origin) for _ in range(2))
    assert (created.status, written.status, replayed.status, refused.status) == (
        201, 200, 200, 429)
    answers = (created, written, replayed, allowed, refused)
    sent = {name.lower() for answer in answers for name, _ in answer.headers.items()}
    exposed = _names(created.headers["Access-Control-Expose-Headers"])
    assert exposed == _names(CORS_EXPOSE_HEADERS)
    assert sorted(exposed - sent - REPLICA_ONLY) == [], "exposed but never sent"
    assert sorted(sent - SAFELISTED - CORS_OWN - exposed) == [], "sent but not exposed"


def test_other_origins_get_nothing(make_api: MakeApi) -> None:
    api = make_api(cors_origins=[TOOL])
    api.new_campaign()
    answer = preflight(api, api.c("/clock/advance"), "https://evil.example")
    assert "Access-Control-Allow-Origin" not in answer.headers
    assert "Access-Control-Allow-Headers" not in answer.headers
    assert "Access-Control-Allow-Origin" not in api.get(
        api.c(), headers={"Origin": "https://evil.example"}).headers


def test_a_wildcard_allows_any_origin_but_never_with_credentials(make_api: MakeApi) -> None:
    api = make_api(cors_origins=["*"])
    api.new_campaign()
    answers = [preflight(api, api.c("/clock/advance"), "https://any.example"),
               api.client.get(api.c(), headers={"Origin": "https://any.example",
                                                 "Authorization": f"Bearer {api.token}"})]
    for answer in answers:
        assert answer.headers["Access-Control-Allow-Origin"] == "*"
        assert "Access-Control-Allow-Credentials" not in answer.headers
    assert answers[1].status_code == 200


def test_allowed_headers_name_what_writes_use() -> None:
    for header in ("Authorization", "Idempotency-Key", "If-Match", "Ledger-Min-Position"):
        assert header in CORS_ALLOW_HEADERS
