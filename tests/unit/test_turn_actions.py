"""What Compelled, Pinned, Helpless, Unconscious and Dazed leave of a turn, and grappling
as a bar to casting (000, 001; docs/rules/encounters.md, "Actions a Condition limits" and
"Casting in a round")."""

from __future__ import annotations

import pytest

from ledger.domain import resources
from ledger.domain.conditions.adding import Request, add_condition
from ledger.domain.conditions.recovery import heal
from ledger.domain.errors import RuleViolation
from ledger.domain.magic.spells import CastRequest, cast
from ledger.domain.rolls import age_test
from ledger.domain.spirits.actions import dismiss, dispel
from ledger.domain.spirits.control import banish, compel
from ledger.domain.spirits.summoning import summon
from tests.unit import spirits_helpers as spirits
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import Fight, npc, pc

ILLUMINATION = CastRequest(spell="Illumination")


def in_turn(condition: str) -> tuple[Fight, str, str]:
    """Mara (12, with the Condition) then Ivo (10); round 1, Mara's turn."""
    fight = Fight()
    mara = fight.character("Mara", abilities={"Willpower": 1, "Strength": 2, "Fighting": 1})
    ivo = fight.character("Ivo", abilities={"Willpower": 1})
    # Unconscious lasts 2d6 minutes: reported, as the helper reports none
    fight.do(add_condition(mara, Request(name=condition)), [3, 4])
    fight.start(pc(mara, 12), pc(ivo, 10))
    return fight, mara, ivo


def act(fight: Fight, character_id: str, ability: str = "Willpower", active: bool = True
         ) -> list[object]:
    return fight.do(age_test(character_id, ability=ability, tn=10, active=active,
                             reported=[3, 4, 5]))


def test_compelled_takes_one_action_per_turn_a_second_active_test_is_refused() -> None:
    fight, mara, _ = in_turn("Compelled")
    (first,) = of_type(act(fight, mara), "Rolled")
    assert [m.modifier for m in first.condition_modifiers] == [-2]  # the -2 on the test
    head = fight.state.position
    with pytest.raises(RuleViolation) as refused:
        act(fight, mara)
    assert refused.value.rule == "compelled-one-action-per-turn"
    assert fight.state.position == head


def test_compelled_limits_only_active_tests_in_ones_own_turn() -> None:
    fight, mara, _ = in_turn("Compelled")
    act(fight, mara)
    assert of_type(act(fight, mara, active=False), "Rolled")  # a reaction is no action
    fight.next()  # Ivo's turn: Mara resists, dodges, as often as asked
    assert of_type(act(fight, mara), "Rolled")
    assert of_type(act(fight, mara), "Rolled")
    fight.next()  # round 2: Mara's turn again, one action again
    assert of_type(act(fight, mara), "Rolled")


@pytest.mark.parametrize("condition", ["Helpless", "Unconscious", "Comatose"])
def test_helpless_and_unconscious_take_no_action_in_their_turn(condition: str) -> None:
    """000: Helpless "cannot take any actions"; Unconscious "is helpless, unable to take
    any actions"; Comatose "is unconscious, but cannot be revived without considerable
    effort". Outside rules checks made active tests, with SP, in each state."""
    fight, mara, _ = in_turn(condition)
    head = fight.state.position
    with pytest.raises(RuleViolation) as refused:
        act(fight, mara)
    assert refused.value.rule == "helpless-takes-no-actions"
    assert fight.state.position == head
    assert of_type(act(fight, mara, active=False), "Rolled")  # resisting is no action
    fight.next()  # Ivo's turn: Mara's rolls there are not her actions
    assert of_type(act(fight, mara), "Rolled")


def test_dazed_takes_a_single_action_in_its_turn() -> None:
    """000: Dazed "can only perform a single minor action, not a major action"."""
    fight, mara, _ = in_turn("Dazed")
    assert of_type(act(fight, mara), "Rolled")
    with pytest.raises(RuleViolation) as refused:
        act(fight, mara)
    assert refused.value.rule == "dazed-one-minor-action"


def test_pinned_allows_only_an_escape_with_fighting_or_strength_in_ones_turn() -> None:
    fight, mara, _ = in_turn("Pinned")
    with pytest.raises(RuleViolation) as refused:
        act(fight, mara, "Willpower")
    assert (refused.value.rule, refused.value.field) == (
        "pinned-only-free-actions-or-escape", "ability")
    assert of_type(act(fight, mara, "Strength"), "Rolled")
    assert of_type(act(fight, mara, "fighting"), "Rolled")


def test_pinned_outside_ones_turn_or_an_encounter_is_not_limited() -> None:
    fight, mara, _ = in_turn("Pinned")
    fight.next()  # Ivo's turn
    assert of_type(act(fight, mara, "Willpower"), "Rolled")
    fight.end()
    assert of_type(act(fight, mara, "Willpower"), "Rolled")


def grappled_mage(condition: str) -> tuple[Fight, str, list[object]]:
    """Mara (12) then a thug (10); the thug's grapple lands in round 1."""
    fight = Fight()
    mara = fight.mage("Mara", prepared=("Illumination",))
    fight.start(pc(mara, 12), npc("Thug", 10))
    events = fight.do(add_condition(mara, Request(name=condition)))
    return fight, mara, events


