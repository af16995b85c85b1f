"""Every read of a resource at the head or `?at=` declares its answer's type, and answers
what it declares: a newcomer's client, generated from /openapi.json, typed 18 of them `Any`
(`{}` in the document). Each answer of a seeded campaign is validated against its schema."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from tests.api_client import ApiClient
from tests.security.seed import seed

READS = {  # path (as the document names it) -> its resource keys
    "/v1/campaigns/{campaign_id}/characters/{character_id}/effort": ("effort", "strain"),
    "/v1/campaigns/{campaign_id}/characters/{character_id}/spells": ("spells",),
    "/v1/campaigns/{campaign_id}/characters/{character_id}/strain": ("strain",),
    "/v1/campaigns/{campaign_id}/characters/{character_id}/magic": ("magic",),
    "/v1/campaigns/{campaign_id}/characters/{character_id}/conditions": (
        "conditions", "movement", "defense"),
    "/v1/campaigns/{campaign_id}/characters/{character_id}/spirits": ("holdings",),
    "/v1/campaigns/{campaign_id}/stunt-pool": ("stunt_pool",),
    "/v1/campaigns/{campaign_id}/stunts": ("stunts",),
    "/v1/campaigns/{campaign_id}/encounter": ("encounter",),
    "/v1/campaigns/{campaign_id}/items": ("items", "by_character"),
    "/v1/campaigns/{campaign_id}/items/{item_id}": ("item",),
    "/v1/campaigns/{campaign_id}/spirits": ("spirits", "summoners"),
}


def as_json_schema(node: Any) -> Any:
    """OpenAPI's `nullable: true` as JSON Schema's null alternative."""
    if isinstance(node, list):
        return [as_json_schema(n) for n in node]
    if not isinstance(node, dict):
        return node
    inner = {k: as_json_schema(v) for k, v in node.items() if k != "nullable"}
    return {"anyOf": [inner, {"type": "null"}]} if node.get("nullable") else inner


@pytest.fixture
def seeded(api: ApiClient) -> tuple[ApiClient, dict[str, str], dict[str, Any]]:
    found = seed(api)
    api.token = found.tokens["gm"]
    api.post(api.c("/encounter"), {"participants": [
        {"character_id": found.ids["character_id"], "initiative": 9},
        {"name": "Thug", "initiative": 5}]})
    document = as_json_schema(api.get("/openapi.json").body)
    return api, {"campaign_id": found.campaign, **found.ids}, document


@pytest.mark.parametrize("path", READS)
def test_a_read_declares_its_resources_types_and_answers_them(
        seeded: tuple[ApiClient, dict[str, str], dict[str, Any]], path: str) -> None:
    api, ids, document = seeded
    schema = document["paths"][path]["get"]["responses"]["200"]["content"][
        "application/json"]["schema"]
    for key in READS[path]:
        assert schema["properties"][key] not in ({}, None), f"{path}: {key} is untyped"
    answer = api.get(path.format(**ids))
    assert answer.status == 200, answer
    # The answer's schema at the root of the document, so its `#/components/...` resolve.
    validator = jsonschema.Draft202012Validator({**document, **schema})
    problems = [f"{'.'.join(map(str, e.absolute_path))}: {e.message}"
                for e in validator.iter_errors(answer.body)]
    assert problems == [], problems[:5]
