"""Every `POST|PUT|PATCH /path {field, optional?}` the README and docs/ show names the
body fields the operation takes, marks as optional (`?`) exactly those it does not
require, and leaves out none it requires: a newcomer copying a documented body gets no
422. Found by a doc audit: the item commands were documented with `character` after the
field became `character_id`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from api import create_app
from ledger.service.config import Config

ROOT = Path(__file__).resolve().parents[2]
SHOWN = re.compile(r"`(POST|PUT|PATCH) (/[^`\s]*) \{([^`]*)\}`")
Body = tuple[set[str], set[str]]  # the fields it takes, those it requires


def _segments(path: str) -> list[str]:
    """A path's segments with its parameters unnamed: `{id}` and `{character_id}` match."""
    return re.sub(r"\{[^}]*\}", "{}", path).split("/")


def _fits(operation: str, shown: str) -> bool:
    """Whether the docs' path (relative, ending the operation's) names this operation; a
    shown `/strain/gain` is the operation `/strain/{action}`."""
    full, tail = _segments(operation), _segments(shown)
    return len(full) >= len(tail) and all(
        mine == theirs or mine == "{}" for mine, theirs in zip(full[-len(tail):], tail, strict=True))


def _top_level(body: str) -> list[str]:
    """`a, b?, c?: {d, e}, f: [{g}]` -> ["a", "b?", "c?", "f"]: nested shapes are skipped."""
    names, depth, current = [], 0, ""
    for char in body + ",":
        if char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
        elif char == "," and depth == 0:
            names.append(current.split(":")[0].strip())
            current = ""
        elif depth == 0:
            current += char
    return [name for name in names if name]


def documented() -> list[tuple[str, str, str, list[str]]]:
    """(file:line, method, path, fields) for every request body the docs show."""
    found = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for number, line in enumerate(doc.read_text().splitlines(), 1):
            for method, path, body in SHOWN.findall(line):
                found.append((f"{doc.relative_to(ROOT)}:{number}", method.lower(), path,
                              _top_level(body)))
    return found


@pytest.fixture(scope="module")
def bodies(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Body]:
    app = create_app(Config(data_dir=str(tmp_path_factory.mktemp("doc")), testing=True))
    spec: dict[str, Any] = app.test_client().get("/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    out = {}
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if not isinstance(operation, dict):  # the path item's shared `parameters`
                continue
            schema = (operation.get("requestBody", {}).get("content", {})
                      .get("application/json", {}).get("schema"))
            if schema:
                if "$ref" in schema:
                    schema = schemas[schema["$ref"].rsplit("/", 1)[-1]]
                out[(method, path)] = (set(schema.get("properties", {})),
                                       set(schema.get("required", [])))
    return out


def test_the_docs_show_bodies_at_all() -> None:
    assert len(documented()) > 20


def test_every_documented_body_matches_its_operation(bodies: dict[tuple[str, str], Body]) -> None:
    wrong = []
    for where, method, path, fields in documented():
        matches = [body for (verb, operation), body in bodies.items()
                   if verb == method and _fits(operation, path)]
        if not matches:
            wrong.append(f"{where}: {method.upper()} {path} is no operation with a body")
        for taken, required in matches:
            shown = {field.rstrip("?") for field in fields}
            for field in fields:
                name = field.rstrip("?")
                if name not in taken:
                    wrong.append(f"{where}: {name!r} is not a field ({sorted(taken)})")
                elif (name in required) == field.endswith("?"):
                    wrong.append(f"{where}: {name!r} is {'' if name in required else 'not '}"
                                 "required")
            wrong += [f"{where}: the required {name!r} is not shown" for name in required - shown]
    assert wrong == []
