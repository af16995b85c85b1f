"""The settling table of docs/rules/magic-test.md shows every registered command as its
declaration says: acting character, whether it settles first, and its policy."""

from __future__ import annotations

from pathlib import Path

import api.registry
from api import route_blueprints

route_blueprints()
DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "magic-test.md"


def test_every_registered_command_has_its_row_in_the_settling_table() -> None:
    table = {line for line in DOC.read_text().splitlines() if line.startswith("| `")}
    rows = [r.settling_row() for r in api.registry.REGISTRY]
    assert [row for row in rows if row not in table] == []


def test_the_table_lists_no_command_that_is_not_registered() -> None:
    names = {r.command.__name__ for r in api.registry.REGISTRY}
    listed = {line.split("`")[1] for line in DOC.read_text().splitlines()
              if line.startswith("| `") and "`: `" in line}
    assert listed - names == set()
