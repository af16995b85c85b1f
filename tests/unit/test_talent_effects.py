"""Talents the ledger applies outside stunts: Warrior Novice's Health
(ledger/domain/talent_health.py), Wizard Novice and Shaman Grandmaster on Magic Tests
(ledger/domain/magic/talents.py); docs/rules/talents.md."""

from __future__ import annotations

import pytest

from ledger.domain.audit import summaries_talents  # noqa: F401  (registers the summary)
from ledger.domain.audit.summaries import summarize
from ledger.domain.characters import correct, update_sheet
from ledger.domain.errors import DomainError
from ledger.domain.magic.backlash import BacklashChoiceOffered
from ledger.domain.magic.test_events import MagicTestMade
from ledger.domain.resources import ResourceSpent
from ledger.domain.state import CampaignState
from ledger.domain.talent_health import WARRIOR_HEALTH, TalentHealthChanged
from tests.unit.magic_helpers import campaign, cast, character, mage, of_type, only, run

WARRIOR = [{"name": "Warrior", "degree": "Novice"}]


def test_warrior_novice_adds_five_health() -> None:
    state = campaign()
    mara = mage(state, talents=WARRIOR, health={"current": 20, "max": 20})
    assert (character(state, mara).health.current, character(state, mara).health.max) == (
        20 + WARRIOR_HEALTH, 20 + WARRIOR_HEALTH)
    assert character(state, mara).talent_health == WARRIOR_HEALTH


def test_warrior_at_a_higher_degree_includes_novice_health() -> None:
    state = campaign()
    mara = mage(state, specializations=[{"name": "Warrior", "degree": "Master"}])
    assert character(state, mara).health.max == 10 + WARRIOR_HEALTH


def test_warrior_novice_health_is_recorded_as_its_own_event() -> None:
    state = campaign()
    mara = mage(state)
    events = run(state, update_sheet(mara, {"talents": WARRIOR}))
    changed = only(events, TalentHealthChanged)
    assert (changed.talent, changed.bonus, changed.max_before, changed.max_after) == (
        "Warrior Novice", 5, 10, 15)
    data = {k: getattr(changed, k) for k in changed.__struct_fields__}
    assert summarize("TalentHealthChanged", data, lambda _: "Mara") == (
        "Mara's Warrior Novice adds 5 Health: Health 10/10 → 15/15")


def test_warrior_novice_health_is_not_added_twice_by_other_sheet_edits() -> None:
    state = campaign()
    mara = mage(state, talents=WARRIOR)
    events = run(state, update_sheet(mara, {"level": 2}))
    assert of_type(events, TalentHealthChanged) == []
    assert character(state, mara).health.max == 15


def test_warrior_novice_health_is_added_to_a_health_the_sheet_sets_again() -> None:
    state = campaign()
    mara = mage(state, talents=WARRIOR)
    run(state, update_sheet(mara, {"health": {"current": 12, "max": 30}}))
    assert (character(state, mara).health.current, character(state, mara).health.max) == (17, 35)


def test_losing_warrior_takes_its_health_back() -> None:
    state = campaign()
    mara = mage(state, talents=WARRIOR)
    run(state, update_sheet(mara, {"talents": []}))
    assert (character(state, mara).health.max, character(state, mara).talent_health) == (10, 0)


def test_a_gm_correction_of_health_stands_with_warrior_novice() -> None:
    state = campaign()
    mara = mage(state, talents=WARRIOR)
    events = run(state, correct(mara, "health.max", 40, "rebuilt sheet"))
    assert of_type(events, TalentHealthChanged) == []
    assert character(state, mara).health.max == 40


def test_wizard_novice_adds_one_to_a_novice_magic_test() -> None:
    state = campaign()
    mara = mage(state, talents=[{"name": "Wizard", "degree": "Novice"}])
    made = only(cast(state, mara, [1, 2, 4], spell_rank="novice", base_tn=12), MagicTestMade)
    # 1 + 2 + 4 + Willpower 3 = 10, +1 from Wizard Novice
    assert (made.total, made.talent_bonus, made.talents) == (11, 1, ["Wizard Novice"])


