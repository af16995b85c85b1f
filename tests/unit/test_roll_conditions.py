"""Conditions on rolls: fixed penalties named on the roll, Nauseated and Reeling applied
as dice procedures, context-dependent penalties shown but not applied
(docs/rules/conditions.md, "Conditions on rolls")."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from ledger.domain.conditions.adding import Request, add_condition
from ledger.domain.context import Context
from ledger.domain.dice import SeededDice
from ledger.domain.errors import InvalidInput
from ledger.domain.events import decode_data, encode_data
from ledger.domain.rolls import Rolled, age_roll, age_test
from ledger.domain.rolls.conditions import choking_penalty
from ledger.domain.state import CampaignState, Condition
from tests.unit.magic_helpers import campaign, mage, only, run

WILLPOWER = 3


def table(*conditions: tuple[str, int | None] | str, **kw: Any) -> tuple[CampaignState, str]:
    state = campaign()
    chid = mage(state, willpower=WILLPOWER)
    for c in conditions:
        name, points = (c, None) if isinstance(c, str) else c
        run(state, add_condition(chid, Request(name=name, points=points, **kw)))
    return state, chid


def roll(state: CampaignState, chid: str, dice: list[int], tn: int | None = None) -> Rolled:
    return only(run(state, age_test(chid, ability="Willpower", tn=tn, reported=dice)), Rolled)


def penalty_of(*conditions: tuple[str, int | None] | str) -> int:
    """What the Conditions took off an AGE test's total, against the same dice without them."""
    plain = roll(*table(), [1, 2, 3])
    rolled = roll(*table(*conditions), [1, 2, 3])
    assert sum(m.modifier for m in rolled.condition_modifiers) == rolled.total - plain.total
    return rolled.total - plain.total


def test_fatigued_applies_minus_two_to_an_age_test() -> None:
    assert penalty_of("Fatigued") == -2


def test_exhausted_applies_minus_four_to_an_age_test() -> None:
    assert penalty_of("Exhausted") == -4


def test_impaired_applies_minus_three_to_an_age_test() -> None:
    assert penalty_of("Impaired") == -3


def test_winded_applies_minus_one_to_an_age_test() -> None:
    assert penalty_of("Winded") == -1


def test_shock_applies_minus_one_while_present() -> None:
    assert penalty_of("Shock") == -1


def test_compelled_applies_minus_two_to_an_age_test() -> None:
    assert penalty_of("Compelled") == -2


@pytest.mark.parametrize(("points", "penalty"), [(3, -1), (6, -3), (9, -4)])
def test_choking_applies_its_degree_to_an_age_test(points: int, penalty: int) -> None:
    assert penalty_of(("Choking", points)) == penalty


def test_choking_degree_leaves_out_the_incurable_bonus_and_stays_first_below_3() -> None:
    assert choking_penalty(Condition(id="c", name="Choking", points=8, figure=6,
                                     incurable=True)) == -3
    assert choking_penalty(Condition(id="c", name="Choking", points=1, figure=3)) == -1


def test_penalties_of_different_conditions_add_up() -> None:
    assert penalty_of("Winded", "Fatigued") == -3


def test_named_modifiers_are_recorded_and_shown_in_the_roll_text() -> None:
    state, chid = table("Fatigued")
    rolled = roll(state, chid, [1, 2, 3], tn=11)
    (fatigued,) = rolled.condition_modifiers
    condition = state.characters[chid].conditions[0]
    assert (fatigued.name, fatigued.condition_id, fatigued.modifier) == (
        "Fatigued", condition.id, -2)
    assert rolled.modifier == 0  # the caller's modifier stays its own
    assert rolled.result_text == "3d6+1 = 1, 2, [3] + 3 - 2 Fatigued = 7 · failure vs TN 11"


def test_a_roll_without_conditions_records_what_version_2_recorded() -> None:
    rolled = roll(*table(), [4, 3, 3], tn=10)
    assert (rolled.total, rolled.success, rolled.condition_modifiers,
            rolled.condition_procedures, rolled.automatic_failure) == (13, True, [], [], False)
    assert rolled.result_text == "3d6+3 = 4, 3, [3] + 3 = 13 · 3 SP · success vs TN 10"


def _seeded(seed: bytes) -> Context:
    return Context(SeededDice(seed, "cmp_x", 2, 40), epoch=2, command_position=40)


