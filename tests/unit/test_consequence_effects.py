"""Backlash Consequences counted in combat time (002; docs/rules/encounters.md, "Backlash
Consequences in rounds")."""

from __future__ import annotations

import pytest

from ledger.domain.errors import InvalidInput
from ledger.domain.magic.consequence_roll import consequence_roll
from ledger.domain.magic.consequences import ConsequenceInput, record
from ledger.domain.rolls import age_test
from ledger.domain.state import CampaignState
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import Fight, npc, pc
from tests.unit.magic_helpers import cast, mage, run, set_backlash

FAILS = "Backlash Consequence: next major action fails"


def suffering(effect: str, severity: str) -> tuple[Fight, str, list[object]]:
    """Mara (12) then a thug (10), round 1, Mara's turn: a General Consequence of
    `severity` with its `effect`, suffered in round 1."""
    fight = Fight()
    state: CampaignState = fight.state
    mara = mage(state)
    fight.start(pc(mara, 12), npc("Thug", 10))
    set_backlash(state, mara, 4)
    cast(state, mara, [6, 6, 6], bonus_backlash=1)  # +1 from magic: roll now or bank
    run(state, consequence_roll(mara, fail_deliberately=True))
    item = ConsequenceInput(description="a -1 next round", category="general",
                            severity=severity, effect=effect)  # type: ignore[arg-type]
    events = run(state, record(mara, [item], amount=3))
    return fight, mara, events


def roll(fight: Fight, mara: str, active: bool = True) -> object:
    (rolled,) = of_type(fight.do(age_test(mara, ability="Willpower", tn=10, active=active,
                                          reported=[3, 4, 5])), "Rolled")
    return rolled


def test_a_backlash_penalty_to_all_rolls_next_round_applies_in_the_next_round_only() -> None:
    fight, mara, events = suffering("penalty-next-round", "moderate")
    (timed,) = of_type(events, "ConsequenceEffectTimed")  # type: ignore[arg-type]
    assert (timed.effect.round, timed.effect.modifier) == (2, -2)
    assert roll(fight, mara).condition_modifiers == []  # still round 1
    fight.next(2)  # round 2, Mara's turn
    (penalty,) = roll(fight, mara).condition_modifiers
    assert (penalty.modifier, penalty.condition_id) == (-2, timed.effect.consequence_id)
    fight.next()  # the thug's turn, round 2: reactions too
    (penalty,) = roll(fight, mara, active=False).condition_modifiers
    assert penalty.modifier == -2
    ended = of_type(fight.next(), "ConsequenceEffectEnded")  # round 3
    assert [e.why for e in ended] == ["round-passed"]
    assert roll(fight, mara).condition_modifiers == []


def test_a_backlash_next_major_action_fails_the_next_active_test_in_ones_turn() -> None:
    fight, mara, _ = suffering("next-major-action-fails", "major")
    fight.next()  # the thug's turn: a reaction is no major action
    assert roll(fight, mara, active=False).success is True
    fight.next()  # round 2, Mara's turn: her action fails
    events = fight.do(age_test(mara, ability="Willpower", tn=10, reported=[6, 6, 6]))
    (rolled,) = of_type(events, "Rolled")
    assert (rolled.success, rolled.automatic_failure, rolled.stunt_points) == (False, True, 0)
    assert [p.name for p in rolled.condition_procedures] == [FAILS]
    (ended,) = of_type(events, "ConsequenceEffectEnded")
    assert ended.why == "applied"
    fight.next(2)  # round 3: used up
    assert roll(fight, mara).success is True


def test_a_backlash_next_minor_action_fails_is_shown_until_the_next_own_turn_ends() -> None:
    fight, _, _ = suffering("next-minor-action-fails", "moderate")
    (effect,) = fight.encounter.consequence_effects
    assert not effect.ended
    fight.next(2)  # round 2, Mara's turn: her minor action fails (the GM's to apply)
    assert not fight.encounter.consequence_effects[0].ended
    (ended,) = of_type(fight.next(), "ConsequenceEffectEnded")
    assert ended.why == "turn-ended"


def test_a_backlash_effect_is_the_general_tables_at_its_severity() -> None:
    with pytest.raises(InvalidInput) as refused:
        suffering("next-major-action-fails", "minor")
    assert (refused.value.rule, refused.value.field) == (
        "consequence-effect-not-of-its-severity", "consequences.0.effect")


def test_a_backlash_effect_outside_an_encounter_stays_the_consequences_text() -> None:
    fight = Fight()
    mara = mage(fight.state)
    set_backlash(fight.state, mara, 4)
    cast(fight.state, mara, [6, 6, 6], bonus_backlash=1)
    run(fight.state, consequence_roll(mara, fail_deliberately=True))
    item = ConsequenceInput(description="-1 next round", category="general",
                            severity="minor", effect="penalty-next-round")
    events = run(fight.state, record(mara, [item], amount=1))
    assert of_type(events, "ConsequenceEffectTimed") == []
    (chosen,) = of_type(events, "ConsequenceEffectChosen")
    assert (chosen.effect, chosen.severity) == ("penalty-next-round", "minor")
