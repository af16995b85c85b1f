"""Conditions: catalogue, escalation, stacking, the damage exchange, recovery and healing."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.domain import all_rules as domain  # noqa: F401  (registers every event type and evolver)
from ledger.domain.characters import update_sheet
from ledger.domain.clock import new_day
from ledger.domain.conditions.adding import (
    ConditionAdded,
    Request,
    add_condition,
    condition_events,
    instead_of_damage,
)
from ledger.domain.conditions.catalog import CATALOGUE
from ledger.domain.conditions.recovery import ConditionReduced, heal, recover
from ledger.domain.conditions.treatment import start_treatment
from ledger.domain.decision import Decide
from ledger.domain.errors import DomainError, InvalidInput, NotFound, RuleViolation
from ledger.domain.events import DomainEvent, evolve
from ledger.domain.resources import Damaged
from ledger.domain.rolls import Rolled
from ledger.domain.state import CampaignState, Character, Condition, Pool
from tests.unit import harness
from tests.unit.harness import context, numbered

MARA = "chr_mara"


def campaign(**sheet: object) -> CampaignState:
    state = CampaignState(id="cmp_test", position=1)
    fields = {"abilities": {"Constitution": 2}, "speed": 10} | sheet
    state.characters[MARA] = Character(id=MARA, name="Mara", **fields)  # type: ignore[arg-type]
    return state


def run(state: CampaignState, decide: Decide, dice: list[int] | None = None) -> list[DomainEvent]:
    return harness.run(state, decide, context(dice))


def give(state: CampaignState, name: str, points: int | None = None, **kw: Any) -> Condition:
    events = run(state, add_condition(MARA, Request(name=name, points=points, **kw)))
    (event,) = [e for e in events if isinstance(e, ConditionAdded)]
    found = mara(state).condition(event.condition.id)
    assert found is not None
    return found


def mara(state: CampaignState) -> Character:
    return state.characters[MARA]


def names(state: CampaignState) -> list[str]:
    return sorted(c.name for c in mara(state).conditions)


def refused(state: CampaignState, decide: Decide, dice: list[int] | None = None) -> DomainError:
    with pytest.raises(DomainError) as caught:
        run(state, decide, dice)
    return caught.value


# --- the catalogue ---------------------------------------------------------------

RULES_TEXT_POINTS = {
    "Blinded": (5,), "Broken or Maimed": (4, 5, 6), "Choking": (3, 6, 9), "Comatose": (10,),
    "Compelled": (4,), "Confused": (3,), "Controlled": (6,), "Cowed": (3,), "Dazed": (2,),
    "Deafened": (3,), "Defenseless": (5,), "Enraptured": (2,), "Exhausted": (6,),
    "Fatigued": (4,), "Grabbed": (2,), "Hamstrung": (2,), "Helpless": (4, 7),
    "Hindered": (1, 2, 3), "Immobile": (3, 6), "Impaired": (4,), "Impeded": (2,),
    "Injured": (1, 2, 3, 4, 5, 6), "Muted": (4,), "Nauseated": (4,), "Pinned": (4,),
    "Prone": (2,), "Reeling": (5,), "Restrained": (5,), "Shock": (2,), "Slowed": (3,),
    "Unconscious": (8,), "Weakened": (4,), "Winded": (2,),
}


def test_catalogue_holds_every_condition_of_the_rules_with_its_points() -> None:
    assert {spec.name: spec.points for spec in CATALOGUE.values()} == RULES_TEXT_POINTS


def test_fixed_condition_takes_its_listed_points() -> None:
    state = campaign()
    assert give(state, "blinded").points == 5


def test_fixed_condition_with_other_points_is_refused() -> None:
    error = refused(campaign(), add_condition(MARA, Request(name="Blinded", points=3)))
    assert isinstance(error, InvalidInput)
    assert error.rule == "condition-points"


def test_ranged_condition_takes_its_points_from_input_within_the_range() -> None:
    state = campaign()
    assert give(state, "Choking", 6).points == 6
    assert give(state, "Hindered", 2).points == 2


@pytest.mark.parametrize(("name", "points"), [("Choking", 4), ("Hindered", 4), ("Immobile", 4),
                                              ("Injured", 7), ("Helpless", 5)])
def test_ranged_condition_outside_its_range_is_refused(name: str, points: int) -> None:
    error = refused(campaign(), add_condition(MARA, Request(name=name, points=points,
                                                            target="left arm")))
    assert isinstance(error, InvalidInput)
    assert error.rule == "condition-points"


def test_ranged_condition_without_points_is_refused() -> None:
    error = refused(campaign(), add_condition(MARA, Request(name="Choking")))
    assert error.rule == "condition-points"


def test_unknown_condition_is_refused() -> None:
    error = refused(campaign(), add_condition(MARA, Request(name="Sleepy")))
    assert error.rule == "unknown-condition"


def test_dying_comes_only_from_wound_damage_never_as_an_added_condition() -> None:
    error = refused(campaign(), add_condition(MARA, Request(name="Dying")))
    assert isinstance(error, RuleViolation)
    assert error.rule == "dying-only-from-wound-damage"


def test_incurable_condition_is_worth_two_more_points() -> None:
    assert give(campaign(), "Blinded", incurable=True).points == 7  # the rules' own example


def test_condition_records_the_sp_or_figure_that_created_it() -> None:
    state = campaign()
    assert give(state, "Cowed", figure=5, cause="stunt").figure == 5
    assert give(state, "Winded").figure == 2  # by default, its points


def test_helpless_defaults_to_the_campaign_helpless_points() -> None:
    state = campaign()
    state.settings.helpless_points = 7
    assert give(state, "Helpless").points == 7


# --- escalation -----------------------------------------------------------------

def test_fatigued_on_fatigued_becomes_exhausted() -> None:
    state = campaign()
    give(state, "Fatigued")
    exhausted = give(state, "Fatigued")
    assert names(state) == ["Exhausted"]
    assert exhausted.points == 6


def test_fatigued_on_exhausted_adds_helpless_at_four_points_by_default() -> None:
    state = campaign()
    give(state, "Exhausted")
    helpless = give(state, "Fatigued")
    assert names(state) == ["Exhausted", "Helpless"]
    assert helpless.points == 4


def test_exhausted_on_exhausted_adds_helpless_at_the_gm_chosen_seven() -> None:
    state = campaign()
    state.settings.helpless_points = 7
    give(state, "Exhausted")
    assert give(state, "Exhausted").points == 7
    assert names(state) == ["Exhausted", "Helpless"]


def test_winded_on_winded_becomes_fatigued() -> None:
    state = campaign()
    give(state, "Winded")
    assert give(state, "Winded").name == "Fatigued"
    assert names(state) == ["Fatigued"]


def test_winded_on_winded_while_fatigued_chains_to_exhausted() -> None:
    state = campaign()
    give(state, "Fatigued")
    give(state, "Winded")
    events = run(state, add_condition(MARA, Request(name="Winded")))
    added = events[0]
    assert isinstance(added, ConditionAdded)
    assert added.escalations == ["winded-on-winded-is-fatigued",
                                 "fatigued-on-fatigued-is-exhausted"]
    assert names(state) == ["Exhausted"]


def test_grabbed_on_grabbed_becomes_restrained() -> None:
    state = campaign()
    give(state, "Grabbed")
    restrained = give(state, "Grabbed")
    assert (restrained.name, restrained.points) == ("Restrained", 5)
    assert names(state) == ["Restrained"]


def test_escalated_incurable_condition_keeps_its_two_point_bonus() -> None:
    state = campaign()
    give(state, "Fatigued")
    assert give(state, "Fatigued", incurable=True).points == 8


# --- stacking and Speed -----------------------------------------------------------

def test_hamstrung_stacks_and_each_takes_four_speed() -> None:
    state = campaign(speed=10)
    give(state, "Hamstrung")
    give(state, "Hamstrung")
    assert names(state) == ["Hamstrung", "Hamstrung"]
    movement = mara(state).movement
    assert movement is not None
    assert (movement.speed, movement.immobile) == (2, False)


def test_hamstrung_down_to_speed_zero_means_the_character_cannot_move() -> None:
    state = campaign(speed=10)
    for _ in range(3):
        give(state, "Hamstrung")
    movement = mara(state).movement
    assert movement is not None
    assert (movement.speed, movement.immobile) == (0, True)


def test_weakened_stacks() -> None:
    state = campaign()
    give(state, "Weakened", target="Strength")
    give(state, "Weakened", target="Strength")
    assert names(state) == ["Weakened", "Weakened"]


def test_speed_after_conditions_takes_losses_then_halves() -> None:
    state = campaign(speed=12)
    give(state, "Hamstrung")  # 12 - 4 = 8
    give(state, "Slowed")  # 8 // 2 = 4
    movement = mara(state).movement
    assert movement is not None
    assert movement.speed == 4


def test_immobile_sets_speed_to_zero_whatever_the_sheet() -> None:
    state = campaign(speed=14)
    give(state, "Immobile", 3)
    movement = mara(state).movement
    assert movement is not None
    assert movement.immobile


@pytest.mark.parametrize("condition", ["Grabbed", "Restrained", "Helpless"])
def test_grabbed_restrained_or_helpless_holds_the_character_in_place(condition: str) -> None:
    """000: Grabbed "cannot move from their spot until freeing themselves"; Restrained is
    "unable to move freely"; Helpless "cannot take any actions". Outside checks saw each
    shown with its whole Speed."""
    state = campaign(speed=11)
    give(state, condition, 4 if condition == "Helpless" else None)
    movement = mara(state).movement
    assert movement is not None
    assert (movement.speed, movement.immobile) == (0, True)


def test_grabbed_escalating_to_restrained_stays_held() -> None:
    state = campaign(speed=11)
    give(state, "Grabbed")
    give(state, "Grabbed")  # Grabbed on Grabbed: Restrained, which replaces it
    assert names(state) == ["Restrained"]
    movement = mara(state).movement
    assert movement is not None
    assert movement.speed == 0


def test_conditions_that_do_not_touch_speed_leave_movement_unset() -> None:
    state = campaign()
    give(state, "Blinded")
    assert mara(state).movement is None


def test_movement_follows_a_change_of_speed_on_the_sheet() -> None:
    state = campaign(speed=10)
    give(state, "Hamstrung")
    run(state, update_sheet(MARA, {"speed": 4}))
    movement = mara(state).movement
    assert movement is not None
    assert (movement.speed, movement.immobile) == (0, True)


def test_a_worse_repeat_of_a_condition_that_does_not_stack_replaces_it() -> None:
    state = campaign()
    give(state, "Choking", 3)
    assert give(state, "Choking", 9).points == 9
    assert names(state) == ["Choking"]


def test_a_repeat_no_worse_than_the_present_condition_is_refused() -> None:
    state = campaign()
    give(state, "Choking", 6)
    error = refused(state, add_condition(MARA, Request(name="Choking", points=3)))
    assert error.rule == "condition-already-as-severe"


def test_injuries_on_different_body_parts_coexist() -> None:
    state = campaign()
    give(state, "Injured", 2, target="left arm")
    give(state, "Injured", 1, target="right leg")
    assert names(state) == ["Injured", "Injured"]


def test_an_injury_needs_the_body_part_it_affects() -> None:
    error = refused(campaign(), add_condition(MARA, Request(name="Injured", points=2)))
    assert error.rule == "condition-needs-a-body-part"


def test_condition_events_applies_escalation_for_other_rules() -> None:
    state = campaign()
    give(state, "Fatigued")
    (event,) = condition_events(state, mara(state), "Fatigued", None, 3, from_backlash=True,
                                new_id=numbered)
    assert isinstance(event, ConditionAdded)
    assert (event.condition.name, event.condition.figure, event.condition.cause) == \
        ("Exhausted", 3, "backlash")
    assert event.condition.from_backlash


# --- a Condition instead of damage ----------------------------------------------------

def exchange(state: CampaignState, name: str, points: int | None, damage: int, kind: str = "wound",
             reduction: int | None = None) -> list[DomainEvent]:
    request = Request(name=name, points=points, target="left arm")
    return run(state, instead_of_damage(MARA, request, damage, kind, reduction))


def test_instead_of_damage_two_damage_buy_one_point_before_toughness_and_armor() -> None:
    state = campaign(toughness=1, armor=1, health=Pool(10, 10))
    added, damaged = exchange(state, "Injured", 3, 10)
    assert isinstance(added, ConditionAdded)
    assert isinstance(damaged, Damaged)
    assert added.exchange is not None
    assert added.exchange.exchanged == 6
    assert damaged.amount == 2
    assert mara(state).health.current == 8
    assert added.condition.points == 3


def test_instead_of_damage_with_no_health_lost_the_condition_is_one_point_less() -> None:
    state = campaign(toughness=2, health=Pool(10, 10))
    (added,) = exchange(state, "Injured", 3, 7)  # 7 - 6 = 1, Toughness takes it
    assert isinstance(added, ConditionAdded)
    assert added.condition.points == 2
    assert mara(state).health.current == 10


def test_instead_of_damage_the_condition_still_takes_effect_at_one_point() -> None:
    state = campaign()
    (added,) = exchange(state, "Hindered", 1, 2)
    assert isinstance(added, ConditionAdded)
    assert added.condition.points == 1


def test_instead_of_damage_toughness_and_armor_never_reduce_penetrating_damage() -> None:
    state = campaign(toughness=3, armor=3, health=Pool(10, 10))
    _, damaged = exchange(state, "Winded", None, 7, kind="penetrating")
    assert isinstance(damaged, Damaged)
    assert damaged.amount == 3


def test_instead_of_damage_the_reduction_given_overrides_the_sheet() -> None:
    state = campaign(toughness=3, armor=3, health=Pool(10, 10))
    _, damaged = exchange(state, "Winded", None, 8, reduction=1)
    assert isinstance(damaged, Damaged)
    assert damaged.amount == 3


def test_instead_of_damage_cannot_trade_more_than_the_incoming_damage() -> None:
    error = refused(campaign(), instead_of_damage(MARA, Request(name="Cowed"), 5, "wound"))
    assert error.rule == "condition-exchange-exceeds-damage"


def test_instead_of_damage_the_rest_of_the_damage_is_never_refused() -> None:
    state = campaign(health=Pool(2, 10))
    exchange(state, "Winded", None, 10)
    assert mara(state).health.current == 0
    assert mara(state).dying


# --- recovery -----------------------------------------------------------------------

def test_recovery_success_takes_the_stunt_die_off_the_points() -> None:
    state = campaign()
    blinded = give(state, "Blinded")  # TN 9 + 5 = 14
    roll, reduced = run(state, recover(MARA, blinded.id), dice=[6, 4, 3])  # 13 + Con 2
    assert isinstance(roll, Rolled)
    assert (roll.tn, roll.total, roll.success) == (14, 15, True)
    assert isinstance(reduced, ConditionReduced)
    assert (reduced.before, reduced.after) == (5, 2)
    assert mara(state).conditions[0].points == 2


def test_recovery_tn_is_nine_plus_the_figure_that_created_the_condition() -> None:
    state = campaign()
    cowed = give(state, "Cowed", figure=1)
    (roll, _) = run(state, recover(MARA, cowed.id), dice=[3, 3, 2])
    assert isinstance(roll, Rolled)
    assert roll.tn == 10


def test_recovery_failure_changes_no_points() -> None:
    state = campaign()
    blinded = give(state, "Blinded")
    (roll,) = run(state, recover(MARA, blinded.id), dice=[1, 2, 3])
    assert isinstance(roll, Rolled)
    assert roll.success is False
    assert mara(state).conditions[0].points == 5


def test_recovery_roll_is_not_active_and_never_gives_stunt_points() -> None:
    state = campaign()
    winded = give(state, "Winded")
    roll, _ = run(state, recover(MARA, winded.id), dice=[5, 5, 1])
    assert isinstance(roll, Rolled)
    assert roll.doubles
    assert roll.success
    assert roll.active is False
    assert roll.stunt_points == 0


def test_recovery_to_zero_points_ends_the_condition() -> None:
    state = campaign()
    give(state, "Hamstrung")
    hamstrung = give(state, "Hamstrung")
    run(state, recover(MARA, hamstrung.id), dice=[6, 5, 4])
    assert names(state) == ["Hamstrung"]
    movement = mara(state).movement
    assert movement is not None
    assert movement.speed == 6


def test_recovery_of_the_last_speed_condition_clears_movement() -> None:
    state = campaign()
    slowed = give(state, "Slowed")
    run(state, recover(MARA, slowed.id), dice=[6, 5, 6])
    assert mara(state).movement is None


def test_stamina_focus_adds_two_to_recovery() -> None:
    state = campaign(focuses=["Stamina"])
    blinded = give(state, "Blinded")
    (roll, _) = run(state, recover(MARA, blinded.id), dice=[4, 4, 2])
    assert isinstance(roll, Rolled)
    assert (roll.focus_bonus, roll.total) == (2, 14)


def test_recovery_needs_constitution_on_the_sheet() -> None:
    state = campaign(abilities={})
    winded = give(state, "Winded")
    refusal = refused(state, recover(MARA, winded.id), [1, 1, 1])
    assert refusal.rule == "unknown-ability"
    assert "a recovery roll is a Constitution test" in refusal.detail  # what to add, where


def test_recovery_of_an_unknown_condition_is_not_found() -> None:
    assert isinstance(refused(campaign(), recover(MARA, "cnd_nope"), [1, 1, 1]), NotFound)


def test_incurable_condition_never_recovers_by_a_roll() -> None:
    state = campaign()
    blinded = give(state, "Blinded", incurable=True)
    error = refused(state, recover(MARA, blinded.id), [6, 6, 6])
    assert error.rule == "incurable-condition-needs-magic"


def test_injured_below_three_points_recovers_without_treatment() -> None:
    state = campaign()
    injured = give(state, "Injured", 2, target="left arm")
    run(state, recover(MARA, injured.id), dice=[6, 6, 2])
    assert names(state) == []


def test_injured_at_three_needs_a_day_of_treatment_and_rest_before_recovery() -> None:
    state = campaign()
    wound = give(state, "Injured", 3, target="left arm")
    error = refused(state, recover(MARA, wound.id), [6, 6, 2])
    assert error.rule == "wound-needs-a-day-of-treatment"


def test_treatment_counts_at_the_new_day_only_for_a_character_who_rested() -> None:
    state = campaign()
    wound = give(state, "Injured", 4, target="left arm")
    run(state, start_treatment(MARA, wound.id))
    run(state, new_day([]))
    assert mara(state).conditions[0].treated is False
    run(state, new_day([MARA]))
    assert mara(state).conditions[0].treated is True
    run(state, recover(MARA, wound.id), dice=[6, 6, 3])
    assert mara(state).conditions[0].points == 1


def test_treatment_is_refused_for_a_condition_that_does_not_wait_for_it() -> None:
    state = campaign()
    winded = give(state, "Winded")
    assert refused(state, start_treatment(MARA, winded.id)).rule == "treatment-not-needed"


def test_injured_at_six_heals_only_by_magic() -> None:
    state = campaign()
    maimed = give(state, "Injured", 6, target="left hand")
    assert refused(state, recover(MARA, maimed.id), [6, 6, 6]).rule == "maimed-heals-only-by-magic"
    assert refused(state, start_treatment(MARA, maimed.id)).rule == "maimed-heals-only-by-magic"
    run(state, heal(MARA, maimed.id, 4))
    assert mara(state).conditions[0].points == 4


# --- magical healing --------------------------------------------------------------------

def test_magical_healing_removes_one_point_per_two_points_of_healing() -> None:
    state = campaign()
    choking = give(state, "Choking", 9)
    (reduced,) = run(state, heal(MARA, choking.id, 5))
    assert isinstance(reduced, ConditionReduced)
    assert (reduced.before, reduced.after, reduced.healing) == (9, 7, 5)


def test_magical_healing_to_zero_ends_the_condition() -> None:
    state = campaign()
    winded = give(state, "Winded")
    run(state, heal(MARA, winded.id, 10))
    assert names(state) == []


def test_magical_healing_never_touches_a_condition_backlash_caused() -> None:
    state = campaign()
    blinded = give(state, "Blinded", from_backlash=True)
    error = refused(state, heal(MARA, blinded.id, 4))
    assert isinstance(error, RuleViolation)
    assert error.rule == "backlash-conditions-never-heal-magically"


def test_one_point_of_magical_healing_removes_nothing_and_is_refused() -> None:
    state = campaign()
    winded = give(state, "Winded")
    assert refused(state, heal(MARA, winded.id, 1)).rule == "magical-healing-needs-two-points"


def test_replaying_the_events_gives_the_same_conditions() -> None:
    state = campaign()
    events = run(state, add_condition(MARA, Request(name="Hamstrung")))
    events += run(state, heal(MARA, mara(state).conditions[0].id, 2))
    replayed = campaign()
    for event in events:
        evolve(replayed, event)
    assert mara(replayed).conditions == mara(state).conditions
    assert mara(replayed).movement == mara(state).movement


def test_unknown_condition_refusal_lists_the_conditions() -> None:
    from ledger.domain.conditions.catalog import lookup

    with pytest.raises(InvalidInput) as refused:
        lookup("Sleepy")
    assert refused.value.allowed == [spec.name for spec in CATALOGUE.values()]
    assert "Fatigued" in refused.value.detail
