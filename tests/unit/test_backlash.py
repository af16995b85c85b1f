"""Backlash (002): banking, the owed Consequence roll, the deadline, Consequences,
permanent Backlash and harm that never heals magically."""

from __future__ import annotations

import pytest

from ledger.domain import clock
from ledger.domain.characters import correct, update_sheet
from ledger.domain.conditions.adding import ConditionAdded
from ledger.domain.errors import DomainError, InvalidInput, RuleViolation
from ledger.domain.magic.backlash import BacklashBanked, BacklashGained, ConsequenceRollOwed, bank
from ledger.domain.magic.commands import UseSuperhumanAbility
from ledger.domain.magic.consequence_roll import (
    ConsequenceDrawn,
    ConsequenceRolled,
    consequence_roll,
    draw,
)
from ledger.domain.magic.consequences import (
    ConditionInput,
    ConsequenceAmountSet,
    ConsequenceInput,
    ConsequenceSuffered,
    record,
)
from ledger.domain.magic.failure import accept
from ledger.domain.magic.harm import BacklashHarmRecovered
from ledger.domain.magic.permanent import PermanentBacklashChanged
from ledger.domain.magic.test_events import MagicTestMade
from ledger.domain.resources import Damaged, gain, heal, spend
from ledger.domain.rolls import Rolled
from ledger.domain.state import CampaignState
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


def failed_and_accepted(state: CampaignState, chid: str) -> None:
    """A Magic Test failed by 3 and accepted: 4 Backlash and the bank-or-roll choice."""
    test_id = only(cast(state, chid, [1, 2, 3]), MagicTestMade).test_id
    run(state, accept(chid, test_id))


def due(state: CampaignState, chid: str, temporary: int) -> None:
    """A character with `temporary` + 1 Backlash who failed a Consequence roll on purpose."""
    set_backlash(state, chid, temporary)
    cast(state, chid, [6, 6, 6], bonus_backlash=1)  # +1 from magic: roll now, or bank
    run(state, consequence_roll(chid, fail_deliberately=True))


def item(description: str = "glowing eyes", **kw: object) -> ConsequenceInput:
    return ConsequenceInput(description=description, **kw)  # type: ignore[arg-type]


# --- banking -----------------------------------------------------------------------------

def test_banking_backlash_adds_one_more() -> None:
    state = campaign()
    chid = mage(state)
    failed_and_accepted(state, chid)
    events = run(state, bank(chid))
    assert only(events, BacklashBanked).amount == 1
    assert character(state, chid).backlash.temporary == 5
    assert character(state, chid).backlash.choice is None


def test_banking_without_fresh_backlash_is_refused() -> None:
    state = campaign()
    chid = mage(state)
    with pytest.raises(RuleViolation) as err:
        run(state, bank(chid))
    assert err.value.rule == "no-backlash-to-bank"


# --- owing a roll and the deadline ------------------------------------------------------------

def test_total_backlash_first_exceeding_mana_owes_a_consequence_roll() -> None:
    state = campaign()
    chid = mage(state, mana=3)
    events = cast(state, chid, [1, 2, 3])
    assert of_type(events, ConsequenceRollOwed) == []
    events = run(state, accept(chid, only(events, MagicTestMade).test_id))
    owed = only(events, ConsequenceRollOwed)
    assert (owed.reason, owed.total, owed.mana) == ("over-mana", 4, 3)


def test_spending_mana_below_total_backlash_owes_a_roll() -> None:
    state = campaign()
    chid = mage(state, mana=3)
    set_backlash(state, chid, 3)
    events = run(state, spend(chid, "mana", 1, "lamp"))
    assert only(events, ConsequenceRollOwed).reason == "over-mana"


def test_permanent_backlash_counts_towards_exceeding_mana() -> None:
    state = campaign()
    chid = mage(state, mana=3, traits=["Disbelief"])
    set_backlash(state, chid, 2)
    events = run(state, spend(chid, "mana", 1, "lamp"))
    assert only(events, ConsequenceRollOwed).total == 3


