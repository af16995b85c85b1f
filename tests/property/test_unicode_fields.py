"""Arbitrary Unicode in every string field of every write, and in every string query
parameter, through the HTTP API on both stores.

Properties: no answer is a 5xx; text holding a NUL or a lone surrogate is refused with a
422 naming the field and records nothing; text with astral characters that a write
accepts reads back unchanged. LEDGER_PROPERTY_EXAMPLES sets the examples (10 by default).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api import create_app
from api.text_guard import flaw
from ledger.service.config import Config
from tests.api_client import Answer, ApiClient
from tests.security.routes import body_for, resolve
from tests.security.seed import Seeded, seed
from tests.security.test_unstorable_text import row_counts

EXAMPLES = int(os.environ.get("LEDGER_PROPERTY_EXAMPLES", "10"))
FLAWS = ["\x00", "\ud800", "\udbff", "\udc00", "\udfff"]
any_character = st.one_of(st.integers(0, 0x10FFFF).map(chr), st.sampled_from(FLAWS),
                          st.integers(0x10000, 0x10FFFF).map(chr))
Target = tuple[str, str, tuple[str, ...], bool]  # method, path, field, whether a key


def string_fields(spec: dict[str, Any], schema: dict[str, Any],
                  at: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], bool]]:
    """Each place in a request schema that takes text: string values (enums too), values
    of any type, and the keys of open objects."""
    schema = resolve(spec, schema)
    kind = schema.get("type")
    if kind == "object":
        for name, sub in schema.get("properties", {}).items():
            yield from string_fields(spec, sub, (*at, name))
        if schema.get("additionalProperties") or not schema.get("properties"):
            yield at, True
    elif kind == "array":
        yield from string_fields(spec, schema.get("items", {}), (*at, "0"))
    elif kind == "string" or kind is None:
        yield at, False


def targets(spec: dict[str, Any]) -> list[Target]:
    found = []
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            content = (operation.get("requestBody", {}).get("content", {})
                       .get("application/json") if isinstance(operation, dict) else None)
            if content is not None:
                found += [(method.upper(), path, field, key)
                          for field, key in string_fields(spec, content["schema"])]
    return found


def query_targets(spec: dict[str, Any]) -> list[tuple[str, str]]:
    return [(path, parameter["name"]) for path, operations in spec["paths"].items()
            for parameter in operations.get("get", {}).get("parameters", [])
            if parameter["in"] == "query" and not path.endswith("/feed")]


def with_text(body: Any, field: tuple[str, ...], key: bool, text: str) -> Any:
    """`body` with `text` at `field` (or, for a key, as a key of the object there)."""
    body = {} if body is None else body
    container = body
    for here, after in zip(field, [*field[1:], None]):  # noqa: B905 (the last has no next)
        if after is None and not key:
            _put(container, here, text)
            return body
        if _get(container, here) is None or not isinstance(_get(container, here), (dict, list)):
            _put(container, here, [] if after == "0" else {})
        container = _get(container, here)
    if key:
        container.clear()
        container[text] = 1
    return body


def _get(container: Any, name: str) -> Any:
    if isinstance(container, list):
        return container[0] if container else None
    return container.get(name)


def _put(container: Any, name: str, value: Any) -> None:
    if isinstance(container, list):
        container[:1] = [value]
    else:
        container[name] = value


def named(field: tuple[str, ...], key: bool) -> str:
    """The field name the refusal must give: a key's flaw is named by its object."""
    return ".".join(field) or "body" if key else ".".join(field)


def leaves(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from leaves(item)


@pytest.fixture
def unlimited_api(store_config: Config) -> Iterator[ApiClient]:
    app = create_app(msgspec.structs.replace(store_config, rate_limit_per_minute=0))
    yield ApiClient(app.test_client())
    built = app.extensions.get("ledger")
    if built is not None:
        built.store.close()


def fill(path: str, seeded: Seeded) -> str:
    values = {**seeded.ids, "resource": "mana", "action": "gain"}
    return path.format(**values)


def send(api: ApiClient, method: str, path: str, body: Any, ascii_only: bool = True) -> Answer:
    data = json.dumps(body, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")
    return api.call(method, path, data=data, content_type="application/json")


def recorded_by(api: ApiClient, answer: Answer) -> Any:
    """The events a write recorded, read back (a new campaign's with its own token)."""
    if "gm_token" in answer.body:
        return api.get(f"/v1/campaigns/{answer['campaign']['id']}/events",
                       token=answer["gm_token"]).body["events"]
    after = answer["position"] - len(answer["events"])
    return api.get(api.c(f"/events?after={after}")).body["events"]


def test_unicode_in_every_string_field_is_refused_cleanly_or_kept(
        unlimited_api: ApiClient, store_config: Config) -> None:
    api = unlimited_api
    seeded = seed(api)
    api.token = seeded.tokens["gm"]
    spec: dict[str, Any] = api.client.get("/openapi.json").get_json()
    writes, queries = targets(spec), query_targets(spec)
    assert len(writes) > 100

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(text=st.text(any_character, max_size=12), bad=st.sampled_from(FLAWS),
           where=st.integers(0, 12), astral=st.integers(0x10000, 0x10FFFF).map(chr),
           ascii_only=st.booleans())
    def run(text: str, bad: str, where: int, astral: str, ascii_only: bool) -> None:
        clean = "".join(c for c in text if flaw(c) is None)
        flawed = clean[:where] + bad + clean[where:]
        before = row_counts(store_config)
        for method, path, field, key in writes:
            body = with_text(body_for(spec, method, path, seeded.ids, seeded.other_character),
                             field, key, flawed)
            answer = send(api, method, fill(path, seeded), body)
            assert (answer.status, answer["rule"]) == (422, "invalid-text"), (path, field, answer)
            assert named(field, key) in answer["errors"], (path, field, answer)
        for path, name in queries:
            raw = quote(flawed.encode("utf-8", "surrogatepass"))
            answer = api.get(f"{fill(path, seeded)}?{name}={raw}")
            assert (answer.status, answer["rule"]) == (422, "invalid-text"), (path, name, answer)
        assert row_counts(store_config) == before
        kept = clean + astral
        for method, path, field, key in writes:
            body = with_text(body_for(spec, method, path, seeded.ids, seeded.other_character),
                             field, key, kept)
            answer = send(api, method, fill(path, seeded), body, ascii_only)
            assert answer.status < 500, (path, field, answer)
            if answer.status < 300 and "hidden" in answer.body:
                # A GM's hidden roll or note: others read a placeholder; the GM's answer
                # shows what was sealed.
                assert kept in set(leaves(answer["hidden"])), (path, field, answer)
            elif answer.status < 300 and "position" in answer.body:
                # An edit to what is already there records nothing: the answer shows it.
                found = recorded_by(api, answer) if answer["events"] else answer.body
                assert kept in set(leaves(found)), (path, field, answer)

    run()
