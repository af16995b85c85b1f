"""A problem's `title` is its rule's slug in words (api/errors.py `_title`), with acronyms
and header names written as the API and the rules write them: a newcomer's trial met
"Gm only" and "If match stale"."""

from __future__ import annotations

import pytest

from api.errors import _title
from tests.api_client import ApiClient


@pytest.mark.parametrize(("rule", "title"), [
    ("gm-only", "GM only"),
    ("if-match-stale", "If-Match stale"),
    ("malformed-last-event-id", "Malformed Last-Event-ID"),
    ("idempotency-key-reused", "Idempotency-Key reused"),
    ("contribution-exceeds-generated-sp", "Contribution exceeds generated SP"),
    ("json-too-deep", "JSON too deep"),
    ("webhook-url", "Webhook URL"),
    ("request-uri-too-long", "Request URI too long"),  # werkzeug's 414, titled by its name
    ("insufficient-mana", "Insufficient mana"),
])
def test_a_rules_title_writes_acronyms_and_headers_as_elsewhere(rule: str, title: str) -> None:
    assert _title(rule) == title


def test_a_rule_has_one_title_whichever_layer_answers_it(api: ApiClient) -> None:
    """A route's 404 was werkzeug's "Not Found", a token's "Not found"; werkzeug's 405 and
    422 were "Method Not Allowed" and "Unprocessable Entity"."""
    api.new_campaign()
    not_found = [api.get("/v1/nowhere"), api.get("/v1/campaigns/cmp_nope")]  # route, token
    assert {(a["rule"], a["title"]) for a in not_found} == {("not-found", "Not found")}
    assert api.delete(api.c())["title"] == "Method not allowed"
    invalid = [api.get(api.c("/timeline?limit=x")), api.get(api.c("/timeline?nope=1"))]
    assert {(a["rule"], a["title"]) for a in invalid} == {("schema-validation", "Schema validation")}
