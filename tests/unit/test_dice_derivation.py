"""Server dice: the derivation in docs/dice.md, its test vector, and their verification."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ledger.domain import characters, clock, rolls
from ledger.domain.audit.verify import verify
from ledger.domain.dice import derive_die, die_message, seed_commitment
from tests.unit.audit_helpers import Table, rehash

DOC = (Path(__file__).parents[2] / "docs" / "dice.md").read_text()


def doc_block(tag: str) -> str:
    found = re.search(rf"```{tag}\n(.*?)```", DOC, re.S)
    assert found, f"docs/dice.md has no {tag} block"
    return found.group(1)


def verifier_from_the_docs() -> Callable[..., int]:
    namespace: dict[str, Any] = {}
    exec(doc_block("python"), namespace)  # the page's own few-line verifier
    die: Callable[..., int] = namespace["die"]
    return die


def test_the_documented_test_vector_is_what_the_service_derives() -> None:
    vector = json.loads(doc_block("json test-vector"))
    seed = bytes.fromhex(vector["seed"])
    assert seed_commitment(seed) == vector["commitment"]
    for d in vector["dice"]:
        message = die_message(vector["campaign_id"], vector["epoch"],
                              vector["command_position"], d["index"])
        assert derive_die(seed, message, d["sides"]) == d["value"], d


def test_a_verifier_written_from_the_docs_alone_agrees_with_the_service() -> None:
    die = verifier_from_the_docs()
    rng = random.Random(7)
    for _ in range(3000):
        seed = rng.randbytes(32)
        args = ("cmp_" + rng.randbytes(10).hex(), rng.randrange(50), rng.randrange(1, 10**6),
                rng.randrange(500))
        sides = rng.choice([1, 2, 3, 4, 6, 8, 10, 12, 20, 100, 257, 1000, 65537])
        assert die(seed, *args, sides) == derive_die(seed, die_message(*args), sides)


def test_every_face_of_a_server_die_is_equally_likely() -> None:
    seed = bytes(range(32))
    for sides in (6, 20, 100):
        draws = 600 * sides
        counts = Counter(derive_die(seed, die_message("cmp_x", 1, 1, i), sides)
                         for i in range(draws))
        assert set(counts) == set(range(1, sides + 1))
        expected = draws / sides
        chi_square = sum((counts[f] - expected) ** 2 / expected for f in counts)
        assert chi_square < 2 * sides + 30  # far above the mean (sides - 1); bias would blow it up


def test_a_one_sided_die_is_always_one() -> None:
    assert derive_die(b"\1" * 32, b"anything", 1) == 1


def rolled_table(reported: list[int] | None = None) -> tuple[Table, str]:
    table = Table()
    (registered,) = table.run(characters.register_character({"name": "Mara"}))
    mara = registered.character_id or ""
    table.run(clock.start_session)
    table.run(rolls.notation_roll(mara, "3d6+1", reported))
    return table, mara


def test_a_server_roll_re_derives_from_the_provenance_it_records() -> None:
    table, _ = rolled_table()
    table.run(clock.end_session)
    report = verify(table.records)
    assert report.ok
    assert report.dice.verified == 1
    assert not report.dice.pending
    assert not report.dice.mismatches


def test_rolls_of_an_unrevealed_epoch_are_pending() -> None:
    table, _ = rolled_table()
    report = verify(table.records)
    assert report.dice.verified == 0
    assert [(p.position, p.epoch) for p in report.dice.pending] == [(4, 1)]


def test_reported_dice_are_listed_as_reported_never_verified() -> None:
    table, _ = rolled_table(reported=[6, 6, 6])
    table.run(clock.end_session)
    report = verify(table.records)
    assert report.dice.verified == 0
    assert [r.position for r in report.dice.reported] == [4]


def test_a_die_that_differs_from_its_derivation_is_a_mismatch() -> None:
    table, _ = rolled_table()
    table.run(clock.end_session)
    recorded = json.loads(table.records[3].data)["dice"][0]["value"]
    forged = rehash(table.records, 4, lambda d: d["dice"][0].update(value=recorded % 6 + 1))
    report = verify(forged)
    assert report.chain.ok
    assert not report.ok
    (mismatch,) = report.dice.mismatches
    assert (mismatch.position, mismatch.problem, mismatch.index) == (4, "value", 0)
    assert mismatch.derived == recorded


def test_a_roll_claiming_another_command_position_is_a_mismatch() -> None:
    table, _ = rolled_table()
    table.run(clock.end_session)
    forged = rehash(table.records, 4, lambda d: d.update(command_position=3))
    problems = {m.problem for m in verify(forged).dice.mismatches}
    assert "command-position" in problems


def test_a_roll_claiming_another_epoch_is_a_mismatch() -> None:
    table, _ = rolled_table()
    table.run(clock.end_session)
    forged = rehash(table.records, 4, lambda d: d.update(epoch=0))
    assert "epoch" in {m.problem for m in verify(forged).dice.mismatches}


def test_a_revealed_seed_must_match_its_commitment() -> None:
    table, _ = rolled_table()
    table.run(clock.end_session)
    forged = rehash(table.records, 5, lambda d: d.update(revealed_seed="00" * 32))
    report = verify(forged)
    assert "commitment" in {m.problem for m in report.dice.mismatches}
    assert [e.ok for e in report.dice.epochs if e.epoch == 1] == [False]


def two_rolls_in_one_command(table: Table, mara: str) -> None:
    first, second = rolls.notation_roll(mara, "1d6"), rolls.notation_roll(mara, "1d6")
    table.run(lambda state, ctx: first(state, ctx) + second(state, ctx))


def test_two_rolls_of_one_command_use_consecutive_die_indexes() -> None:
    table, mara = rolled_table()
    two_rolls_in_one_command(table, mara)
    table.run(clock.end_session)
    assert [json.loads(r.data)["first_index"] for r in table.records[4:6]] == [0, 1]
    assert verify(table.records).dice.verified == 3


def test_a_die_index_used_twice_in_one_command_is_a_mismatch() -> None:
    table, mara = rolled_table()
    two_rolls_in_one_command(table, mara)
    table.run(clock.end_session)
    forged = rehash(table.records, 6, lambda d: d.update(first_index=0))
    assert ("reused-index", 6) in {(m.problem, m.position) for m in verify(forged).dice.mismatches}


def test_a_server_roll_whose_dice_cannot_be_read_is_a_mismatch_not_skipped() -> None:
    table, _ = rolled_table()
    table.run(clock.end_session)
    forged = rehash(table.records, 4, lambda d: d.update(dice=[3, 4, 5]))
    report = verify(forged)
    assert [(m.position, m.problem) for m in report.dice.mismatches] == [(4, "unreadable")]
    assert report.dice.verified == 0
