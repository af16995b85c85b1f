"""The Mana Noir Magic Test (002): TN, bonus, costs, the roll, and a failure's fix or acceptance."""

from __future__ import annotations

import pytest

from ledger.domain.conditions.adding import Request, add_condition
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.magic.backlash import (
    BacklashBanked,
    BacklashChoiceOffered,
    BacklashGained,
    ConsequenceRollOwed,
)
from ledger.domain.magic.failure import accept, fix
from ledger.domain.magic.test_events import MagicTestFailureAccepted, MagicTestFixed, MagicTestMade
from ledger.domain.resource_commands import SpendMana
from ledger.domain.resources import ResourceSpent, spend
from ledger.domain.rolls import Rolled
from tests.unit.magic_helpers import (
    campaign,
    cast,
    character,
    mage,
    of_type,
    only,
    run,
    set_backlash,
)

FAIL_BY_3 = [1, 2, 3]  # 6 + Willpower 3 = 9 against TN 12


def made(events: list) -> MagicTestMade:  # type: ignore[type-arg]
    return only(events, MagicTestMade)


# --- the TN --------------------------------------------------------------------------

def test_each_careful_magic_option_lowers_the_tn_by_one() -> None:
    state = campaign()
    chid = mage(state)
    events = cast(state, chid, [6, 6, 6], base_tn=14, careful=["tools", "gestures"])
    assert made(events).target.tn == 12
    assert made(events).target.careful_applied == 2


def test_careful_magic_never_takes_the_tn_below_8() -> None:
    state = campaign()
    chid = mage(state)
    careful = ["slower-casting", "tools", "gestures", "spoken-words", "consumed-materials"]
    events = cast(state, chid, [6, 6, 6], base_tn=10, careful=careful)
    assert made(events).target.tn == 8
    assert made(events).target.careful_applied == 2


def test_careful_magic_does_not_lower_a_tn_already_below_8() -> None:
    state = campaign()
    chid = mage(state, willpower=0)
    events = cast(state, chid, [1, 1, 2], base_tn=7, careful=["tools"])
    assert made(events).target.tn == 7


def test_unknown_careful_option_is_refused() -> None:
    state = campaign()
    chid = mage(state)
    with pytest.raises(InvalidInput) as err:
        cast(state, chid, [6, 6, 6], careful=["prayer"])
    assert err.value.rule == "unknown-careful-option"


def test_each_careful_option_counts_once() -> None:
    state = campaign()
    chid = mage(state)
    with pytest.raises(InvalidInput) as err:
        cast(state, chid, [6, 6, 6], careful=["tools", "tools"])
    assert err.value.rule == "careful-option-counted-once"


def test_mana_cost_trade_raises_the_tn_one_per_mana_less() -> None:
    state = campaign()
    chid = mage(state, mana=10)
    events = cast(state, chid, [6, 6, 5], base_tn=12, mana_cost=4, mana_for_tn=2)
    assert made(events).target.tn == 14
    assert made(events).costs.cost == 2
    assert character(state, chid).mana.current == 8


def test_mana_cost_trade_cannot_exceed_the_spell_cost() -> None:
    state = campaign()
    chid = mage(state)
    with pytest.raises(RuleViolation) as err:
        cast(state, chid, [6, 6, 6], mana_cost=1, mana_for_tn=2)
    assert err.value.rule == "mana-trade-exceeds-cost"


# --- Resistance --------------------------------------------------------------------------

def test_named_resistance_factors_add_their_values_from_the_rules() -> None:
    state = campaign()
    chid = mage(state)
    events = cast(state, chid, [6, 6, 5], base_tn=10,
                  resistance_factors=["witness-knows-impossible", "opposing-group",
                                      "appropriate-area"])
    assert made(events).target.resistance == 1 + 3 - 1
    assert made(events).target.tn == 13


def test_resistance_as_a_number_adds_to_the_named_factors() -> None:
    state = campaign()
    chid = mage(state)
    events = cast(state, chid, [6, 6, 5], base_tn=10, resistance_factors=["primed-area"],
                  resistance=1)
    assert made(events).target.tn == 9


