"""Query parameters an operation cannot do without are `required: true` in /openapi.json,
though they are checked after the caller's token (a newcomer's trial read `origin_at`,
`position` and `from` as optional, nullable and defaulting to null)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api_client import ApiClient

CAMPAIGN = "/v1/campaigns/{campaign_id}"
REQUIRED = [
    (CAMPAIGN + "/characters/{character_id}/compare", "origin_at", "fork_at"),
    (CAMPAIGN + "/proofs/inclusion", "position", "size"),
    (CAMPAIGN + "/proofs/consistency", "from", "to"),
]


@pytest.mark.parametrize(("path", "required", "optional"), REQUIRED)
def test_the_document_says_which_query_parameters_are_required(
        api: ApiClient, path: str, required: str, optional: str) -> None:
    spec: dict[str, Any] = api.get("/openapi.json").body
    query = {p["name"]: p for p in spec["paths"][path]["get"]["parameters"] if p["in"] == "query"}
    assert query[required]["required"] is True
    assert query[required]["schema"]["type"] == "integer"  # not nullable, no null default
    assert "default" not in query[required]["schema"]
    assert query[optional]["required"] is False


@pytest.mark.parametrize(("path", "required", "optional"), REQUIRED)
def test_a_request_without_one_is_a_422_naming_it_after_the_token(
        api: ApiClient, path: str, required: str, optional: str) -> None:
    api.new_campaign()
    mara = api.new_character()
    sent = path.format(campaign_id=api.campaign, character_id=mara)
    missing = api.get(sent)
    assert (missing.status, missing["rule"], missing["errors"]) == (
        422, "field-required", {required: [f"{required} is required"]})
    assert api.get(sent, token="").status == 401  # no token: nothing about the query
