"""Spending a roll's Stunt Points (ledger/domain/stunts/spending.py): the budget, the catalogue's
tiers, stunts the GM names, Conditions bought with SP and the Minor Action."""

from __future__ import annotations

import pytest

from ledger.domain import catalog
from ledger.domain.errors import DomainError, Forbidden
from ledger.domain.stunts.catalog import STUNTS
from ledger.domain.stunts.commands import ContributeStuntPoints, RecordBond, SpendStuntPoints
from ledger.domain.stunts.effects import Choice
from ledger.domain.stunts.spending import spend_stunts
from ledger.domain.stunts.spending_commands import SpendRollStuntPoints
from tests.unit.effort_helpers import player
from tests.unit.stunt_helpers import StuntTable

DOUBLES_5 = [3, 5, 5]  # a success with doubles: 5 SP


def refusal(table: StuntTable, decide: object, **kw: object) -> DomainError:
    with pytest.raises(DomainError) as caught:
        table.do(decide, **kw)  # type: ignore[arg-type]
    return caught.value


def two() -> tuple[StuntTable, str, str]:
    table = StuntTable()
    return table, table.fighter("Mara"), table.fighter("Ovid")


def test_catalogue_tiers_are_the_ones_the_bodies_price() -> None:
    tiers = {spec.name: sorted(spec.tiers) for spec in STUNTS.values()}
    assert tiers == {
        "Called Shot": [4, 5], "Clinch": [3], "Frighten": [3], "Full Force": [5],
        "Glean Motives": [2], "Hit Where It Hurts": [2], "Lock": [3, 5, 6],
        "Mentalist's Trick": [3], "Opportunist": [3], "Precise Force": [2, 3],
        "Quick Assessment": [2], "Skillful Attack": [2], "Suggest Action": [2, 4], "Throw": [4]}


def test_lock_at_4_sp_is_refused_naming_the_priced_tiers() -> None:
    table, mara, ovid = two()
    position = table.roll(mara, [6, 6, 6])
    error = refusal(table, spend_stunts(position, [Choice(name="Lock", sp=4)], ovid))
    assert (error.rule, error.allowed) == ("stunt-tier", ["3", "5", "6"])


def test_budget_is_the_sp_generated_and_spending_past_it_names_it() -> None:
    table, mara, _ = two()
    position = table.roll(mara, DOUBLES_5)
    table.do(spend_stunts(position, [Choice(name="Skillful Attack")], None))
    error = refusal(table, spend_stunts(position, [Choice(name="Called Shot", sp=4)], None))
    assert error.rule == "stunt-points-over-budget"
    assert "3 SP left" in error.detail
    assert table.state.stunt_spending.rolls[position].spent == 2


def test_budget_adds_pool_sp_and_leaves_out_sp_placed_into_the_pool() -> None:
    table, mara, ovid = two()
    table.do(RecordBond(a=mara, b=ovid, rank=2))
    table.do(RecordBond(a=ovid, b=mara, rank=2))
    table.start_session()
    lucky = table.roll(mara, DOUBLES_5)
    table.do(ContributeStuntPoints(roll_position=lucky, sp=2))  # 5 - 2 = 3 left
    plain = table.roll(ovid, [1, 5, 6])  # no doubles: only pool SP
    table.do(SpendStuntPoints(roll_position=plain, sp=4))
    (spent,) = table.do(spend_stunts(
        plain, [Choice(name="Glean Motives"), Choice(name="Skillful Attack")], None))
    assert (spent.generated, spent.from_pool, spent.budget, spent.paid) == (0, 4, 4, 4)
    error = refusal(table, spend_stunts(lucky, [Choice(name="Full Force")], None))
    assert (error.rule, "3 SP left" in error.detail) == ("stunt-points-over-budget", True)


def test_a_roll_without_sp_has_a_budget_of_zero() -> None:
    table, mara, _ = two()
    position = table.roll(mara, [1, 5, 6])
    assert refusal(table, spend_stunts(position, [Choice(name="Glean Motives")], None)
                   ).rule == "stunt-points-over-budget"


def test_only_a_canon_age_test_is_spent_and_only_in_its_session() -> None:
    table, mara, _ = two()
    assert refusal(table, spend_stunts(1, [Choice(name="Glean Motives")], None)
                   ).rule == "roll-not-eligible"
    table.start_session()
    position = table.roll(mara, DOUBLES_5)
    table.end_session()
    assert refusal(table, spend_stunts(position, [Choice(name="Glean Motives")], None)
                   ).rule == "roll-session-over"