@pytest.mark.parametrize("condition", ["Grabbed", "Pinned", "Restrained"])
def test_a_grappled_mage_cannot_cast_that_round(condition: str) -> None:
    fight, mara, events = grappled_mage(condition)
    (noted,) = of_type(events, "GrappledThisRound")  # type: ignore[arg-type]
    assert (noted.round, noted.condition) == (1, condition)
    with pytest.raises(RuleViolation) as refused:
        fight.do(cast(mara, ILLUMINATION))
    assert refused.value.rule == "grappled-this-round-cannot-cast"


def test_a_mage_freed_from_a_grapple_casts_again_the_next_round() -> None:
    fight, mara, _ = grappled_mage("Grabbed")
    grabbed = fight.get(mara).conditions[-1]
    fight.do(heal(mara, grabbed.id, 4))  # freed in round 1: still no casting this round
    assert not fight.has(mara, "Grabbed")
    with pytest.raises(RuleViolation):
        fight.do(cast(mara, ILLUMINATION))
    fight.next(2)  # round 2
    assert of_type(fight.do(cast(mara, ILLUMINATION)), "SpellCast")


def test_a_mage_still_grappled_in_a_later_round_cannot_cast() -> None:
    fight, mara, _ = grappled_mage("Restrained")
    fight.next(2)  # round 2, still Restrained
    with pytest.raises(RuleViolation) as refused:
        fight.do(cast(mara, ILLUMINATION))
    assert refused.value.rule == "grappled-this-round-cannot-cast"


def test_grappling_outside_an_encounter_does_not_stop_casting() -> None:
    fight = Fight()
    mara = fight.mage("Mara", prepared=("Illumination",))
    fight.condition(mara, "Grabbed")
    assert of_type(fight.do(cast(mara, ILLUMINATION)), "SpellCast")


def dying_in_turn(mode: str) -> tuple[Fight, str]:
    """Mara (12) then a thug (5), in a campaign of that `dying_mode`; a wound takes Mara to
    0 Health in her own turn of round 1."""
    fight = Fight(dying_mode=mode)
    mara = fight.character("Mara", abilities={"Constitution": 1, "Willpower": 1})
    fight.start(pc(mara, 12), npc("Thug", 5))
    fight.do(resources.damage(mara, 10, "wound", "shot"))
    assert fight.get(mara).dying
    return fight, mara


@pytest.mark.parametrize("mode", ["pulpy", "gritty"])
def test_dying_is_helpless_and_takes_no_action_in_its_turn(mode: str) -> None:
    """000, Dying: "A dying character is helpless"; Helpless "cannot take any actions". An
    outside rules check made tests, attacks and Magic Tests while dying."""
    fight, mara = dying_in_turn(mode)
    head = fight.state.position
    with pytest.raises(RuleViolation) as refused:
        act(fight, mara)
    assert refused.value.rule == "helpless-takes-no-actions"
    assert fight.state.position == head


def test_dying_in_cinematic_mode_may_still_act() -> None:
    """000, Cinematic: dying characters "can take a Minor action each round"."""
    fight, mara = dying_in_turn("cinematic")
    assert of_type(act(fight, mara), "Rolled")


@pytest.mark.parametrize("condition", ["Helpless", "Unconscious", "Comatose"])
def test_helpless_or_unconscious_can_neither_cast_nor_summon_nor_command_a_spirit(
        condition: str) -> None:
    """000: Helpless "cannot take any actions", Unconscious "unable to take any actions";
    casting, summoning, dismissing and compelling are each an action (001 6.2.3). The
    check holds in or out of a fight: an outside rules check summoned while unconscious."""
    state = spirits.campaign()
    mara = spirits.new_character(state, edges=("Summoner", "Spellcaster"))
    hound = spirits.summoned(state, mara)
    spirits.run(state, add_condition(mara, Request(name=condition)), [3, 4])
    head = state.position
    for refused_command in (summon(mara, spirits.order()), compel(hound, "attack"),
                            dismiss(hound), dispel(hound), banish(hound, mara)):
        with pytest.raises(RuleViolation) as refused:
            spirits.run(state, refused_command, [4, 4, 4])
        assert refused.value.rule == "helpless-takes-no-actions"
    assert state.position == head


@pytest.mark.parametrize(("condition", "rule"), [("Helpless", "helpless-takes-no-actions"),
                                                 ("Unconscious", "caster-unconscious"),
                                                 ("Comatose", "helpless-takes-no-actions")])
def test_a_helpless_or_unconscious_mage_cannot_cast(condition: str, rule: str) -> None:
    """An outside rules check cast with the Helpless Condition in the caster's own turn."""
    fight = Fight()
    mara = fight.mage("Mara", prepared=("Illumination",))
    fight.do(add_condition(mara, Request(name=condition)), [3, 4])
    with pytest.raises(RuleViolation) as refused:
        fight.do(cast(mara, ILLUMINATION))
    assert refused.value.rule == rule
