"""Every route x every kind of caller -> the status its access policy promises.

EXPECTATIONS maps each (method, path template) to a policy name; the statuses come from
the policy; a registered command brings its own from the registry. Routes are read
from the app itself, so a new route missing from the table fails
`test_every_route_has_an_access_policy` until someone decides who may call it.
"""

from __future__ import annotations

from typing import Any

import pytest

from api import create_app
from ledger.service.config import Config
from tests.api_client import Answer, ApiClient
from tests.registry_checks import matrix_policies
from tests.security.conftest import MakeApi
from tests.security.routes import body_for, fill_path, first_choices, route_keys
from tests.security.seed import seed

C = "/v1/campaigns/{campaign_id}"
CH = C + "/characters/{character_id}"
EXPECTATIONS: dict[tuple[str, str], str] = {
    # Public: probes, the spec and docs, the audit page shell (it holds no data), creation.
    ("GET", "/healthz"): "public", ("GET", "/readyz"): "public",
    ("GET", "/healthz/runners"): "public", ("GET", "/metrics"): "public",  # no metrics token set
    ("GET", "/openapi.json"): "public", ("GET", "/docs"): "public",
    ("GET", "/static/{filename}"): "public", ("GET", "/audit-assets/{filename}"): "public",
    ("GET", "/docs-assets/{swagger_file}"): "public",
    ("GET", "/campaigns/{campaign_id}/audit"): "public", ("GET", "/v1/signing-key"): "public",
    ("GET", "/campaigns/{campaign_id}/table"): "public",  # page shells: no data, like the audit
    ("GET", "/campaigns/{campaign_id}/forks"): "public",
    # Catalogues: the rules' tables, no campaign's data; a campaign's values need its token.
    ("GET", "/v1/catalog"): "public", ("GET", "/v1/catalog/{name}"): "public",
    ("GET", C + "/catalog/{name}"): "reader",
    ("POST", "/v1/campaigns"): "public",
    # The caller's own token: any live token of any campaign.
    ("GET", "/v1/me"): "token",
    # Campaign, clock, history and audit.
    ("GET", C): "reader", ("PATCH", C + "/settings"): "gm",
    ("POST", C + "/clock/{action}"): "gm", ("POST", C + "/clock/advance"): "gm",
    ("POST", C + "/clock/new-day"): "gm", ("GET", C + "/state"): "reader",
    ("GET", C + "/events"): "reader", ("GET", C + "/feed"): "reader",
    ("GET", C + "/timeline"): "reader", ("POST", C + "/feed-tickets"): "reader",
    ("GET", C + "/verify"): "reader", ("GET", C + "/head"): "reader",
    ("GET", C + "/export"): "reader", ("GET", C + "/hidden/{position}"): "gm",
    ("GET", C + "/proofs/inclusion"): "reader", ("GET", C + "/proofs/consistency"): "reader",
    ("POST", C + "/rewind"): "gm", ("POST", C + "/redo"): "gm", ("POST", C + "/fork"): "gm",
    # Tokens.
    ("POST", C + "/tokens"): "gm", ("GET", C + "/tokens"): "gm",
    ("DELETE", C + "/tokens/{token_id}"): "gm", ("POST", C + "/tokens/{token_id}/rotate"): "gm",
    # Webhooks.
    ("POST", C + "/webhooks"): "gm", ("GET", C + "/webhooks"): "gm",
    ("DELETE", C + "/webhooks/{webhook_id}"): "gm",
    ("GET", C + "/webhooks/{webhook_id}/deliveries"): "gm",
    # Characters.
    ("POST", C + "/characters"): "gm", ("GET", C + "/characters"): "reader",
    ("GET", CH): "reader", ("PATCH", CH): "gm", ("GET", CH + "/compare"): "gm",
    ("POST", CH + "/rolls"): "own",
    ("POST", CH + "/health/damage"): "own", ("POST", CH + "/health/heal"): "own",
    ("POST", CH + "/corrections"): "gm", ("POST", CH + "/death"): "gm",
    # Conditions.
    ("POST", CH + "/conditions"): "own", ("GET", CH + "/conditions"): "reader",
    ("POST", CH + "/conditions/{condition_id}/recover"): "own",
    ("POST", CH + "/conditions/{condition_id}/heal"): "own",
    ("POST", CH + "/conditions/{condition_id}/treat"): "own",
    # Effort, spells, Strain (the commands: from the registry, below).
    ("GET", CH + "/effort"): "reader", ("GET", CH + "/spells"): "reader",
    ("GET", CH + "/strain"): "reader",
    # Magic Tests and Backlash (the commands: from the registry, below).
    ("GET", CH + "/magic"): "reader", ("GET", C + "/magic/resistance-factors"): "reader",
    # Items (the commands, where `character_id` is the acting one: from the registry, below).
    ("GET", C + "/items"): "reader", ("GET", C + "/items/{item_id}"): "reader",
    # Spirits: the seeded spirit's summoner is the "own" character.
    ("GET", CH + "/spirits"): "reader", ("GET", C + "/spirits"): "reader",
    # Bonds and the Stunt Pool (the commands: from the registry, below).
    ("GET", C + "/stunt-pool"): "reader", ("GET", C + "/stunts"): "reader",
    # Encounters (the commands, all the GM's: from the registry, below).
    ("GET", C + "/encounter"): "reader",
    # Every registered command, with the policy it declares (api/registry.py).
    **matrix_policies(),
}
PROBLEM = "application/problem+json"
CALLERS = ("none", "foreign", "observer", "other", "own", "gm")
# policy -> caller -> the refusal it gets; a caller not listed is let through.
REFUSALS: dict[str, dict[str, int]] = {
    "public": {},
    "token": {"none": 401},
    "reader": {"none": 401, "foreign": 404},
    "writer": {"none": 401, "foreign": 404, "observer": 403},
    "own": {"none": 401, "foreign": 404, "observer": 403, "other": 403},  # GM or own player
    "gm": {"none": 401, "foreign": 404, "observer": 403, "other": 403, "own": 403},
}
# Called last: they change what later calls would find (tokens, the character's life).
LAST = {("POST", CH + "/death"), ("DELETE", C + "/tokens/{token_id}"),
        ("POST", C + "/tokens/{token_id}/rotate"), ("POST", C + "/rewind"), ("POST", C + "/redo"),
        ("DELETE", C + "/webhooks/{webhook_id}")}


