"""Rolled version 2: marked dice, AGE result text, annotation labels; the same dice as v1."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from ledger.adapters.export_format import read_history
from ledger.domain.audit.summaries import summarize
from ledger.domain.context import Context
from ledger.domain.dice import ReportedDice, SeededDice
from ledger.domain.errors import InvalidInput
from ledger.domain.events import decode_data, encode_data
from ledger.domain.notation import evaluate
from ledger.domain.roll_text import age_result_text
from ledger.domain.rolls import Rolled, age_roll, notation_rolled, roll_age_dice
from tests.golden.record import HISTORY


def marks(expression: str, dice: list[int]) -> list[tuple[int, str]]:
    return [(d.value, str(d.mark)) for d in evaluate(ReportedDice(dice), expression, 100).dice]


def test_marks_keep_highest_drops_the_lowest_die() -> None:
    assert marks("4d6kh3", [5, 3, 1, 6]) == [(5, "kept"), (3, "kept"), (1, "dropped"), (6, "kept")]


def test_marks_reroll_replaces_the_value_and_keeps_its_replacement() -> None:
    assert marks("2d6rr1", [1, 4, 5]) == [(1, "rerolled"), (4, "kept"), (5, "kept")]


def test_marks_exploding_die_is_exploded_and_its_extra_die_kept() -> None:
    assert marks("2d6e6", [6, 2, 3]) == [(6, "exploded"), (2, "kept"), (3, "kept")]


def test_marks_dropped_set_member_drops_its_dice() -> None:
    assert marks("(1d6, 1d6)kh1", [2, 5]) == [(2, "dropped"), (5, "kept")]


def test_marks_text_strikes_through_dice_that_do_not_count() -> None:
    assert evaluate(ReportedDice([5, 3, 1, 6]), "4d6kh3", 100).text == "4d6kh3 (5, 3, ~~1~~, 6) = 14"


def test_annotation_annotated_expression_keeps_its_label() -> None:
    rolled = notation_rolled(Context(ReportedDice([14])), "chr_a", "1d20+5 to hit", [14], 100)
    assert (rolled.expression, rolled.label, rolled.total) == ("1d20+5", "to hit", 19)


def test_annotation_given_label_wins_over_the_annotation() -> None:
    rolled = notation_rolled(Context(ReportedDice([])), "chr_a", "1d20+5 to hit", [3], 100,
                             label="attack")
    assert rolled.label == "attack"


def test_annotation_plain_notation_parses_as_before() -> None:
    evaluated = evaluate(ReportedDice([7]), "1d20 [fire] + 2", 100)
    assert (evaluated.notation, evaluated.comment, evaluated.total) == ("1d20 [fire] + 2", "", 9)


def test_age_result_text_with_stunt_points_and_tn() -> None:
    assert age_result_text([4, 3, 6], 2, 15, 6, 13, True) == (
        "3d6+2 = 4, 3, [6] + 2 = 15 · 6 SP · success vs TN 13")


def test_age_result_text_negative_bonus_without_tn() -> None:
    assert age_result_text([1, 2, 3], -1, 5, 0, None, None) == "3d6-1 = 1, 2, [3] - 1 = 5"


def test_age_result_text_no_bonus_failure() -> None:
    assert age_result_text([1, 2, 3], 0, 6, 0, 11, False) == "3d6 = 1, 2, [3] = 6 · failure vs TN 11"


def test_age_roll_records_result_text_and_kept_dice() -> None:
    rolled = age_roll(Context(ReportedDice([4, 3, 3])), "chr_a", [4, 3, 3], ability="Dexterity",
                      ability_value=2, tn=10, focus="Acrobatics", focus_bonus=2)
    assert rolled.result_text == "3d6+4 = 4, 3, [3] + 4 = 14 · 3 SP · success vs TN 10"
    assert {d.mark for d in rolled.dice} == {"kept"}
    assert type(rolled).version >= 2  # version 3 adds the Conditions, nothing else


# --- Version 1 events: stored before, read as before -------------------------------------

def _fixture() -> tuple[str, dict[int, bytes], list[Any]]:
    with HISTORY.open("rb") as handle:
        history = read_history(handle)
    seeds = {s.epoch: bytes.fromhex(s.seed) for s in history.seeds}
    rolled = [r for r in history.records if r.type == "Rolled"]
    return history.header.campaign_id, seeds, rolled


def test_same_dice_v1_server_rolls_of_the_fixture_are_drawn_again_by_today_code() -> None:
    """The golden fixture's v1 server rolls, rolled again by the v2 code from the same seed,
    epoch, command position and first index, give the very same dice."""
    campaign_id, seeds, records = _fixture()
    checked = 0
    for record in records:
        data = msgspec.json.decode(record.data)
        if record.version != 1 or data["source"] != "server":
            continue
        dice = SeededDice(seeds[data["epoch"]], campaign_id, data["epoch"], data["command_position"])
        dice.index = data["first_index"]
        if data["kind"] == "age":
            ctx = Context(dice, epoch=data["epoch"], command_position=data["command_position"])
            again = [d.value for d in roll_age_dice(ctx, None).dice]
        else:
            again = [d.value for d in evaluate(dice, data["expression"], 100).dice]
        assert again == [d["value"] for d in data["dice"]], record.position
        checked += 1
    assert checked >= 2  # an AGE test and a notation roll (4d6kh3) at least


def test_same_dice_v2_event_keeps_the_v1_derivation_fields() -> None:
    seed = bytes(range(32))
    ctx = Context(SeededDice(seed, "cmp_x", 3, 42), epoch=3, command_position=42)
    rolled = notation_rolled(ctx, "chr_a", "4d6kh3", None, 100)
    fresh = SeededDice(seed, "cmp_x", 3, 42)  # indexes 0..3, as docs/dice.md derives them
    assert [d.value for d in rolled.dice] == [fresh.draw(6) for _ in range(4)]
    assert (rolled.epoch, rolled.command_position, rolled.first_index) == (3, 42, 0)


def test_v1_records_decode_with_no_marks_and_keep_their_data() -> None:
    _, _, records = _fixture()
    for record in records:
        event = decode_data(record.type, record.version, record.data)
        assert isinstance(event, Rolled)
        assert all(d.mark is None for d in event.dice)
        stored = msgspec.json.decode(record.data)
        assert [d.value for d in event.dice] == [d["value"] for d in stored["dice"]]
        assert event.result_text == stored["result_text"]


V1_SUMMARIES = {
    "age": "Mara rolled a Willpower test: [4, 5, 4] = 16 vs TN 10, success, 4 SP (reported dice)",
    "notation": "Mara rolled 4d6kh3 for stats: 13 [4, 4, 3, 5]",
}


@pytest.mark.parametrize("kind", ["age", "notation"])
def test_timeline_v1_rolls_summarize_as_before(kind: str) -> None:
    _, _, records = _fixture()
    first = {"age": 13, "notation": 22}[kind]  # golden steps age-test-reported, notation-server-dice
    record = next(r for r in records if r.position == first)
    text = summarize("Rolled", msgspec.json.decode(record.data), lambda _: "Mara", record.version)
    assert text == V1_SUMMARIES[kind]


def test_timeline_v2_roll_quotes_its_result_text() -> None:
    rolled = notation_rolled(Context(ReportedDice([])), "chr_a", "4d6kh3 stats", [5, 3, 1, 6], 100)
    data = msgspec.json.decode(encode_data(rolled))
    assert summarize("Rolled", data, lambda _: "Mara", 2) == (
        "Mara rolled 4d6kh3 (5, 3, ~~1~~, 6) = 14 for stats (reported dice)")


@pytest.mark.parametrize(("expression", "said"), [
    ("2d6++", "it ends too early at character 5"),
    ("3d6+x", "unexpected 'x' at character 5"),
])
def test_notation_that_does_not_parse_says_where_in_words_not_in_grammar_tokens(
        expression: str, said: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        evaluate(ReportedDice([1, 2, 3]), expression, 100)
    assert refused.value.rule == "dice-notation"
    assert said in refused.value.detail
    assert "LPAR" not in refused.value.detail
    assert "INTEGER" not in refused.value.detail


def test_a_total_past_what_a_json_double_holds_exactly_is_refused() -> None:
    """An outside attack recorded 99999999999*99999999999*99999999999*99999999999: a number
    an RFC 8785 verifier, which reads doubles, would hash differently."""
    with pytest.raises(InvalidInput) as refused:
        evaluate(ReportedDice([]), "99999999999*99999999999*99999999999*99999999999", 100)
    assert (refused.value.rule, refused.value.field) == ("dice-limits", "expression")
    assert evaluate(ReportedDice([]), str(2**53 - 1), 100).total == 2**53 - 1


def test_no_setting_lets_one_roll_draw_more_than_1000_dice() -> None:
    """max_dice_per_roll is bounded 1-1000 when chosen, but a history recorded before the
    bound, or an imported file, may hold more: an outside attack imported 10,000,000 and
    rolled 100000d1000 (a 4.6 MB event). The roll itself stops at 1000."""
    dice = SeededDice(lambda: b"k" * 32, "cmp_x", 0, 1)
    assert len(evaluate(dice, "1000d6", 10_000_000).dice) == 1000
    with pytest.raises(InvalidInput) as refused:
        evaluate(dice, "1001d6", 10_000_000)
    assert refused.value.rule == "dice-limits"
    assert "at most 1000 dice" in refused.value.detail