def test_unknown_resistance_factor_is_refused() -> None:
    state = campaign()
    chid = mage(state)
    with pytest.raises(InvalidInput) as err:
        cast(state, chid, [6, 6, 6], resistance_factors=["full-moon"])
    assert err.value.rule == "unknown-resistance-factor"


def test_missing_casting_elements_count_per_element_other_factors_once() -> None:
    state = campaign()
    chid = mage(state)
    events = cast(state, chid, [6, 6, 5], base_tn=10,
                  resistance_factors=["missing-casting-elements"] * 2)
    assert made(events).target.resistance == 2
    with pytest.raises(InvalidInput) as err:
        cast(state, chid, [6, 6, 6], resistance_factors=["strains-belief"] * 2)
    assert err.value.rule == "resistance-factor-counted-once"


def test_resistance_over_5_gives_one_automatic_backlash_per_point_over() -> None:
    state = campaign()
    chid = mage(state, willpower=20)
    events = cast(state, chid, base_tn=8, resistance=7)
    assert made(events).costs.auto_backlash == 2
    gained = only(events, BacklashChoiceOffered)
    assert (gained.source, gained.amount) == ("resistance", 2)
    assert character(state, chid).backlash.temporary == 2


def test_resistance_of_5_gives_no_automatic_backlash() -> None:
    state = campaign()
    chid = mage(state, willpower=20)
    events = cast(state, chid, base_tn=8, resistance=5)
    assert of_type(events, BacklashChoiceOffered) == []


def test_automatic_backlash_off_in_the_campaign_gives_none() -> None:
    state = campaign(auto_backlash_over_resistance_5=False)
    chid = mage(state, willpower=20)
    events = cast(state, chid, base_tn=8, resistance=8)
    assert made(events).costs.auto_backlash == 0


def test_gm_override_sets_the_automatic_backlash_for_one_test() -> None:
    state = campaign()
    chid = mage(state, willpower=20)
    events = cast(state, chid, base_tn=8, resistance=8, auto_backlash=1)
    assert made(events).costs.auto_backlash == 1


# --- bonus and costs ----------------------------------------------------------------------

def test_bonus_mana_adds_one_per_mana_spent_before_the_roll() -> None:
    state = campaign()
    chid = mage(state, mana=10)
    events = cast(state, chid, [1, 2, 4], bonus_mana=2)  # 7 + 3 + 2 = 12
    assert made(events).success
    assert made(events).total == 12
    assert character(state, chid).mana.current == 8


def test_bonus_backlash_adds_two_per_point() -> None:
    state = campaign()
    chid = mage(state)
    events = cast(state, chid, [1, 2, 2], bonus_backlash=1)  # 5 + 3 + 2 = 10
    assert made(events).bonus == 2
    assert made(events).total == 10
    assert character(state, chid).backlash.temporary == 1


def test_bonus_mana_the_character_lacks_is_refused() -> None:
    state = campaign()
    chid = mage(state, mana=1)
    with pytest.raises(RuleViolation) as err:
        cast(state, chid, [6, 6, 6], bonus_mana=2)
    assert err.value.rule == "insufficient-mana"


def test_spell_cost_shortfall_costs_half_the_missing_mana_rounded_up() -> None:
    state = campaign()
    chid = mage(state, mana=2)
    events = cast(state, chid, [6, 6, 5], mana_cost=5)
    costs = made(events).costs
    assert (costs.mana_paid, costs.shortfall, costs.shortfall_backlash) == (2, 3, 2)
    assert character(state, chid).mana.current == 0
    assert character(state, chid).backlash.temporary == 2


def test_backlash_chosen_for_the_cost_pays_two_mana_each() -> None:
    state = campaign()
    chid = mage(state, mana=10)
    events = cast(state, chid, [6, 6, 5], mana_cost=5, cost_backlash=2)
    assert made(events).costs.mana_paid == 1
    assert character(state, chid).backlash.temporary == 2
    assert character(state, chid).mana.current == 9


