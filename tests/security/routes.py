"""Every route of the app as (method, path template), with a request that fills it in.

Paths come from `app.url_map`, so a new route shows up here by itself. Bodies are the
smallest ones the route's OpenAPI request schema accepts, so a role check is reached
instead of a 422; ids are real ones from the seeded campaign.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

from flask import Flask

IGNORED_METHODS = {"HEAD", "OPTIONS"}
_VARIABLE = re.compile(r"<(?:([^<>:]*):)?(\w+)>")
# Body fields naming the acting character: "own" is the caller's character.
OWN_FIELDS = {"character_id", "by", "holder", "a", "summoner"}
OTHER_FIELDS = {"b"}
# Where the smallest valid body would not reach the interesting check.
BODY_OVERRIDES: dict[tuple[str, str], dict[str, Any]] = {
    ("POST", "/v1/campaigns/{campaign_id}/items/{item_id}/unlink"): {"character_id": "<own>"},
    ("POST", "/v1/campaigns/{campaign_id}/rewind"): {"to_position": 10**6, "reason": "matrix"},
    ("POST", "/v1/campaigns/{campaign_id}/webhooks"): {"url": "https://bot.example/hook",
                                                       "types": ["*"]},
}
STATIC_FILES = {"filename": "audit.css", "swagger_file": "swagger-ui.css"}
NAMES = {"name": "conditions"}  # a catalogue (api/routes/catalog.py)


def template(rule: str) -> str:
    return _VARIABLE.sub(lambda m: "{" + m.group(2) + "}", rule)


def route_keys(app: Flask) -> list[tuple[str, str]]:
    return sorted({(method, template(rule.rule)) for rule in app.url_map.iter_rules()
                   for method in (rule.methods or set()) - IGNORED_METHODS})


def first_choices(app: Flask) -> dict[str, dict[str, str]]:
    """For `any(...)` path variables: the first allowed value, per path template."""
    found: dict[str, dict[str, str]] = {}
    for rule in app.url_map.iter_rules():
        for converter, name in _VARIABLE.findall(rule.rule):
            if converter.startswith("any("):
                first = converter[4:].split(",")[0].strip(" '\")")
                found.setdefault(template(rule.rule), {})[name] = first
    return found


def fill_path(path: str, ids: dict[str, str], choices: dict[str, str]) -> str:
    values = {**STATIC_FILES, **NAMES, **ids, **choices}
    return re.sub(r"{(\w+)}", lambda m: values.get(m.group(1), "unknown"), path)


def resolve(spec: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].split("/")[-1]]
    return schema


def smallest(spec: dict[str, Any], schema: dict[str, Any], name: str, ids: dict[str, str],
             other: str) -> Any:
    """The smallest value of `schema`, with real ids for fields that name characters."""
    schema = resolve(spec, schema)
    kind = schema.get("type")
    if isinstance(kind, list):  # OpenAPI 3.1 writes a nullable field as ["array", "null"]
        kind = next(k for k in kind if k != "null")
    if "enum" in schema:
        return schema["enum"][0]
    if kind == "object":
        return {key: smallest(spec, sub, key, ids, other)
                for key, sub in schema.get("properties", {}).items()
                if key in schema.get("required", [])}
    if kind == "array":
        item = smallest(spec, schema.get("items", {}), name, ids, other)
        return [item] * schema.get("minItems", 0)
    if kind in ("integer", "number"):
        return min(max(schema.get("minimum", 1), 1), schema.get("maximum", 1))
    if kind == "boolean":
        return False
    if name in OWN_FIELDS:
        return ids["character_id"]
    return other if name in OTHER_FIELDS else "x" * max(schema.get("minLength", 1), 1)


def body_for(spec: dict[str, Any], method: str, path: str, ids: dict[str, str],
             other: str) -> Any:
    override = BODY_OVERRIDES.get((method, path))
    if override is not None:  # a deep copy: callers may change the body they are given
        return {k: ids["character_id"] if v == "<own>" else copy.deepcopy(v)
                for k, v in override.items()}
    operation = spec["paths"].get(path, {}).get(method.lower(), {})
    content = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if content is None:
        return None
    return smallest(spec, content["schema"], "", ids, other)


def every_get(api: Any, ids: dict[str, str], token: str) -> Iterator[tuple[str, bytes]]:
    """Each GET route filled with real ids, and the raw bytes of its answer (streams skipped:
    the feed sends the same events as /events)."""
    app = api.client.application
    choices = first_choices(app)
    for method, path in route_keys(app):
        if method != "GET" or path.endswith("/feed"):
            continue
        url = fill_path(path, ids, choices.get(path, {}))
        response = api.client.get(url, headers={"Authorization": f"Bearer {token}"})
        yield url, response.get_data() + str(response.headers).encode()


def stored_rows(config: Any, skip: frozenset[str] = frozenset()) -> bytes:
    """Every row of every ledger table, as text, for grepping."""
    from ledger.entry.tools.backup import connect, tables

    found = []
    with connect(config, write=False) as conn:
        for table in tables(conn, config):
            if table not in skip:
                found.append(repr(conn.execute(f'SELECT * FROM "{table}"').fetchall()))
    return "\n".join(found).encode()


def count_rows(config: Any, table: str) -> int:
    """How many rows a ledger table holds (every campaign's)."""
    from ledger.entry.tools.backup import connect

    with connect(config, write=False) as conn:
        return int(conn.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0])