def test_remaining_excess_owes_nothing_more_until_sunrise_or_sunset() -> None:
    state = campaign()
    chid = mage(state, mana=1)
    failed_and_accepted(state, chid)
    run(state, consequence_roll(chid, [6, 6, 6]))  # 18 + 3 against TN 12: success
    assert character(state, chid).backlash.owed == []
    events = run(state, bank(chid)) if character(state, chid).backlash.choice else []
    events += run(state, UseSuperhumanAbility(character_id=chid, ability="Strength"))
    assert of_type(events, ConsequenceRollOwed) == []


def test_mana_catching_up_then_falling_behind_again_owes_a_new_roll() -> None:
    state = campaign()
    chid = mage(state, mana=3)
    set_backlash(state, chid, 3)
    run(state, spend(chid, "mana", 1, "lamp"))
    run(state, consequence_roll(chid, [6, 6, 6]))
    run(state, gain(chid, "mana", 2, "rest"))
    events = run(state, spend(chid, "mana", 2, "lamp"))
    assert only(events, ConsequenceRollOwed).reason == "over-mana"


@pytest.mark.parametrize("marker", ["sunrise", "sunset"])
def test_sunrise_or_sunset_adds_one_backlash_and_owes_a_roll_to_each_character_still_over(
        marker: str) -> None:
    state = campaign()
    over = mage(state, mana=1)
    fine = mage(state, mana=10, name="Vic")
    set_backlash(state, over, 3)
    set_backlash(state, fine, 3)
    events = run(state, clock.mark_sun(marker))
    gained = only(events, BacklashGained)
    assert (gained.character_id, gained.source, gained.amount) == (over, marker, 1)
    assert only(events, ConsequenceRollOwed).reason == marker
    assert character(state, over).backlash.temporary == 4
    assert character(state, fine).backlash.temporary == 3


@pytest.mark.parametrize("marker", ["sunrise", "sunset"])
def test_the_same_sun_marker_twice_in_a_day_is_refused_and_charges_no_second_backlash(
        marker: str) -> None:
    """002: gain Mana "before the next sunrise or sunset or gain an additional +1 Backlash".
    A day has one of each; an outside rules check marked sunrise twice on day 1 and the
    Backlash went up twice."""
    state = campaign()
    over = mage(state, mana=1)
    set_backlash(state, over, 2)
    run(state, clock.mark_sun(marker))
    with pytest.raises(RuleViolation) as err:
        run(state, clock.mark_sun(marker))
    assert err.value.rule == "sun-already-marked"
    assert character(state, over).backlash.temporary == 3
    other = "sunset" if marker == "sunrise" else "sunrise"
    run(state, clock.mark_sun(other))  # the other marker of the same day still counts
    run(state, clock.new_day([]))
    run(state, clock.mark_sun(marker))  # and the same one, on the next day
    assert character(state, over).backlash.temporary == 5


# --- the Consequence roll -----------------------------------------------------------------

def test_consequence_roll_is_the_magic_ability_against_8_plus_total_backlash() -> None:
    state = campaign()
    chid = mage(state, willpower=3, traits=["Disbelief"])
    failed_and_accepted(state, chid)  # 4 temporary + 1 permanent
    events = run(state, consequence_roll(chid, [4, 4, 2]))  # 10 + 3 = 13 against 13
    rolled = only(events, ConsequenceRolled)
    assert (rolled.tn, rolled.total, rolled.success) == (13, 13, True)
    assert character(state, chid).backlash.consequences_due is None


def test_a_consequence_roll_without_a_magic_ability_on_the_sheet_says_how_to_set_one() -> None:
    # A newcomer's trial: a Magic Test naming its ability was accepted and failed, and the
    # roll it owed was refused naming `ability`, a field the roll has not.
    state = campaign()
    chid = mage(state, magic_ability=None)
    test_id = only(cast(state, chid, [1, 2, 3], ability="Willpower"), MagicTestMade).test_id
    run(state, accept(chid, test_id))
    with pytest.raises(RuleViolation) as refused:
        run(state, consequence_roll(chid, [4, 4, 2]))
    assert (refused.value.rule, refused.value.field) == ("no-magic-ability", "magic_ability")
    assert "PATCH" in str(refused.value)