def test_a_stunt_the_gm_names_costs_what_the_gm_says_and_only_the_gm_names_one() -> None:
    table, mara, _ = two()
    position = table.roll(mara, DOUBLES_5)
    assert refusal(table, spend_stunts(position, [Choice(name="Lightning Attack", sp=2)], None),
                   actor=player(mara)).rule == "unknown-stunt"
    assert refusal(table, spend_stunts(position, [Choice(name="Lightning Attack")], None)
                   ).rule == "stunt-cost"
    (spent,) = table.do(spend_stunts(position, [Choice(name="Lightning Attack", sp=2)], None))
    assert (spent.stunts[0].gm_named, spent.paid) == (True, 2)


def test_full_force_and_opportunist_each_use_up_the_minor_action() -> None:
    table, mara, _ = two()
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name="Full Force")], None))
    assert spent.stunts[0].minor_action
    assert refusal(table, spend_stunts(position, [Choice(name="Opportunist")], None)
                   ).rule == "minor-action-used"


def test_condition_bought_with_sp_needs_an_attack_roll() -> None:
    table, mara, ovid = two()
    position = table.roll(mara, DOUBLES_5)
    assert refusal(table, spend_stunts(position, [Choice(name="Condition", condition="Prone")],
                                       ovid)).rule == "conditions-need-an-attack-roll"


def test_condition_bought_with_sp_costs_its_points_and_takes_the_sp_as_its_figure() -> None:
    table, mara, ovid = two()
    position = table.attack(mara, DOUBLES_5, target=ovid)
    events = table.do(spend_stunts(position, [Choice(name="Condition", condition="cowed")], ovid))
    spent, added = events
    assert (spent.paid, spent.approved_by) == (3, "gm")
    condition = table.get(ovid).conditions[0]
    assert (condition.name, condition.points, condition.figure, condition.cause) == (
        "Cowed", 3, 3, "stunt")
    assert added.condition.id == condition.id


def test_condition_bought_with_sp_is_approved_by_the_gm_only() -> None:
    table, mara, ovid = two()
    position = table.attack(mara, DOUBLES_5, target=ovid)
    assert refusal(table, spend_stunts(position, [Choice(name="Condition", condition="Prone")],
                                       ovid), actor=player(mara)
                   ).rule == "condition-needs-gm-approval"


def test_ranged_condition_bought_with_sp_names_its_points() -> None:
    table, mara, ovid = two()
    position = table.attack(mara, [6, 6, 6], target=ovid)
    assert refusal(table, spend_stunts(position, [Choice(name="Condition", condition="Hindered")],
                                       ovid)).rule == "condition-points"
    table.do(spend_stunts(position, [Choice(name="Condition", condition="Hindered", sp=3)], ovid))
    assert table.get(ovid).conditions[0].figure == 3


def test_spend_roll_stunt_points_is_the_gm_or_the_rolls_player() -> None:
    table, mara, ovid = two()
    position = table.roll(mara, DOUBLES_5)
    command = SpendRollStuntPoints(roll_position=position, stunts=[Choice(name="Glean Motives")])
    with pytest.raises(Forbidden):
        table.do(command, actor=player(ovid))
    table.do(command, actor=player(mara))
    assert command.acting(table.state) is None


def test_stunts_catalogue_is_read_from_the_rules_table() -> None:
    built = catalog.build("stunts")
    assert [(e["name"], [t["sp"] for t in e["tiers"]]) for e in built["entries"]] == [
        (spec.name, sorted(spec.tiers)) for spec in STUNTS.values()]
    frighten = next(e for e in built["entries"] if e["name"] == "Frighten")
    assert frighten["target_roll"]["tn"] == ("12 + the character's Communication (Persuasion) "
                                             "or Strength (Intimidation)")
    assert built["tables"]["condition_costs"]["Cowed"] == [3]


def test_sp_spent_on_stunts_cannot_also_go_into_the_pool() -> None:
    table, mara, ovid = two()
    table.do(RecordBond(a=mara, b=ovid, rank=1))
    table.do(RecordBond(a=ovid, b=mara, rank=1))
    table.start_session()
    lucky = table.roll(mara, DOUBLES_5)
    table.do(spend_stunts(lucky, [Choice(name="Mentalist's Trick")], ovid))
    error = refusal(table, ContributeStuntPoints(roll_position=lucky, sp=3))
    assert (error.rule, "3 already spent" in error.detail) == (
        "contribution-exceeds-generated-sp", True)
    table.do(ContributeStuntPoints(roll_position=lucky, sp=2))