def test_conditions_leave_the_dice_derivation_unchanged() -> None:
    seed = bytes(range(32))
    fatigued = [Condition(id="c1", name="Fatigued", points=4, figure=4)]
    plain = age_roll(_seeded(seed), "chr_a", None, ability="Willpower", ability_value=3, tn=None)
    worn = age_roll(_seeded(seed), "chr_a", None, ability="Willpower", ability_value=3, tn=None,
                    conditions=fatigued)
    fresh = SeededDice(seed, "cmp_x", 2, 40)
    assert [d.value for d in worn.dice] == [d.value for d in plain.dice] == [
        fresh.draw(6) for _ in range(3)]
    assert (worn.first_index, worn.total) == (0, plain.total - 2)


def test_nauseated_rerolls_each_five_or_six_and_takes_the_second_result() -> None:
    rolled = roll(*table("Nauseated"), [5, 2, 6, 6, 1], tn=8)
    assert [(d.value, d.mark) for d in rolled.dice] == [
        (5, "rerolled"), (2, "kept"), (6, "rerolled"), (6, "kept"), (1, "kept")]
    # The second results count, even a 6: 6, 2 and the Stunt Die 1.
    assert (rolled.stunt_die, rolled.total, rolled.doubles) == (1, 6 + 2 + 1 + WILLPOWER, False)
    assert rolled.condition_procedures[0].name == "Nauseated"
    assert rolled.result_text.startswith("3d6+3 = ~~5~~ 6, 2, [~~6~~ 1] + 3 = 12")


def test_nauseated_rerolls_are_drawn_after_the_three_from_the_same_seed() -> None:
    seed = bytes(range(32))
    sick = [Condition(id="c1", name="Nauseated", points=4, figure=4)]
    rolled = age_roll(_seeded(seed), "chr_a", None, ability="Willpower", ability_value=3,
                      tn=None, conditions=sick)
    fresh = SeededDice(seed, "cmp_x", 2, 40)
    three = [fresh.draw(6) for _ in range(3)]
    rerolls = [fresh.draw(6) for v in three if v >= 5]
    assert [d.value for d in rolled.dice] == three + rerolls
    assert fresh.index == len(rolled.dice)  # indexes first_index .. first_index + n - 1


def test_nauseated_reported_dice_need_one_reroll_per_five_or_six() -> None:
    state, chid = table("Nauseated")
    with pytest.raises(InvalidInput) as refused:
        roll(state, chid, [5, 2, 6, 3])
    assert (refused.value.rule, refused.value.field) == ("reported-dice-mismatch", "dice")


def test_reeling_stunt_die_of_one_or_two_fails_automatically() -> None:
    rolled = roll(*table("Reeling"), [6, 6, 2], tn=9)  # 6 + 6 + 2 + 3 = 17 reaches TN 9
    assert (rolled.total, rolled.success, rolled.automatic_failure, rolled.stunt_points) == (
        17, False, True, 0)
    assert "fails automatically (Reeling, Stunt Die 2)" in rolled.result_text


def test_reeling_stunt_die_of_three_or_more_rolls_as_usual() -> None:
    rolled = roll(*table("Reeling"), [1, 1, 3], tn=8)
    assert (rolled.success, rolled.automatic_failure) == (True, False)
    assert rolled.condition_procedures[0].name == "Reeling"


def test_reeling_fails_a_test_without_a_tn_too() -> None:
    assert roll(*table("Reeling"), [4, 4, 1]).success is False


def test_blinded_cowed_and_prone_are_recorded_and_shown_not_applied() -> None:
    state, chid = table("Blinded", "Cowed", "Prone")
    rolled = roll(state, chid, [1, 2, 3])
    assert rolled.total == 1 + 2 + 3 + WILLPOWER
    assert [c.name for c in rolled.conditions_not_applied] == ["Blinded", "Cowed", "Prone"]
    assert rolled.condition_modifiers == []
    assert "not applied: Cowed (-3 to attacks and Defense against its source" in \
        rolled.result_text


def test_stored_version_2_roll_reads_with_its_own_total_and_no_conditions() -> None:
    """A version 2 record (no Condition fields) of a Fatigued character keeps its total:
    Conditions only change rolls recorded from version 3 on."""
    stored = {"character_id": "chr_a", "kind": "age", "expression": "3d6",
              "dice": [{"sides": 6, "value": v, "mark": "kept"} for v in (1, 2, 3)],
              "total": 9, "source": "reported", "reported_by": "gm", "ability": "Willpower",
              "ability_value": 3, "stunt_die": 3, "result_text": "3d6+3 = 1, 2, [3] + 3 = 9"}
    event = decode_data("Rolled", 2, msgspec.json.encode(stored))
    assert isinstance(event, Rolled)
    assert (event.total, event.condition_modifiers, event.condition_procedures,
            event.conditions_not_applied, event.automatic_failure) == (9, [], [], [], False)
    assert msgspec.json.decode(encode_data(event))["total"] == stored["total"]