def test_backlash_for_the_cost_cannot_exceed_what_the_cost_needs() -> None:
    state = campaign()
    chid = mage(state)
    with pytest.raises(RuleViolation) as err:
        cast(state, chid, [6, 6, 6], mana_cost=3, cost_backlash=3)
    assert err.value.rule == "cost-backlash-exceeds-cost"


def test_mana_and_backlash_are_recorded_before_the_roll() -> None:
    state = campaign()
    chid = mage(state)
    events = cast(state, chid, [6, 6, 5], bonus_mana=1, bonus_backlash=1, mana_cost=1)
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("Rolled") > max(i for i, k in enumerate(kinds)
                                       if k in ("ResourceSpent", "BacklashChoiceOffered"))


def test_backlash_from_magic_offers_the_bank_or_roll_choice() -> None:
    state = campaign()
    chid = mage(state)
    cast(state, chid, [6, 6, 5], bonus_backlash=1)
    assert character(state, chid).backlash.choice is not None


# --- automatic success and the roll --------------------------------------------------------

def test_automatic_success_when_3_plus_ability_focus_and_bonus_reach_the_tn() -> None:
    state = campaign()
    chid = mage(state, willpower=3)
    events = cast(state, chid, None, base_tn=12, focus="Arcana", bonus_mana=4)  # 3+3+2+4
    assert made(events).automatic
    assert made(events).success
    assert of_type(events, Rolled) == []


def test_one_short_of_automatic_success_rolls() -> None:
    state = campaign()
    chid = mage(state, willpower=3)
    events = cast(state, chid, [1, 1, 1], base_tn=12, focus="Arcana", bonus_mana=3)
    assert not made(events).automatic
    assert only(events, Rolled).total == 3 + 3 + 2 + 3


def test_magic_test_total_is_dice_plus_ability_focus_bonus_and_modifier() -> None:
    state = campaign()
    chid = mage(state, willpower=3)
    events = cast(state, chid, [2, 3, 4], focus="Arcana", bonus_mana=1, modifier=-1)
    assert made(events).total == 9 + 3 + 2 + 1 - 1


def test_focus_not_on_the_sheet_is_refused() -> None:
    state = campaign()
    chid = mage(state)
    with pytest.raises(RuleViolation) as err:
        cast(state, chid, [6, 6, 6], focus="Necromancy")
    assert err.value.rule == "focus-not-on-sheet"


def test_doubles_on_a_success_give_stunt_points_equal_to_the_stunt_die() -> None:
    state = campaign()
    chid = mage(state)
    events = cast(state, chid, [5, 5, 3])
    assert made(events).stunt_points == 3
    assert only(events, Rolled).stunt_points == 3


def test_doubles_on_a_failure_give_no_stunt_points() -> None:
    state = campaign()
    chid = mage(state)
    events = cast(state, chid, [1, 1, 3])
    assert not made(events).success
    assert made(events).stunt_points == 0


# --- failure, fix and acceptance -----------------------------------------------------------

def test_failure_is_pending_and_takes_no_backlash_yet() -> None:
    state = campaign()
    chid = mage(state)
    cast(state, chid, FAIL_BY_3)
    failure = character(state, chid).magic_tests.failure
    assert failure is not None
    assert (failure.needed, failure.backlash) == (3, 4)
    assert character(state, chid).backlash.temporary == 0


def test_failed_magic_test_backlash_is_one_plus_degree_of_failure() -> None:
    state = campaign()
    chid = mage(state)
    test_id = made(cast(state, chid, FAIL_BY_3)).test_id
    events = run(state, accept(chid, test_id))
    assert only(events, BacklashChoiceOffered).amount == 1 + 3
    assert character(state, chid).backlash.temporary == 4
    assert character(state, chid).magic_tests.failure is None


def test_accepted_failure_offers_the_bank_or_roll_choice() -> None:
    state = campaign()
    chid = mage(state)
    test_id = made(cast(state, chid, FAIL_BY_3)).test_id
    run(state, accept(chid, test_id))
    assert character(state, chid).backlash.choice is not None


