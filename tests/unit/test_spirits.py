"""Summoning, spirit actions, time, death, compel and banish: one test per rule."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ledger.domain import clock
from ledger.domain.audit.summaries import SUMMARIES
from ledger.domain.characters import record_death
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput, NotFound, RuleViolation
from ledger.domain.events import EVENT_TYPES
from ledger.domain.rolls import Rolled
from ledger.domain.spirits.actions import call, damage, dismiss, dispel, fade
from ledger.domain.spirits.control import banish, compel
from ledger.domain.spirits.events import SpiritBanishAttempted, SpiritCompelled
from ledger.domain.spirits.summoning import summon, summoning_cost
from ledger.domain.state import CampaignState
from tests.unit.spirits_helpers import (
    campaign,
    first,
    new_character,
    open_scene,
    order,
    run,
    summoned,
    summoner_effort,
    types,
)

FOUR_POWERS = ["Curse", "Favor", "Spirit's Eye", "Swift Pursuit"]


def _mara(**kw: object) -> tuple[CampaignState, str]:
    state = campaign()
    return state, new_character(state, **kw)


def _refused(state: CampaignState, decide: Decide, rule: str,
             dice: list[int] | None = None) -> None:
    before = state.position, dict(state.spirits)
    with pytest.raises((RuleViolation, InvalidInput)) as refused:
        run(state, decide, dice)
    assert refused.value.rule == rule
    assert (state.position, dict(state.spirits)) == before


# --- summoning ----------------------------------------------------------------

def test_summoning_needs_the_summoner_edge() -> None:
    state, mara = _mara(edges=("Spellcaster",))
    _refused(state, summon(mara, order()), "summoner-edge-required")


def test_ritual_cost_is_powers_minus_one_minus_summon_skill() -> None:
    assert summoning_cost("ritual", 5, 2) == 2


def test_ritual_cost_is_at_least_one() -> None:
    assert summoning_cost("ritual", 0, 3) == 1


def test_immediate_cost_is_powers_minus_summon_skill_at_least_one() -> None:
    assert summoning_cost("immediate", 5, 2) == 3
    assert summoning_cost("immediate", 1, 3) == 1


def test_immediate_cost_adds_one_per_earlier_immediate_summoning_after_the_minimum() -> None:
    assert summoning_cost("immediate", 1, 3, earlier_immediate=2) == 3


def test_summoning_commits_bound_summoner_effort_for_the_spirit() -> None:
    state, mara = _mara(summon=1, cha=3)  # 4 Summoner Effort
    spirit = summoned(state, mara, powers=FOUR_POWERS)
    (commitment,) = state.characters[mara].effort.commitments
    assert (commitment.pool, commitment.amount, commitment.duration) == ("summoner", 2, "bound")
    assert commitment.source == f"spirit:{spirit}"
    assert summoner_effort(state, mara) == 2


def test_summoning_beyond_available_effort_is_refused() -> None:
    state, mara = _mara(summon=0, cha=1)  # 1 Summoner Effort
    _refused(state, summon(mara, order(powers=FOUR_POWERS)), "effort-exhausted")


def test_each_earlier_immediate_summoning_in_the_scene_raises_the_cost() -> None:
    state, mara = _mara(level=9, summon=3, cha=3)  # 6 Summoner Effort
    open_scene(state)
    costs = []
    for _ in range(3):
        sid = summoned(state, mara, mode="immediate")
        costs.append(state.spirits[sid].summonings[-1].cost)
    assert costs == [1, 2, 3]


def test_immediate_surcharge_starts_again_in_a_new_scene() -> None:
    state, mara = _mara(level=9, summon=2, cha=3)
    open_scene(state)
    summoned(state, mara, mode="immediate")
    open_scene(state)
    sid = summoned(state, mara, mode="immediate")
    assert state.spirits[sid].summonings[-1].cost == 1


def test_ritual_summonings_do_not_raise_the_immediate_cost() -> None:
    state, mara = _mara(level=9, summon=2, cha=3)
    open_scene(state)
    summoned(state, mara)
    sid = summoned(state, mara, mode="immediate")
    assert state.spirits[sid].summonings[-1].cost == 1


@pytest.mark.parametrize(("form_level", "needed"), [(2, 5), (3, 9)])
def test_higher_forms_need_character_levels_five_and_nine(form_level: int, needed: int) -> None:
    state, mara = _mara(level=needed - 1)
    _refused(state, summon(mara, order(form_level=form_level)), "spirit-form-level")
    state.characters[mara].level = needed
    assert summoned(state, mara, form_level=form_level)


def test_form_one_is_open_from_level_one() -> None:
    state, mara = _mara(level=1)
    assert state.spirits[summoned(state, mara, form="spirit")].form_level == 1


def test_spirits_held_may_not_total_more_hit_dice_than_the_summoners_level() -> None:
    state, mara = _mara(level=3)
    summoned(state, mara, hit_dice=2)
    _refused(state, summon(mara, order(hit_dice=2)), "spirit-hit-dice-cap")
    assert summoned(state, mara, hit_dice=1)


def test_a_ritual_counts_the_cap_at_its_end_when_an_immediate_spirit_has_vanished() -> None:
    # 6.2.3.1: the spirit manifests "at the end of the ritual"; 6.2.3.2: an immediate one
    # serves "for up to an hour before vanishing", so after two hours it holds no hit dice.
    state, mara = _mara(level=2, summon=1, cha=3)
    open_scene(state)
    fox = summoned(state, mara, mode="immediate", hit_dice=2)
    _refused(state, summon(mara, order(mode="immediate", hit_dice=1)), "spirit-hit-dice-cap")
    owl = summoned(state, mara, hit_dice=2)
    assert not state.spirits[fox].held
    assert state.spirits[owl].held


def test_a_ritual_still_refused_at_its_end_leaves_no_time_passed() -> None:
    state, mara = _mara(level=3)
    summoned(state, mara, hit_dice=2)
    minutes = state.clock.minutes
    _refused(state, summon(mara, order(hit_dice=2)), "spirit-hit-dice-cap")
    assert state.clock.minutes == minutes


def test_dismissed_spirits_count_towards_the_hit_dice_cap() -> None:
    state, mara = _mara(level=2)
    run(state, dismiss(summoned(state, mara, hit_dice=2)))
    _refused(state, summon(mara, order(hit_dice=1)), "spirit-hit-dice-cap")


def test_gone_spirits_free_their_hit_dice() -> None:
    state, mara = _mara(level=2)
    run(state, dispel(summoned(state, mara, hit_dice=2)))
    assert summoned(state, mara, hit_dice=2)


# --- dismiss, call, dispel, damage ---------------------------------------------

def test_dismissed_spirit_still_holds_its_effort() -> None:
    state, mara = _mara()
    sid = summoned(state, mara)
    run(state, dismiss(sid))
    run(state, clock.new_day([mara]))
    assert state.spirits[sid].status == "dismissed"
    assert len(state.characters[mara].effort.commitments) == 1


def test_called_spirit_is_present_again() -> None:
    state, mara = _mara()
    sid = summoned(state, mara)
    run(state, dismiss(sid))
    run(state, call(sid))
    assert [h.status for h in state.spirits[sid].history] == ["present", "dismissed", "present"]


def test_calling_a_present_spirit_is_refused() -> None:
    state, mara = _mara()
    _refused(state, call(summoned(state, mara)), "spirit-already-present")


@pytest.mark.parametrize("action", [dismiss, call])
def test_immediate_spirits_cannot_be_called_or_dismissed(action: Callable[[str], Decide]) -> None:
    state, mara = _mara()
    sid = summoned(state, mara, mode="immediate")
    _refused(state, action(sid), "immediate-spirits-stay")


def test_dispelled_spirit_effort_returns_at_the_next_new_day_the_summoner_rested() -> None:
    state, mara = _mara()
    sid = summoned(state, mara)
    events = run(state, dispel(sid))
    assert types(events) == ["SpiritDispelled", "EffortReleased"]
    assert summoner_effort(state, mara) == 3
    run(state, clock.new_day([mara]))
    assert summoner_effort(state, mara) == 4


def test_a_dismissed_spirit_must_be_called_before_it_is_dispelled() -> None:
    state, mara = _mara()
    sid = summoned(state, mara)
    run(state, dismiss(sid))
    _refused(state, dispel(sid), "spirit-not-present")


def test_spirit_at_zero_hit_points_is_destroyed_and_releases_its_effort() -> None:
    state, mara = _mara()
    sid = summoned(state, mara, hit_points=5)
    events = run(state, damage(sid, 9))
    assert types(events) == ["SpiritDamaged", "SpiritDestroyed", "EffortReleased"]
    assert state.spirits[sid].hit_points == 0
    assert state.spirits[sid].status == "destroyed"
    run(state, clock.new_day([mara]))
    assert state.characters[mara].effort.commitments == []


def test_damage_short_of_zero_leaves_the_spirit() -> None:
    state, mara = _mara()
    sid = summoned(state, mara, hit_points=5)
    assert types(run(state, damage(sid, 4))) == ["SpiritDamaged"]
    assert state.spirits[sid].hit_points == 1
    assert state.spirits[sid].status == "present"


def test_a_gone_spirit_cannot_be_damaged() -> None:
    state, mara = _mara()
    sid = summoned(state, mara)
    run(state, dispel(sid))
    _refused(state, damage(sid, 1), "spirit-gone")


def test_an_unknown_spirit_is_not_found() -> None:
    state, _ = _mara()
    with pytest.raises(NotFound):
        run(state, dispel("spr_nope"))


# --- time and death ------------------------------------------------------------

def test_immediate_spirit_vanishes_an_hour_after_its_summoning() -> None:
    state, mara = _mara()
    sid = summoned(state, mara, mode="immediate")
    run(state, clock.advance(59))
    assert state.spirits[sid].status == "present"
    events = run(state, clock.advance(1))
    assert types(events) == ["TimeAdvanced", "SpiritVanished", "EffortReleased"]
    assert state.spirits[sid].status == "vanished"
    assert summoner_effort(state, mara) == 3
    run(state, clock.new_day([mara]))
    assert summoner_effort(state, mara) == 4


def test_ritual_summoning_takes_two_hours_and_the_spirit_arrives_at_their_end() -> None:
    """6.2.3.1 step 1: "Spend two hours in a complex ritual". An outside rules check found
    the clock unmoved, and an immediate spirit still present past its hour."""
    state, mara = _mara()
    hasty = summoned(state, mara, mode="immediate")
    events = run(state, summon(mara, order(mode="ritual")))
    assert types(events)[:2] == ["TimeAdvanced", "SpiritVanished"]
    assert state.clock.minutes == 120
    assert state.spirits[hasty].status == "vanished"
    arrived = [e for e in events if type(e).__name__ == "SpiritSummoned"]
    assert [e.minute for e in arrived] == [120]


def test_a_new_day_ends_immediate_spirits_and_returns_their_effort_with_it() -> None:
    state, mara = _mara()
    sid = summoned(state, mara, mode="immediate")
    events = run(state, clock.new_day([mara]))
    assert state.spirits[sid].status == "vanished"
    assert types(events).count("EffortReturned") == 1
    assert state.characters[mara].effort.commitments == []


def test_immediate_spirit_effort_waits_for_a_new_day_the_summoner_rested() -> None:
    state, mara = _mara()
    sid = summoned(state, mara, mode="immediate")
    events = run(state, clock.new_day([]))
    assert state.spirits[sid].status == "vanished"
    assert types(events).count("EffortReturned") == 0
    assert summoner_effort(state, mara) == 3
    run(state, clock.new_day([mara]))
    assert summoner_effort(state, mara) == 4


def test_ritual_spirits_do_not_vanish_with_time() -> None:
    state, mara = _mara()
    sid = summoned(state, mara)
    run(state, clock.advance(600))
    run(state, clock.new_day([mara]))
    assert state.spirits[sid].status == "present"


def test_uncontrolled_immediate_spirit_is_not_bound_by_the_hour() -> None:
    state, mara = _mara()
    sid = summoned(state, mara, mode="immediate")
    run(state, compel(sid, "distasteful"), dice=[1, 1])
    run(state, clock.advance(120))
    assert state.spirits[sid].status == "uncontrolled"


def test_summoners_death_dispels_every_spirit_they_hold() -> None:
    state, mara = _mara()
    present, gone = summoned(state, mara), summoned(state, mara)
    run(state, dismiss(gone))
    events = run(state, record_death(mara, "shot"))
    assert types(events).count("SpiritDispelled") == 2
    assert {state.spirits[s].status for s in (present, gone)} == {"dispelled"}
    assert state.spirits[present].history[-1].reason == "summoner-died"


# --- compel ---------------------------------------------------------------------

@pytest.mark.parametrize(("command", "difficulty"),
                         [("distasteful", 8), ("suicidal", 11), ("contrary", 13)])
def test_compel_difficulty_is_8_11_or_13(command: str, difficulty: int) -> None:
    state, mara = _mara()
    events = run(state, compel(summoned(state, mara), command), dice=[6, 6])
    assert first(events, SpiritCompelled).difficulty == difficulty


def test_compelling_a_namebearer_is_two_harder() -> None:
    state, mara = _mara()
    sid = summoned(state, mara, name="Ember", powers=["Namebearer"])
    events = run(state, compel(sid, "distasteful"), dice=[6, 6])
    (roll,) = [e for e in events if isinstance(e, Rolled)]
    assert roll.tn == 10


def test_compel_commits_effort_for_the_scene_and_the_spirit_obeys_on_a_success() -> None:
    state, mara = _mara()  # Cha +2, Summon 2: 2d6 + 4
    open_scene(state)
    sid = summoned(state, mara)
    events = run(state, compel(sid, "distasteful"), dice=[1, 3])
    assert types(events) == ["EffortCommitted", "Rolled", "SpiritCompelled"]
    assert first(events, Rolled).total == 8
    assert first(events, Rolled).success
    assert state.spirits[sid].status == "present"
    run(state, clock.end_scene)
    assert summoner_effort(state, mara) == 3


def test_failed_compel_frees_the_spirit_and_its_effort_returns_next_day() -> None:
    state, mara = _mara(level=2)
    sid = summoned(state, mara, hit_dice=2)
    events = run(state, compel(sid, "distasteful"), dice=[1, 2])
    assert types(events)[-2:] == ["SpiritBrokeFree", "EffortReleased"]
    assert state.spirits[sid].status == "uncontrolled"
    assert summoned(state, mara, hit_dice=2)  # no longer counts towards the cap
    run(state, clock.new_day([mara]))
    held = state.characters[mara].effort.commitments
    assert not [c for c in held if c.source == f"spirit:{sid}" and c.duration == "bound"]


def test_compel_without_effort_is_refused() -> None:
    state, mara = _mara(summon=0, cha=1)  # 1 Summoner Effort, all of it bound
    sid = summoned(state, mara)
    _refused(state, compel(sid, "suicidal"), "effort-exhausted", dice=[6, 6])


def test_an_uncontrolled_spirit_cannot_be_compelled_or_dispelled() -> None:
    state, mara = _mara()
    sid = summoned(state, mara)
    run(state, compel(sid, "contrary"), dice=[1, 1])
    _refused(state, compel(sid, "contrary"), "spirit-uncontrolled", dice=[6, 6])
    _refused(state, dispel(sid), "spirit-uncontrolled")


def test_only_uncontrolled_spirits_fade() -> None:
    state, mara = _mara()
    sid = summoned(state, mara)
    _refused(state, fade(sid), "only-uncontrolled-spirits-fade")
    run(state, compel(sid, "contrary"), dice=[1, 1])
    run(state, fade(sid, "no sympathetic energy"))
    assert state.spirits[sid].status == "faded"


# --- banish ---------------------------------------------------------------------

def _rival(skill_bonus: int | None = None) -> tuple[CampaignState, str, str, str]:
    state, mara = _mara(summon=1, cha=1)  # Cha/Summon +2
    ivo = new_character(state, name="Ivo", summon=2, cha=3)  # Cha/Summon +5
    return state, mara, ivo, summoned(state, mara, hit_points=12, skill_bonus=skill_bonus)


def test_banish_is_opposed_by_the_summoner_and_deals_1d8_per_summon_level() -> None:
    state, _, ivo, sid = _rival()
    events = run(state, banish(sid, ivo), dice=[3, 3, 4, 4, 5, 6])
    assert types(events) == ["EffortCommitted", "Rolled", "Rolled", "SpiritBanishAttempted",
                             "Rolled", "SpiritDamaged"]
    assert [e.total for e in events if isinstance(e, Rolled)] == [11, 10, 11]
    assert state.spirits[sid].hit_points == 1


def test_banish_commits_one_summoner_effort_for_the_day() -> None:
    state, _, ivo, sid = _rival()
    run(state, banish(sid, ivo), dice=[1, 1, 6, 6])
    (commitment,) = state.characters[ivo].effort.commitments
    assert (commitment.amount, commitment.duration) == (1, "day")


def test_banish_tie_leaves_the_spirit_unharmed() -> None:
    state, _, ivo, sid = _rival()
    events = run(state, banish(sid, ivo), dice=[2, 2, 3, 4])
    attempt = first(events, SpiritBanishAttempted)
    assert attempt.success is False
    assert attempt.damage == 0
    assert state.spirits[sid].hit_points == 12


def test_banish_of_an_uncontrolled_spirit_is_opposed_by_its_skill_bonus_plus_two() -> None:
    state, _, ivo, sid = _rival(skill_bonus=1)
    run(state, compel(sid, "contrary"), dice=[1, 1])
    events = run(state, banish(sid, ivo), dice=[3, 3, 2, 2, 8, 8])
    rolls = [e for e in events if isinstance(e, Rolled)]
    assert rolls[1].expression == "2d6+3"
    assert rolls[1].character_id is None
    assert state.spirits[sid].status == "destroyed"


def test_banish_of_an_uncontrolled_spirit_needs_its_skill_bonus() -> None:
    state, _, ivo, sid = _rival()
    run(state, compel(sid, "contrary"), dice=[1, 1])
    _refused(state, banish(sid, ivo), "spirit-skill-bonus-unknown", dice=[6, 6, 1, 1])


def test_banish_destroying_a_spirit_releases_its_summoners_effort() -> None:
    state, mara, ivo, sid = _rival()
    events = run(state, banish(sid, ivo), dice=[6, 6, 1, 1, 8, 8])
    assert types(events)[-3:] == ["SpiritDamaged", "SpiritDestroyed", "EffortReleased"]
    assert events[-1].character_id == mara


def test_banish_needs_the_summoner_edge() -> None:
    state, _, _, sid = _rival()
    vic = new_character(state, name="Vic", edges=())
    _refused(state, banish(sid, vic), "summoner-edge-required", dice=[6, 6, 1, 1, 8])


def test_a_summoner_does_not_banish_a_spirit_they_hold() -> None:
    state, mara, _, sid = _rival()
    _refused(state, banish(sid, mara), "banish-own-spirit", dice=[6, 6, 1, 1, 8])


def test_banish_at_summon_zero_deals_no_damage() -> None:
    state, _, _, sid = _rival()
    novice = new_character(state, name="Novice", summon=0, cha=3)
    events = run(state, banish(sid, novice), dice=[6, 6, 1, 1])
    assert types(events)[-1] == "SpiritBanishAttempted"
    assert state.spirits[sid].hit_points == 12


def test_banish_records_reported_dice_as_reported() -> None:
    state, _, ivo, sid = _rival()
    events = run(state, banish(sid, ivo, dice=[6, 6], opposing_dice=[1, 1], damage_dice=[2, 2]))
    rolls = [e for e in events if isinstance(e, Rolled)]
    assert [r.source for r in rolls] == ["reported"] * 3
    assert [d.value for r in rolls for d in r.dice] == [6, 6, 1, 1, 2, 2]


def test_a_dismissed_spirit_cannot_be_banished_or_compelled() -> None:
    state, _, ivo, sid = _rival()
    run(state, dismiss(sid))
    _refused(state, banish(sid, ivo), "spirit-not-present", dice=[6, 6, 1, 1, 8])
    _refused(state, compel(sid, "suicidal"), "spirit-not-present", dice=[6, 6])


def test_a_summoners_death_leaves_the_spirits_that_broke_free_uncontrolled() -> None:
    state, mara = _mara()
    sid = summoned(state, mara)
    run(state, compel(sid, "contrary"), dice=[1, 1])
    assert "SpiritDispelled" not in types(run(state, record_death(mara, "shot")))
    assert state.spirits[sid].status == "uncontrolled"


def test_every_spirit_event_has_a_timeline_summary() -> None:
    spirit_types = {name for name in EVENT_TYPES if name.startswith("Spirit")}
    assert len(spirit_types) == 11
    assert spirit_types <= set(SUMMARIES)


def test_shaman_novice_and_apex_add_to_compelling_and_banishing_a_spirit() -> None:
    """000, Shaman: Novice "+1 to any roll involving Spirits", Apex "+2 to all rolls
    involving Spirits" (together +3, as on an AGE roll tagged `spirits`). An outside rules
    check found the Cha/Summon checks of compelling and banishing without them."""
    state, mara = _mara(abilities={"Perception": 2, "Willpower": 3},
                        talents=[{"name": "Shaman", "degree": "Apex"}])
    hound = summoned(state, mara, mode="immediate")
    rolled = first(run(state, compel(hound, "suicidal"), [2, 3]), Rolled)
    assert (rolled.expression, rolled.total, rolled.success) == ("2d6+7", 12, True)  # vs 11
    assert "Shaman Novice, Shaman Apex +3" in rolled.label
    ivo = new_character(state, name="Ivo")
    other = summoned(state, ivo, mode="immediate")
    events = run(state, banish(other, mara, dice=[1, 1], opposing_dice=[3, 3]), [1])
    banishing = [e for e in events if isinstance(e, Rolled)]
    assert (banishing[0].total, banishing[1].total) == (2 + 7, 6 + 4)  # Ivo: cha 2 + summon 2
