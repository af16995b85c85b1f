"""One name per concept: the banned synonyms of the README's glossary appear in no schema
of /openapi.json (event `data` aside: it is sent as recorded, and its components are
told apart by the wire shape, api/wire_schema.py) and in none of the client's method
parameters or request keys."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from api import create_app
from ledger.service.config import Config

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "client/campaign_ledger_client"
# Names a concept of its own uses, each with why (a glossary entry does not cover it).
OWN_CONCEPT = {
    ("ConsistencyProof", "first"): "RFC 9162's name: the size of the older tree",
    ("witness.py", "first"): "RFC 9162's consistency check, in its own terms",
}
QUALIFIED = {"character": "string", "state": None}  # banned only as an id / checked elsewhere


def banned() -> dict[str, str | None]:
    """Banned name -> the JSON type it is banned as (None: any) from the README's table."""
    text = (ROOT / "README.md").read_text()
    table = text[text.index("## Glossary"):].split("\n## ", 1)[0]
    found: dict[str, str | None] = {}
    for row in table.splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) == 3 and not set(cells[2]) <= set("-"):
            for name in re.findall(r"`([^`]+)`", cells[2]):
                found[name] = QUALIFIED.get(name)
    found.pop("state", None)  # a write's `state`: tests/contract/test_envelope.py
    return found


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    app = create_app(Config(data_dir=str(tmp_path_factory.mktemp("doc")), testing=True))
    spec: dict[str, Any] = app.test_client().get("/openapi.json").get_json()
    return spec


def _recorded(document: dict[str, Any]) -> set[str]:
    """The components only event data names: the `…Event` variants, the data Structs and
    the recorded shapes (`…Recorded`), found from the `Event` union."""
    schemas = document["components"]["schemas"]
    outside = {name for name in schemas if name.endswith("Event") or name.endswith("Recorded")}
    todo = [schemas[name]["properties"]["data"]["$ref"].rsplit("/", 1)[-1]
            for name in outside if "data" in schemas[name].get("properties", {})]
    reached: set[str] = set()
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo += re.findall(r"#/components/schemas/(\w+)", str(schemas[name]))
    answered = _answered(document) - outside
    return outside | (reached - answered)


def _answered(document: dict[str, Any]) -> set[str]:
    """Components an operation's request or answer reaches."""
    schemas = document["components"]["schemas"]
    todo = re.findall(r"#/components/schemas/(\w+)", str(document["paths"]))
    reached: set[str] = set()
    while todo:
        name = todo.pop()
        if name not in reached and not name.endswith("Event") and name != "Event":
            reached.add(name)
            todo += re.findall(r"#/components/schemas/(\w+)", str(schemas[name]))
    return reached


def _offences(schema: Any, where: str, names: dict[str, str | None]) -> list[str]:
    found = []
    if isinstance(schema, dict):
        for key, sub in (schema.get("properties") or {}).items():
            kind = sub.get("type") if isinstance(sub, dict) else None
            if key in names and (names[key] is None or kind == names[key]) \
                    and (where.split(" ")[0], key) not in OWN_CONCEPT:
                found.append(f"{where}: {key}")
        for key, sub in schema.items():
            if key != "properties":
                found += _offences(sub, where, names)
        for sub in (schema.get("properties") or {}).values():
            found += _offences(sub, where, names)
    elif isinstance(schema, list):
        for sub in schema:
            found += _offences(sub, where, names)
    return found


def test_the_glossary_bans_the_names_the_issue_named() -> None:
    assert {"character", "class", "dice_epoch", "dice_commitment", "first", "last"} <= set(
        banned())


def test_no_schema_of_the_document_uses_a_banned_name(document: dict[str, Any]) -> None:
    names = banned()
    skip = _recorded(document)
    found = [hit for name, schema in document["components"]["schemas"].items()
             if name not in skip for hit in _offences(schema, name, names)]
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if not isinstance(operation, dict):
                continue
            where = f"{method.upper()} {path}"
            found += [f"{where}: query {p['name']}" for p in operation.get("parameters", [])
                      if (p["name"] in names and names[p["name"]] is None)
                      or p["name"] == "character"]
            found += _offences(operation.get("requestBody", {}), where, names)
            found += _offences(operation.get("responses", {}), where, names)
    assert found == []


def test_the_client_sends_no_banned_name() -> None:
    names = banned()
    found = []
    for path in sorted(CLIENT.glob("*.py")):
        if path.name == "schemas.py":  # generated from the document checked above
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.arg) and node.arg in names \
                    and (path.name, node.arg) not in OWN_CONCEPT:
                found.append(f"{path.name}:{node.lineno} parameter {node.arg}")
            if isinstance(node, ast.keyword) and node.arg in names:
                found.append(f"{path.name}:{node.lineno} key {node.arg}")
            if isinstance(node, ast.Dict):
                found += [f"{path.name}:{node.lineno} key {k.value}" for k in node.keys
                          if isinstance(k, ast.Constant) and k.value in names]
    assert found == []


def test_a_banned_name_fails_the_check() -> None:
    names = banned()
    assert _offences({"properties": {"dice_epoch": {"type": "integer"}}}, "X", names)
    assert _offences({"properties": {"character": {"type": "string"}}}, "X", names)
    assert not _offences({"properties": {"character": {"$ref": "#/c/Character"}}}, "X", names)