def test_consequence_roll_never_gives_stunt_points() -> None:
    state = campaign()
    chid = mage(state, willpower=3)
    failed_and_accepted(state, chid)
    events = run(state, consequence_roll(chid, [5, 5, 6]))  # 16 + 3 against TN 12
    assert only(events, Rolled).stunt_points == 0
    assert only(events, Rolled).active is False


def test_failed_consequence_roll_makes_consequences_due() -> None:
    state = campaign()
    chid = mage(state)
    failed_and_accepted(state, chid)
    run(state, consequence_roll(chid, [1, 1, 2]))
    assert character(state, chid).backlash.consequences_due is not None
    assert character(state, chid).backlash.choice is None


def test_consequence_roll_failed_on_purpose_rolls_no_dice() -> None:
    state = campaign()
    chid = mage(state)
    failed_and_accepted(state, chid)
    events = run(state, consequence_roll(chid, fail_deliberately=True))
    assert of_type(events, Rolled) == []
    assert only(events, ConsequenceRolled).deliberate
    assert character(state, chid).backlash.consequences_due is not None


def test_consequence_roll_resolves_the_owed_roll() -> None:
    state = campaign()
    chid = mage(state, mana=1)
    failed_and_accepted(state, chid)
    events = run(state, consequence_roll(chid, [6, 6, 6]))
    assert only(events, ConsequenceRolled).resolves_owed == "over-mana"
    assert character(state, chid).backlash.owed == []


def test_consequence_roll_not_offered_without_owed_roll_or_fresh_backlash() -> None:
    state = campaign()
    chid = mage(state)
    set_backlash(state, chid, 3)
    with pytest.raises(RuleViolation) as err:
        run(state, consequence_roll(chid, [1, 1, 1]))
    assert err.value.rule == "no-consequence-roll-offered"


def test_consequences_due_block_magic_tests() -> None:
    state = campaign()
    chid = mage(state)
    failed_and_accepted(state, chid)
    run(state, consequence_roll(chid, fail_deliberately=True))
    with pytest.raises(RuleViolation) as err:
        cast(state, chid, [6, 6, 6])
    assert err.value.rule == "backlash-consequences-pending"


# --- how much Backlash to spend --------------------------------------------------------------

def test_chosen_amount_cannot_exceed_temporary_backlash() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    with pytest.raises(RuleViolation) as err:
        run(state, record(chid, [], amount=5))
    assert err.value.rule == "amount-exceeds-temporary-backlash"


def test_rolled_amount_is_1d6_per_full_4_points_of_temporary_backlash() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 8)  # 9 temporary: 2 dice
    events = run(state, record(chid, [], roll_amount=True), [3, 4])
    assert only(events, Rolled).expression == "2d6"
    assert only(events, ConsequenceAmountSet).amount == 7


def test_rolled_amount_never_exceeds_temporary_backlash() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)  # 4 temporary: 1 die
    events = run(state, record(chid, [], roll_amount=True), [6])
    assert only(events, ConsequenceAmountSet).amount == 4


def test_rolled_amount_needs_4_temporary_backlash() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 2)
    with pytest.raises(RuleViolation) as err:
        run(state, record(chid, [], roll_amount=True), [6])
    assert err.value.rule == "rolled-amount-needs-4-backlash"


def test_consequences_need_the_amount_first() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    with pytest.raises(RuleViolation) as err:
        run(state, record(chid, [item(category="domains", backlash=1)]))
    assert err.value.rule == "consequence-amount-needed"


# --- which Consequences ------------------------------------------------------------------------

@pytest.mark.parametrize(("die", "category"), [(1, "general"), (2, "general"),
                                                (3, "supernatural-type"), (4, "supernatural-type"),
                                                (5, "domains"), (6, "domains")])
def test_drawn_category_1_2_general_3_4_supernatural_type_5_6_domains(
        die: int, category: str) -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    events = run(state, draw(chid), [die, 1] if die <= 2 else [die])
    assert only(events, ConsequenceDrawn).drawn.category == category