def test_wizard_novice_adds_nothing_to_an_expert_spell_or_an_unranked_test() -> None:
    state = campaign()
    mara = mage(state, talents=[{"name": "Wizard", "degree": "Novice"}])
    made = only(cast(state, mara, [1, 2, 4], spell_rank="expert"), MagicTestMade)
    assert (made.total, made.talent_bonus) == (10, 0)
    made = only(cast(state, mara, [1, 2, 4], settling=True), MagicTestMade)
    assert (made.total, made.talent_bonus) == (10, 0)


def test_wizard_novice_counts_towards_the_automatic_success() -> None:
    state = campaign()
    mara = mage(state, willpower=4, talents=[{"name": "Wizard", "degree": "Novice"}])
    # 3 + Willpower 4 + 1 reaches TN 8 only with the talent: no dice are drawn
    made = only(cast(state, mara, [], spell_rank="novice", base_tn=8), MagicTestMade)
    assert (made.automatic, made.success) == (True, True)


def test_shaman_grandmaster_novice_spirit_spell_costs_one_mana_less() -> None:
    state = campaign()
    mara = mage(state, specializations=[{"name": "Shaman", "degree": "Grandmaster"}])
    events = cast(state, mara, [6, 6, 5], spell_rank="novice", arcana="Spirit", mana_cost=3)
    made = only(events, MagicTestMade)
    assert (made.costs.cost, made.mana_less, made.talents) == (2, 1, ["Shaman Grandmaster"])
    assert only(events, ResourceSpent).amount == 2


def test_shaman_grandmaster_discount_needs_a_novice_spirit_spell() -> None:
    state = campaign()
    mara = mage(state, specializations=[{"name": "Shaman", "degree": "Grandmaster"}])
    made = only(cast(state, mara, [6, 6, 5], spell_rank="novice", arcana="Fire", mana_cost=3),
                MagicTestMade)
    assert made.costs.cost == 3
    made = only(cast(state, mara, [6, 6, 5], spell_rank="expert", arcana="Spirit",
                     mana_cost=3), MagicTestMade)
    assert made.costs.cost == 3


def test_shaman_master_is_below_grandmaster_and_takes_nothing_off() -> None:
    state = campaign()
    mara = mage(state, specializations=[{"name": "Shaman", "degree": "Master"}])
    made = only(cast(state, mara, [6, 6, 5], spell_rank="novice", arcana="Spirit",
                     mana_cost=3), MagicTestMade)
    assert made.mana_less == 0


def test_shaman_grandmaster_trade_is_limited_to_the_discounted_cost() -> None:
    state = campaign()
    mara = mage(state, specializations=[{"name": "Shaman", "degree": "Grandmaster"}])
    with pytest.raises(DomainError) as refused:
        cast(state, mara, [6, 6, 5], spell_rank="novice", arcana="Spirit", mana_cost=2,
             mana_for_tn=2)
    assert refused.value.rule == "mana-trade-exceeds-cost"


def test_ordinarius_grandmaster_target_gives_the_caster_one_automatic_backlash() -> None:
    state = campaign()
    mara = mage(state)
    ines = mage(state, name="Ines", specializations=[{"name": "Ordinarius",
                                                       "degree": "Grandmaster"}])
    events = cast(state, mara, [6, 6, 5], target_character=ines)
    offered = only(events, BacklashChoiceOffered)
    assert (offered.amount, offered.source, offered.character_id) == (1, "target-talent", mara)
    made = only(events, MagicTestMade)
    assert (made.costs.target_backlash, made.talents) == (
        1, ["Ordinarius Expert (Ines)", "Ordinarius Grandmaster (Ines)"])