@pytest.fixture
def matrix_api(make_api: MakeApi) -> ApiClient:
    return make_api(rate_limit_per_minute=0)


def call(api: ApiClient, method: str, url: str, body: Any, token: str) -> Answer:
    """One request; a stream (the feed) is closed unread once its status is known."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = api.client.open(url, method=method, json=body, headers=headers)
    if response.mimetype == "text/event-stream":
        response.close()
        return Answer(response.status_code, None, response.headers)
    return Answer(response.status_code, response.get_json(silent=True), response.headers)


def refused_by_access(answer: Answer) -> bool:
    """401, 403, or the 404 that hides another campaign; a domain 404 names its rule."""
    rule = (answer.body or {}).get("rule")
    return answer.status in (401, 403) or (answer.status == 404 and rule == "not-found")


def verdict(policy: str, caller: str, answer: Answer) -> str | None:
    """None when the answer is what the policy promises, else what went wrong."""
    if answer.status >= 500:
        return f"{answer.status} server error"
    expected = REFUSALS[policy].get(caller)
    if expected is None:
        return f"refused with {answer.status}" if refused_by_access(answer) else None
    if (answer.status, answer.headers.get("Content-Type")) != (expected, PROBLEM):
        return f"expected {expected} problem+json, got {answer.status}"
    return None


def test_every_route_has_an_access_policy(tmp_path: Any) -> None:
    app = create_app(Config(data_dir=str(tmp_path), testing=True))
    routes = set(route_keys(app))
    assert sorted(routes - set(EXPECTATIONS)) == [], "new routes need a policy in EXPECTATIONS"
    assert sorted(set(EXPECTATIONS) - routes) == [], "EXPECTATIONS lists routes that are gone"
    assert set(EXPECTATIONS.values()) <= set(REFUSALS)


def test_every_route_answers_every_caller_as_its_policy_says(matrix_api: ApiClient) -> None:
    seeded = seed(matrix_api)
    app: Any = matrix_api.client.application
    spec = matrix_api.get("/openapi.json").body
    choices = first_choices(app)
    tokens = {"none": "", **seeded.tokens}
    wrong: list[str] = []
    for method, path in sorted(route_keys(app), key=lambda key: (key in LAST, key)):
        url = fill_path(path, seeded.ids, choices.get(path, {}))
        body = body_for(spec, method, path, seeded.ids, seeded.other_character)
        for caller in CALLERS:
            answer = call(matrix_api, method, url, body, tokens[caller])
            # A route missing from the table fails the test above; here it is held to "gm".
            problem = verdict(EXPECTATIONS.get((method, path), "gm"), caller, answer)
            if problem:
                wrong.append(f"{method} {path} as {caller}: {problem} {answer.body}")
    assert wrong == [], "\n".join(wrong)


def test_a_feed_ticket_opens_the_feed_and_no_other_route(matrix_api: ApiClient) -> None:
    """Every route called with a feed ticket in its query and no Authorization header: only
    the feed opens, everything else is 401 (a ticket is read-only and feed-only)."""
    seeded = seed(matrix_api)
    app: Any = matrix_api.client.application
    spec = matrix_api.get("/openapi.json").body
    choices = first_choices(app)
    ticket = matrix_api.post(fill_path(C + "/feed-tickets", seeded.ids, {}), {},
                             token=seeded.tokens["observer"])["ticket"]
    opened, wrong = [], []
    for method, path in sorted(route_keys(app), key=lambda key: (key in LAST, key)):
        url = fill_path(path, seeded.ids, choices.get(path, {})) + f"?ticket={ticket}"
        answer = call(matrix_api, method, url, body_for(spec, method, path, seeded.ids,
                                                         seeded.other_character), "")
        if answer.status == 200 and (method, path) == ("GET", C + "/feed"):
            opened.append(path)
        elif (answer.status, (answer.body or {}).get("rule")) != (
                401, "feed-ticket-only-opens-the-feed"):
            wrong.append(f"{method} {path}: {answer.status} {answer.body}")
    assert (opened, wrong) == ([C + "/feed"], [])