@pytest.mark.parametrize(("die", "severity", "cost"), [(1, "minor", 1), (2, "minor", 1),
                                                        (3, "moderate", 2), (4, "moderate", 2),
                                                        (5, "major", 3), (6, "major", 3)])
def test_general_severity_minor_moderate_major_costs_1_2_3(die: int, severity: str,
                                                            cost: int) -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 5)
    drawn = only(run(state, draw(chid), [1, die]), ConsequenceDrawn).drawn
    assert (drawn.severity, drawn.cost) == (severity, cost)
    events = run(state, record(chid, [item(drawn=True)], amount=6))
    assert only(events, ConsequenceSuffered).consequence.backlash_spent == cost


def test_supernatural_type_consequence_needs_its_backlash_as_input() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    with pytest.raises(InvalidInput) as err:
        run(state, record(chid, [item(category="supernatural-type")], amount=2))
    assert err.value.rule == "consequence-backlash-needed"
    events = run(state, record(chid, [item(category="supernatural-type", backlash=2)], amount=2))
    assert only(events, ConsequenceSuffered).consequence.backlash_spent == 2


def test_general_consequence_cost_is_fixed_by_its_severity() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    with pytest.raises(InvalidInput) as err:
        run(state, record(chid, [item(category="general", severity="minor", backlash=3)],
                          amount=3))
    assert err.value.rule == "general-consequence-cost-is-fixed"


def test_consequences_repeat_until_the_amount_is_spent() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 5)  # 6 temporary
    run(state, record(chid, [item(category="general", severity="minor")], amount=3))
    assert character(state, chid).backlash.consequences_due is not None
    run(state, record(chid, [item(category="domains", backlash=2)]))
    assert character(state, chid).backlash.consequences_due is None
    assert character(state, chid).backlash.temporary == 3


def test_no_consequence_beyond_the_amount() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 5)
    with pytest.raises(RuleViolation) as err:
        run(state, record(chid, [item(category="domains", backlash=1),
                                 item(category="domains", backlash=1)], amount=1))
    assert err.value.rule == "consequences-exceed-amount"


def test_last_consequence_spends_only_what_remains_of_the_amount() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 5)
    events = run(state, record(chid, [item(category="general", severity="major")], amount=2))
    assert only(events, ConsequenceSuffered).consequence.backlash_spent == 2


def test_only_temporary_backlash_is_spent() -> None:
    state = campaign()
    chid = mage(state, mana=0, traits=["Disbelief"])
    due(state, chid, 2)  # 3 temporary, 1 permanent
    run(state, record(chid, [item(category="domains", backlash=3)], amount=3))
    backlash = character(state, chid).backlash
    assert (backlash.temporary, backlash.permanent) == (0, 1)


def test_drawn_consequence_must_be_recorded_before_another_draw() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    run(state, draw(chid), [3])
    with pytest.raises(RuleViolation) as err:
        run(state, draw(chid), [3])
    assert err.value.rule == "drawn-consequence-not-recorded"


# --- harm and Conditions from Backlash -----------------------------------------------------------

def test_consequence_damage_is_flagged_as_caused_by_backlash() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    events = run(state, record(chid, [item(category="general", severity="moderate", damage=4)],
                               amount=2))
    assert only(events, Damaged).from_backlash
    assert only(events, ConsequenceSuffered).consequence.health_lost == 4
    assert character(state, chid).backlash.harm == 4


@pytest.mark.parametrize(("severity", "most", "amount"),
                         [("minor", 3, 1), ("moderate", 6, 2), ("major", 12, 3)])
def test_general_consequence_damage_is_at_most_what_its_severity_dice_give(
        severity: str, most: int, amount: int) -> None:
    """002 General: up to 1d3 (Minor), 1d6 (Moderate), 2d6 (Major) damage. An outside
    rules check recorded 40 damage for a Minor Consequence."""
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    head = state.position
    with pytest.raises(InvalidInput) as err:
        run(state, record(chid, [item(category="general", severity=severity, damage=most + 1)],
                          amount=amount))
    assert (err.value.rule, err.value.field) == ("consequence-damage-beyond-its-severity",
                                                 "consequences.0.damage")
    assert state.position == head
    events = run(state, record(chid, [item(category="general", severity=severity,
                                           damage=most)], amount=amount))
    assert only(events, Damaged).amount == most