def test_a_spell_targeting_an_ordinarius_expert_costs_2_mana_more() -> None:
    """000, Ordinarius Expert: "If a spell targets you, it costs +2 Mana". An outside rules
    check found the cost unchanged."""
    state = campaign()
    mara = mage(state, mana=10)
    ines = mage(state, name="Ines", specializations=[{"name": "Ordinarius", "degree": "Expert"}])
    made = only(cast(state, mara, [6, 6, 5], target_character=ines, mana_cost=2,
                     mana_for_tn=2), MagicTestMade)
    assert (made.costs.cost, made.mana_more, made.talents) == (2, 2, ["Ordinarius Expert (Ines)"])
    assert state.characters[mara].mana.current == 8


def test_ordinarius_master_target_gives_no_automatic_backlash() -> None:
    state = campaign()
    mara = mage(state)
    ines = mage(state, name="Ines", specializations=[{"name": "Ordinarius", "degree": "Master"}])
    events = cast(state, mara, [6, 6, 5], target_character=ines)
    assert of_type(events, BacklashChoiceOffered) == []


def test_a_magic_test_naming_an_unknown_target_is_refused() -> None:
    state = campaign()
    mara = mage(state)
    with pytest.raises(DomainError) as refused:
        cast(state, mara, [6, 6, 5], target_character="chr_nobody")
    assert (refused.value.rule, refused.value.field) == (
        "unknown-target-character", "target_character")


def wizard_expert(state: CampaignState, arcana: str = "Fire") -> str:
    return mage(state, talents=[{"name": "Wizard", "degree": "Expert", "choice": arcana}])


def test_wizard_expert_chosen_arcana_costs_one_mana_less() -> None:
    state = campaign()
    mara = wizard_expert(state)
    events = cast(state, mara, [6, 6, 5], arcana="fire arcana", mana_cost=3)
    made = only(events, MagicTestMade)
    assert (made.costs.cost, made.mana_less, made.talents) == (2, 1, ["Wizard Expert (Fire)"])
    assert only(events, ResourceSpent).amount == 2


def test_wizard_expert_never_takes_a_cost_below_one_mana() -> None:
    state = campaign()
    mara = wizard_expert(state)
    made = only(cast(state, mara, [6, 6, 5], arcana="Fire", mana_cost=1), MagicTestMade)
    assert (made.costs.cost, made.mana_less) == (1, 0)


def test_wizard_expert_other_arcana_costs_the_same() -> None:
    state = campaign()
    mara = wizard_expert(state)
    made = only(cast(state, mara, [6, 6, 5], arcana="Water", mana_cost=3), MagicTestMade)
    assert made.costs.cost == 3


def test_wizard_expert_and_shaman_grandmaster_keep_the_cost_at_least_one() -> None:
    state = campaign()
    mara = mage(state, talents=[{"name": "Wizard", "degree": "Expert", "choice": "Spirit"}],
                specializations=[{"name": "Shaman", "degree": "Grandmaster"}])
    made = only(cast(state, mara, [6, 6, 5], spell_rank="novice", arcana="Spirit",
                     mana_cost=2), MagicTestMade)
    assert (made.costs.cost, made.talents) == (1, ["Wizard Novice", "Shaman Grandmaster"])


def test_a_warrior_recorded_before_the_rule_keeps_its_health_through_other_edits() -> None:
    state = campaign()
    mara = mage(state, talents=WARRIOR)
    old = character(state, mara)  # as a sheet recorded before the rule: no bonus counted
    old.talent_health, old.health.max, old.health.current = 0, 10, 10
    events = run(state, update_sheet(mara, {"level": 2}))
    events += run(state, correct(mara, "mana.current", 4, "spent off the record"))
    assert of_type(events, TalentHealthChanged) == []
    assert character(state, mara).health.max == 10
    run(state, update_sheet(mara, {"talents": WARRIOR}))
    assert character(state, mara).health.max == 15
