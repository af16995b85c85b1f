"""The audit page's diff module (api/static/audit-diff.js), run as plain JavaScript by node:
list members are compared by id and read as sentences."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.needs import missing

HERE = Path(__file__).resolve().parent
MODULE = HERE.parents[2] / "api" / "static" / "audit-diff.js"


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    node = shutil.which("node")
    if node is None:
        missing("node is not installed (apt-get install nodejs)")
    work = tmp_path_factory.mktemp("js")
    # .mjs copies: node reads them as ES modules with no package.json around.
    shutil.copy(MODULE, work / "audit-diff.mjs")
    shutil.copy(HERE / "audit_diff_cases.mjs", work / "cases.mjs")
    done = subprocess.run([node, str(work / "cases.mjs")], capture_output=True, text=True,
                          timeout=120, check=True)
    found: Any = json.loads(done.stdout)
    return dict(found)


def test_diff_removing_the_first_of_two_conditions_reads_as_one_removal(
        cases: dict[str, list[str]]) -> None:
    assert cases["first_of_two_conditions_removed"] == ["Mara's Dazed, 2 points ended"]


def test_diff_a_returned_commitment_reads_as_a_sentence(cases: dict[str, list[str]]) -> None:
    assert cases["commitment_returned"] == ["Mara: Scene commitment of 1 Mage Effort returned"]


def test_diff_commitments_are_matched_by_id_not_index(cases: dict[str, list[str]]) -> None:
    assert cases["commitment_pool_is_not_an_index_change"] == [
        "Mara: Scene commitment of 1 Mage Effort returned"]


def test_diff_log_bookkeeping_is_left_out(cases: dict[str, list[str]]) -> None:
    assert cases["mana_spent_and_log_fields_ignored"] == ["Mara's Mana 12 → 9"]


def test_diff_condition_points_change_in_place(cases: dict[str, list[str]]) -> None:
    assert cases["condition_points_reduced"] == ["Mara's Injured 4 → 2 points"]


def test_diff_characters_read_from_a_map_or_a_list(cases: dict[str, list[str]]) -> None:
    assert cases["characters_as_list_or_map"] == ["1", "1", "0"]
    assert cases["list_and_map_states_diff_alike"] == ["Mara's Mana 12 → 9"]


def test_diff_an_object_appearing_is_one_change(cases: dict[str, list[str]]) -> None:
    assert cases["an_object_appearing_is_one_change"] == ["Encounter added"]


def test_diff_a_spirit_bound_and_an_item_linked_read_as_sentences(
        cases: dict[str, list[str]]) -> None:
    assert cases["spirit_bound_and_item_linked"] == [
        "Spirit Fire bound to Mara (physical, level 1, 1 HD)", "Wand linked to Mara"]