def test_health_lost_to_backlash_never_heals_magically() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    run(state, record(chid, [item(category="domains", backlash=1, damage=4)], amount=1))
    with pytest.raises(RuleViolation) as err:
        run(state, heal(chid, 1, "Cure", magical=True))
    assert err.value.rule == "backlash-harm-never-heals-magically"


def test_magical_healing_may_restore_health_lost_to_other_causes() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    run(state, record(chid, [item(category="domains", backlash=1, damage=4)], amount=1))
    character(state, chid).health.current -= 3  # a sword cut, for the test
    run(state, heal(chid, 3, "Cure", magical=True))
    assert character(state, chid).health.current == 6


def test_normal_healing_restores_backlash_harm_last() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    run(state, record(chid, [item(category="domains", backlash=1, damage=4)], amount=1))
    character(state, chid).health.current -= 2  # Health 4 of 10; 4 of the 6 lost is harm
    assert of_type(run(state, heal(chid, 2, "rest")), BacklashHarmRecovered) == []
    events = run(state, heal(chid, 3, "rest"))
    assert only(events, BacklashHarmRecovered).after == 1
    assert character(state, chid).backlash.harm == 1


def test_consequence_conditions_are_flagged_as_caused_by_backlash() -> None:
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    events = run(state, record(chid, [item(category="general", severity="minor",
                                           conditions=[ConditionInput(name="Dazed")])], amount=1))
    added = only(events, ConditionAdded).condition
    assert added.from_backlash
    assert only(events, ConsequenceSuffered).consequence.condition_ids == [added.id]


# --- permanent and temporary sources ------------------------------------------------------

@pytest.mark.parametrize(("score", "permanent"), [(5, 0), (6, 1), (9, 1), (10, 2), (15, 3)])
def test_ability_above_5_gives_one_permanent_backlash_per_5_points(score: int,
                                                                   permanent: int) -> None:
    state = campaign()
    chid = mage(state, abilities={"Willpower": 3, "Strength": score})
    assert character(state, chid).backlash.permanent == permanent


def test_disbelief_trait_gives_one_permanent_backlash() -> None:
    state = campaign()
    chid = mage(state, traits=["Disbelief"])
    assert character(state, chid).backlash.permanent == 1
    assert character(state, chid).backlash.permanent_sources == ["Disbelief: +1"]


def test_sheet_change_recomputes_permanent_backlash() -> None:
    state = campaign()
    chid = mage(state)
    events = run(state, update_sheet(chid, {"abilities": {"Willpower": 11}}))
    assert only(events, PermanentBacklashChanged).after == 2
    events = run(state, correct(chid, "traits", ["Disbelief"], "forgot it"))
    assert only(events, PermanentBacklashChanged).after == 3


def test_permanent_backlash_rising_above_mana_owes_a_roll() -> None:
    state = campaign()
    chid = mage(state, mana=1)
    set_backlash(state, chid, 1)
    events = run(state, update_sheet(chid, {"traits": ["Disbelief"]}))
    assert only(events, ConsequenceRollOwed).reason == "over-mana"


def test_temporary_superhuman_ability_gives_one_temporary_backlash() -> None:
    state = campaign()
    chid = mage(state)
    events = run(state, UseSuperhumanAbility(character_id=chid, ability="Strength", note="troll's potion"))
    assert only(events, BacklashGained).amount == 1
    backlash = character(state, chid).backlash
    assert (backlash.temporary, backlash.permanent) == (1, 0)


def test_a_refused_consequence_names_its_place_down_to_the_condition() -> None:
    """A second outside attack: a second Consequence's unknown Condition named `name`."""
    state = campaign()
    chid = mage(state, mana=0)
    due(state, chid, 3)
    good = item(category="general", severity="minor")
    bad = item(category="general", severity="minor",
               conditions=[ConditionInput(name="Nonsense")])
    with pytest.raises(DomainError) as refused:
        run(state, record(chid, [good, bad], amount=2))
    assert refused.value.field == "consequences.1.conditions.0.name"