def test_fix_must_reach_the_tn() -> None:
    state = campaign()
    chid = mage(state)
    test_id = made(cast(state, chid, FAIL_BY_3)).test_id
    with pytest.raises(RuleViolation) as err:
        run(state, fix(chid, test_id, mana=1, backlash=1))
    assert err.value.rule == "fix-must-reach-tn"


def test_reeling_automatic_failure_cannot_be_fixed_only_accepted() -> None:
    """000 Reeling: "their Stunt Die comes up a 1 or 2 on a test, they automatically fail
    it"; a fix adds +1s to the roll (002 Backlash), which leaves that failure as it was."""
    state = campaign()
    chid = mage(state, mana=10)
    run(state, add_condition(chid, Request(name="Reeling")))
    test = made(cast(state, chid, [6, 5, 2]))  # 13 + 3 = 16 reaches TN 12; the Stunt Die is 2
    assert (test.success, test.automatic_failure) == (False, True)
    with pytest.raises(RuleViolation) as err:
        run(state, fix(chid, test.test_id, mana=1, backlash=0))
    assert err.value.rule == "automatic-failure-cannot-be-fixed"
    run(state, accept(chid, test.test_id))
    assert character(state, chid).backlash.temporary == 1


def test_a_failure_by_the_total_alone_stays_fixable_while_reeling() -> None:
    state = campaign()
    chid = mage(state, mana=10)
    run(state, add_condition(chid, Request(name="Reeling")))
    test = made(cast(state, chid, [1, 2, 4]))  # 7 + 3 = 10 against 12; the Stunt Die is 4
    assert (test.success, test.automatic_failure) == (False, False)
    run(state, fix(chid, test.test_id, mana=2, backlash=0))
    assert character(state, chid).magic_tests.failure is None


def test_fix_with_mana_and_backlash_adds_one_each_and_makes_a_success() -> None:
    state = campaign()
    chid = mage(state, mana=10)
    test_id = made(cast(state, chid, FAIL_BY_3)).test_id
    events = run(state, fix(chid, test_id, mana=2, backlash=1))
    assert only(events, MagicTestFixed).needed == 3
    assert only(events, ResourceSpent).amount == 2
    assert character(state, chid).backlash.temporary == 1  # the fix's point, not the failure's 4
    assert character(state, chid).magic_tests.failure is None


def test_fixed_failure_offers_no_consequence_roll() -> None:
    state = campaign()
    chid = mage(state)
    test_id = made(cast(state, chid, FAIL_BY_3)).test_id
    events = run(state, fix(chid, test_id, mana=0, backlash=3))
    assert not only(events, BacklashGained).offers_choice
    assert of_type(events, BacklashChoiceOffered) == []
    assert character(state, chid).backlash.choice is None


def test_fix_carries_plus_one_to_the_next_failure() -> None:
    state = campaign()
    chid = mage(state)
    run(state, fix(chid, made(cast(state, chid, FAIL_BY_3)).test_id, mana=3, backlash=0))
    test_id = made(cast(state, chid, FAIL_BY_3)).test_id
    events = run(state, accept(chid, test_id))
    assert only(events, BacklashChoiceOffered).amount == 1 + 3 + 1


def test_fixes_add_up_until_a_failure_uses_them_all() -> None:
    state = campaign()
    chid = mage(state, mana=20)
    for _ in range(2):
        run(state, fix(chid, made(cast(state, chid, FAIL_BY_3)).test_id, mana=3, backlash=0))
    assert character(state, chid).magic_tests.carried == 2
    events = run(state, accept(chid, made(cast(state, chid, FAIL_BY_3)).test_id))
    assert only(events, MagicTestFailureAccepted).carried_used == 2
    assert only(events, BacklashChoiceOffered).amount == 1 + 3 + 2
    assert character(state, chid).magic_tests.carried == 0


