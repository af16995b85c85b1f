"""Every operation of /openapi.json declares its success answer and its request body, with an
example, and names its types instead of an untyped `{"type": "object"}`.

Operations not yet declared through the command registry are listed in NOT_YET, each
still failing (so the list can only shrink): a new operation cannot join it silently.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from api import create_app
from ledger.service.config import Config
from tests.contract.not_yet import NOT_YET

BODY_METHODS = {"post", "put", "patch"}
HTTP_METHODS = BODY_METHODS | {"get", "delete"}
# Open objects whose keys are data, not a type: (component or operation, property) -> why.
OPEN_ON_PURPOSE = {
    # Event payloads that carry a sheet or settings as recorded: open maps of names to values
    # (docs/rules/characters.md); the event-types catalogue gives each payload's schema.
    "CharacterRegistered.sheet": "the sheet as registered: field name -> value",
    "SheetUpdated.changes": "sheet fields changed: field name -> new value",
    "SheetUpdated.before": "those fields before: field name -> old value",
    "SettingsChanged.changes": "settings changed: setting name -> new value",
    "SettingsChanged.before": "those settings before: setting name -> old value",
    "Problem.errors": "field name -> messages, nested for nested fields",
    "CampaignSummary.settings": "the campaign's settings: names and values per ledger/config",
    # A revealed hidden roll or note, exactly as committed: the commitment covers these bytes.
    "HiddenRevealed.data": "the hidden data as committed (docs/trust.md, blind rolls)",
}


def problems_of(document: dict[str, Any], path: str, method: str) -> list[str]:
    operation = document["paths"][path][method]
    found = []
    successes = {code: answer for code, answer in operation["responses"].items()
                 if code.startswith("2")}
    typed = [code for code, answer in successes.items()
             if code == "204" or any("schema" in media and media["schema"]
                                     for media in answer.get("content", {}).values())]
    if not typed:
        found.append("no 2xx response schema")
    if method in BODY_METHODS:
        body = operation.get("requestBody", {}).get("content", {})
        media = body.get("application/json")
        if media is None:
            found.append("no request body declared")
        elif "example" not in media and "examples" not in media:
            found.append("no request example")
    for where, schema in schemas_in(operation):
        if untyped(schema):
            found.append(f"untyped object at {where}")
    return found


def schemas_in(operation: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    for code, answer in operation["responses"].items():
        if code.startswith("2"):
            for media in answer.get("content", {}).values():
                walk(media.get("schema", {}), f"response {code}", found)
    for media in operation.get("requestBody", {}).get("content", {}).values():
        walk(media.get("schema", {}), "request", found)
    return found


def walk(schema: Any, where: str, found: list[tuple[str, dict[str, Any]]]) -> None:
    if not isinstance(schema, dict):
        return
    found.append((where, schema))
    for name, sub in schema.get("properties", {}).items():
        walk(sub, f"{where}.{name}", found)
    walk(schema.get("items"), f"{where}[]", found)


def untyped(schema: dict[str, Any]) -> bool:
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    return ("object" in kinds and not schema.get("properties")
            and "additionalProperties" not in schema and "$ref" not in schema)


def component_problems(document: dict[str, Any]) -> list[str]:
    found = []
    for name, schema in document["components"]["schemas"].items():
        for prop, sub in schema.get("properties", {}).items():
            if isinstance(sub, dict) and untyped(sub) and f"{name}.{prop}" not in OPEN_ON_PURPOSE:
                found.append(f"{name}.{prop}")
    return found


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    app = create_app(Config(data_dir=str(tmp_path_factory.mktemp("doc")), testing=True))
    spec: dict[str, Any] = app.test_client().get("/openapi.json").get_json()
    return spec


def operations(document: dict[str, Any]) -> list[tuple[str, str]]:
    return [(method, path) for path, item in document["paths"].items()
            for method in item if method in HTTP_METHODS]


def test_every_operation_declares_its_answer_body_and_example(document: dict[str, Any]) -> None:
    wrong = {f"{method.upper()} {path}": problems_of(document, path, method)
             for method, path in operations(document)}
    failing = {op for op, found in wrong.items() if found}
    assert sorted(failing - NOT_YET) == [], {op: wrong[op] for op in failing - NOT_YET}
    assert sorted(NOT_YET - failing) == [], "declared now: remove them from NOT_YET"


def test_components_name_their_types(document: dict[str, Any]) -> None:
    assert component_problems(document) == []
    assert set(OPEN_ON_PURPOSE) <= {f"{name}.{prop}" for name, schema in
                                    document["components"]["schemas"].items()
                                    for prop in schema.get("properties", {})}


def test_the_document_is_served_compact_and_the_same_each_time(tmp_path: Any) -> None:
    # Indented and dumped again on every request it was 1.8 MB at about 100 ms a time.
    client = create_app(Config(data_dir=str(tmp_path), testing=True)).test_client()
    first, again = client.get("/openapi.json"), client.get("/openapi.json")
    assert first.content_type == "application/json"
    assert first.data == msgspec.json.encode(msgspec.json.decode(first.data))  # no spacing
    assert first.data == again.data
