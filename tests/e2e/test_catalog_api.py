"""Catalogues over HTTP, on both stores: listing, each catalogue, a campaign's own values,
unknown names, refusals that point at their catalogue, and the Event union of /openapi.json."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient


def test_catalog_lists_its_names_and_each_answers_without_a_token(api: ApiClient) -> None:
    listing = api.get("/v1/catalog", token="")
    assert listing.status == 200, listing
    names = [c["name"] for c in listing["catalogs"]]
    assert {"conditions", "spells", "event-types", "materials"} <= set(names)
    for name in names:
        answer = api.get(f"/v1/catalog/{name}", token="")
        assert answer.status == 200, (name, answer)
        assert answer["catalog"] == name
        assert answer["entries"]
        assert all("name" in entry for entry in answer["entries"])


def test_an_unknown_catalogue_is_a_404_listing_the_names(api: ApiClient) -> None:
    answer = api.get("/v1/catalog/potions", token="")
    assert answer.status == 404, answer
    assert answer.headers["Content-Type"].startswith("application/problem+json")
    assert answer["rule"] == "unknown-catalog"
    assert "spells" in answer["allowed"]


def test_a_campaign_catalogue_gives_the_campaign_settings_values(api: ApiClient) -> None:
    api.new_campaign(helpless_points=7)
    answer = api.get(api.c("/catalog/conditions"))
    assert answer.status == 200, answer
    assert answer["settings"] == {"helpless_points": 7}
    helpless = next(e for e in answer["entries"] if e["name"] == "Helpless")
    assert helpless["default_points"] == 7
    assert answer["position"] >= 1
    default = api.get("/v1/catalog/conditions", token="")
    assert next(e for e in default["entries"] if e["name"] == "Helpless")["default_points"] == 4
    assert api.get(api.c("/catalog/conditions"), token="").status == 401


def _refusal(answer: Any, catalogue: str) -> list[str]:
    assert answer.status in (409, 422), answer
    assert answer["catalog"] == f"/v1/catalog/{catalogue}"
    valid: list[str] = answer["allowed"]
    return valid


def test_refused_names_link_their_catalogue(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(level=5, skills={"summon": 1}, modifiers={"cha": 2, "con": 0},
                             edges=["Summoner"])
    conditions = {e["name"] for e in api.get("/v1/catalog/conditions")["entries"]}
    refused = api.post(api.c(f"/characters/{mara}/conditions"), {"name": "Sleepy"})
    assert set(_refusal(refused, "conditions")) == conditions
    powers = {e["name"] for e in api.get("/v1/catalog/spirit-powers")["entries"]}
    summon = api.post(api.c(f"/characters/{mara}/spirits"), {
        "mode": "ritual", "nature": "Fire", "form": "physical", "form_level": 1,
        "appearance": "a hound", "powers": ["Fireball"], "hit_dice": 1, "hit_points": 6})
    assert set(_refusal(summon, "spirit-powers")) == powers
    materials = {e["name"] for e in api.get("/v1/catalog/materials")["entries"]}
    item = api.post(api.c("/items"), {"name": "Vase", "kind": "vase",
                                        "materials": [{"name": "glass"}]})
    assert set(_refusal(item, "materials")) == materials
    hook = api.post(api.c("/webhooks"), {"url": "https://example.org/h", "types": ["Nope"]})
    event_types = {e["name"] for e in api.get("/v1/catalog/event-types")["entries"]}
    assert set(_refusal(hook, "event-types")) == event_types
    assert api.get(api.c("/events")).status == 200  # nothing was recorded by the refusals
    assert [e["type"] for e in api.get(api.c("/events"))["events"]] == [
        "CampaignCreated", "CharacterRegistered"]


def test_openapi_event_is_a_union_discriminated_on_type(api: ApiClient) -> None:
    spec = api.get("/openapi.json", token="").body
    schemas = spec["components"]["schemas"]
    event = schemas["Event"]
    mapping = event["discriminator"]["mapping"]
    assert event["discriminator"]["propertyName"] == "type"
    types = {e["name"] for e in api.get("/v1/catalog/event-types")["entries"]}
    assert set(mapping) == types
    rolled = schemas[mapping["Rolled"].split("/")[-1]]
    assert rolled["properties"]["type"]["enum"] == ["Rolled"]
    data = schemas[rolled["properties"]["data"]["$ref"].split("/")[-1]]
    assert {"dice", "result_text", "label"} <= set(data["properties"])
    new_day = schemas[mapping["NewDay"].split("/")[-1]]["properties"]["data"]["$ref"]
    assert new_day.endswith("/NewDayData")  # the request schema NewDay keeps its name
