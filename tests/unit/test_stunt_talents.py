"""Talents that change a stunt's cost, and Trickster Master's stunt
(ledger/domain/stunts/talents.py; docs/rules/talents.md)."""

from __future__ import annotations

import pytest

from ledger.domain.characters import register_character
from ledger.domain.conditions.adding import condition_events
from ledger.domain.errors import DomainError
from ledger.domain.stunts.effects import Choice
from ledger.domain.stunts.spending import spend_stunts
from tests.unit.stunt_helpers import SHEET, StuntTable


def with_talents(*graded: tuple[str, str]) -> tuple[StuntTable, str]:
    table = StuntTable()
    mara = table.character("Mara", **SHEET, specializations=[
        {"name": name, "degree": degree} for name, degree in graded])
    return table, mara


def test_adventurer_novice_aha_costs_1_sp_less() -> None:
    table, mara = with_talents(("Adventurer", "Novice"))
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name="Aha!", sp=3)], None))
    stunt = spent.stunts[0]
    assert (stunt.tier, stunt.paid, stunt.discount, stunt.talents) == (
        3, 2, 1, ["Adventurer Novice"])


@pytest.mark.parametrize(("talent", "named"), [
    (("Adventurer", "Novice"), "aha"), (("Leader", "Expert"), "Double Team"),
    (("Leader", "Expert"), "double-team"),
])
def test_a_stunt_s_name_matches_whatever_its_case_spaces_and_punctuation(
        talent: tuple[str, str], named: str) -> None:
    """The texts write "Aha!" and "Double-Team"; a GM typing "aha" or "Double Team" got
    no discount (an outside rules check's finding). Catalogue stunts match alike."""
    table, mara = with_talents(talent)
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name=named, sp=3)], None))
    assert (spent.stunts[0].paid, spent.stunts[0].discount) == (2, 1)
    later = table.roll(mara, [6, 6, 6])
    (precise,) = table.do(spend_stunts(later, [Choice(name="precise-force", sp=2)], None))
    assert precise.stunts[0].name == "Precise Force"


def test_adventurer_master_and_leader_expert_add_up_on_when_a_plan_comes_together() -> None:
    table, mara = with_talents(("Adventurer", "Master"), ("Leader", "Expert"))
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(
        position, [Choice(name="When a Plan Comes Together", sp=4)], None))
    assert (spent.stunts[0].paid, spent.stunts[0].talents) == (
        2, ["Adventurer Master", "Leader Expert"])


def test_a_stunt_never_costs_less_than_1_sp() -> None:
    table, mara = with_talents(("Manipulation", "Grandmaster"))
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name="Sway the Crowd", sp=1)], None))
    assert (spent.stunts[0].paid, spent.stunts[0].discount) == (1, 0)


def test_leader_novice_is_below_expert_and_gives_nothing() -> None:
    table, mara = with_talents(("Leader", "Novice"))
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name="Group Tactics", sp=2)], None))
    assert spent.stunts[0].paid == 2


def test_trickster_master_buys_discombobulation_at_3_sp_and_others_cannot() -> None:
    table, mara = with_talents(("Trickster", "Master"))
    ovid = table.fighter("Ovid")
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name="Discombobulation")], ovid))
    assert (spent.stunts[0].tier, spent.paid) == (3, 3)
    other = table.roll(ovid, [6, 6, 6])
    with pytest.raises(DomainError) as caught:
        table.do(spend_stunts(other, [Choice(name="Discombobulation")], mara))
    assert caught.value.rule == "stunt-needs-trickster-master"


def warrior_expert(choice: str) -> tuple[StuntTable, str]:
    table = StuntTable()
    # Warrior also adds Health: the registration records two events.
    registered, _ = table.do(register_character({"name": "Mara", **SHEET, "talents": [
        {"name": "Warrior", "degree": "Expert", "choice": choice}]}))
    return table, registered.character_id or ""


def test_warrior_expert_chosen_stunt_costs_1_sp_less() -> None:
    table, mara = warrior_expert("Called Shot, skillful attack, Clinch")
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name="Skillful Attack")], None))
    assert (spent.stunts[0].paid, spent.stunts[0].talents) == (1, ["Warrior Expert"])


def test_warrior_expert_counts_only_three_chosen_stunts() -> None:
    table, mara = warrior_expert("Called Shot, Clinch, Throw, Skillful Attack")
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name="Skillful Attack")], None))
    assert (spent.stunts[0].paid, spent.stunts[0].discount) == (2, 0)


def test_a_stunt_costs_at_least_1_sp_with_grabbeds_bonus_and_a_discount_together() -> None:
    """000: Grabbed "adds +2 to the SP being used on the next stunt"; Warrior Expert's stunts
    cost 1 SP less; our reading, a stunt never costs less than 1 SP. An outside rules check
    bought a Lock for 0 SP from a missed attack with both together."""
    table, mara = warrior_expert("Lock, Clinch, Throw")
    ovid = table.fighter("Ovid")
    table.do(lambda state, ctx: condition_events(state, state.characters[ovid], "Grabbed", None,
                                                 None, new_id=ctx.new_id))
    missed = table.attack(mara, [1, 2, 3], tn=15, target=ovid)  # no SP
    with pytest.raises(DomainError) as refused:
        table.do(spend_stunts(missed, [Choice(name="Lock", sp=3)], ovid))
    assert refused.value.rule == "stunt-points-over-budget"
    doubles = table.attack(mara, [1, 1, 1], tn=3, target=ovid)  # 1 SP
    (spent, *_rest) = table.do(spend_stunts(doubles, [Choice(name="Lock", sp=3)], ovid))
    assert (spent.stunts[0].bonus, spent.stunts[0].paid) == (2, 1)
