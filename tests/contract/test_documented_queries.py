"""Every `GET …?name=` the README and docs/ show names query parameters the operation
takes (a documented name the API refuses sends a newcomer to a 422)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from api import create_app
from ledger.service.config import Config

ROOT = Path(__file__).resolve().parents[2]
SHOWN = re.compile(r"`GET (/v1/|…/)([^`\s\[?]*)\[?\?([^`\]]+)\]?`")


def _shape(path: str) -> str:
    """A path with its parameters unnamed: `/characters/{id}` and `{character_id}` match."""
    return re.sub(r"\{[^}]*\}", "{}", path)


def documented() -> list[tuple[str, str, list[str]]]:
    """(file, path shown, query names) for every GET with a query the docs show."""
    found = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for start, path, query in SHOWN.findall(doc.read_text()):
            names = [part.split("=")[0] for part in query.split("&")]
            found.append((str(doc.relative_to(ROOT)), start + path, names))
    return found


@pytest.fixture(scope="module")
def operations(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    app = create_app(Config(data_dir=str(tmp_path_factory.mktemp("doc")), testing=True))
    spec: dict[str, Any] = app.test_client().get("/openapi.json").get_json()
    return {_shape(path): {p["name"] for p in item["get"].get("parameters", [])
                           if p.get("in") == "query"}
            for path, item in spec["paths"].items() if "get" in item}


def test_the_docs_show_queries_at_all() -> None:
    assert len(documented()) > 10


def test_every_documented_query_parameter_is_taken(operations: dict[str, set[str]]) -> None:
    wrong = []
    for doc, path, names in documented():
        shape = _shape(path.removeprefix("…"))
        taken = set().union(*[params for op, params in operations.items() if op.endswith(shape)])
        wrong += [f"{doc}: GET {path}?{name}=" for name in names if name not in taken]
    assert wrong == []
