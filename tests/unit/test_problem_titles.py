"""A problem's `title` is its rule's slug in words (api/errors.py `_title`), with acronyms
and header names written as the API and the rules write them: a newcomer's trial met
"Gm only" and "If match stale"."""

from __future__ import annotations

import pytest

from api.errors import _title


@pytest.mark.parametrize(("rule", "title"), [
    ("gm-only", "GM only"),
    ("if-match-stale", "If-Match stale"),
    ("malformed-last-event-id", "Malformed Last-Event-ID"),
    ("idempotency-key-reused", "Idempotency-Key reused"),
    ("contribution-exceeds-generated-sp", "Contribution exceeds generated SP"),
    ("json-too-deep", "JSON too deep"),
    ("webhook-url", "Webhook URL"),
    ("insufficient-mana", "Insufficient mana"),
])
def test_a_rules_title_writes_acronyms_and_headers_as_elsewhere(rule: str, title: str) -> None:
    assert _title(rule) == title