def test_fixing_or_accepting_another_test_is_refused() -> None:
    state = campaign()
    chid = mage(state)
    cast(state, chid, FAIL_BY_3)
    with pytest.raises(RuleViolation) as err:
        run(state, accept(chid, "mgt_other"))
    assert err.value.rule == "no-pending-magic-test-failure"


def test_next_command_of_the_character_accepts_a_pending_failure() -> None:
    state = campaign()
    chid = mage(state, mana=10)
    test_id = made(cast(state, chid, FAIL_BY_3)).test_id
    events = run(state, SpendMana(character_id=chid, amount=1, reason="anything"))
    accepted = only(events, MagicTestFailureAccepted)
    assert accepted.test_id == test_id
    assert accepted.automatic
    assert character(state, chid).backlash.temporary == 4


def test_next_command_banks_a_bank_or_roll_choice_left_unanswered() -> None:
    state = campaign()
    chid = mage(state)
    run(state, accept(chid, made(cast(state, chid, FAIL_BY_3)).test_id))
    events = run(state, SpendMana(character_id=chid, amount=1, reason="anything"))
    banked = only(events, BacklashBanked)
    assert (banked.banked, banked.amount, banked.automatic) == (4, 1, True)
    assert character(state, chid).backlash.temporary == 5
    assert character(state, chid).backlash.choice is None


def test_new_magic_test_accepts_the_pending_failure_first() -> None:
    state = campaign()
    chid = mage(state, mana=10)
    cast(state, chid, FAIL_BY_3)
    events = cast(state, chid, [6, 6, 5], settling=True)
    assert only(events, MagicTestFailureAccepted).automatic
    assert made(events).success


# --- what blocks a Magic Test ---------------------------------------------------------------

def test_magic_test_refused_while_a_consequence_roll_is_owed() -> None:
    state = campaign()
    chid = mage(state, mana=2)
    set_backlash(state, chid, 2)
    events = run(state, spend(chid, "mana", 1, "lamp"))
    assert only(events, ConsequenceRollOwed).reason == "over-mana"
    with pytest.raises(RuleViolation) as err:
        cast(state, chid, [6, 6, 6])
    assert err.value.rule == "backlash-consequence-roll-owed"


def test_failure_accepted_by_a_new_test_that_then_owes_a_roll_refuses_the_test() -> None:
    state = campaign()
    chid = mage(state, mana=2)
    test_id = made(cast(state, chid, FAIL_BY_3)).test_id
    with pytest.raises(RuleViolation) as err:
        cast(state, chid, [6, 6, 6], settling=True)
    # Nothing is recorded, so the roll is not owed yet: the refusal names the failure.
    assert err.value.rule == "magic-test-failure-pending"
    assert err.value.resolve == [f"magic-tests/{test_id}/fix", f"magic-tests/{test_id}/accept"]
    assert "owes a Consequence roll" in err.value.detail


def test_magic_test_needs_a_magic_ability() -> None:
    state = campaign()
    chid = mage(state, magic_ability=None)
    with pytest.raises(RuleViolation) as err:
        cast(state, chid, [6, 6, 6])
    assert err.value.rule == "no-magic-ability"


def test_owed_roll_state_names_its_reason() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    cast(state, chid, [6, 6, 6], bonus_backlash=1)
    assert [o.reason for o in character(state, chid).backlash.owed] == ["over-mana"]


def test_a_muted_caster_cannot_take_the_spoken_words_careful_option() -> None:
    """002 Careful Magic: "Specific spoken phrases that must be stated clearly at
    conversational voice or louder"; 000 Muted: "cannot speak". The other options stay."""
    state = campaign()
    chid = mage(state)
    run(state, add_condition(chid, Request(name="Muted")))
    with pytest.raises(RuleViolation) as err:
        cast(state, chid, [2, 3, 4], careful=["spoken-words"])
    assert (err.value.rule, err.value.field) == ("muted-cannot-speak-the-words", "careful")
    assert made(cast(state, chid, [2, 3, 4], careful=["gestures"])).target.careful_applied == 1
