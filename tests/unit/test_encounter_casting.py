"""Casting counted in rounds (001; docs/rules/encounters.md, "Casting in a round")."""

from __future__ import annotations

import pytest

from ledger.domain.errors import RuleViolation
from ledger.domain.magic.spells import CastRequest, cast
from ledger.domain.resources import damage
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import Fight, npc, pc

ILLUMINATION = CastRequest(spell="Illumination")  # free: nothing else limits a second cast


def mage_in_fight() -> tuple[Fight, str]:
    """Mara (12) then a thug (10), round 1, Mara's turn; Mara has Illumination prepared."""
    fight = Fight()
    mara = fight.mage("Mara", prepared=("Illumination",), health={"current": 10, "max": 10})
    fight.start(pc(mara, 12), npc("Thug", 10))
    return fight, mara


def test_a_mage_hurt_in_a_round_cannot_cast_that_round() -> None:
    fight, mara = mage_in_fight()
    events = fight.do(damage(mara, 3, "wound", "knife"))
    (hurt,) = of_type(events, "HurtThisRound")
    assert (hurt.round, hurt.amount) == (fight.encounter.round, 3)
    with pytest.raises(RuleViolation) as refused:
        fight.do(cast(mara, ILLUMINATION))
    assert refused.value.rule == "hurt-this-round-cannot-cast"


def test_a_mage_hurt_in_a_round_casts_again_the_next_round() -> None:
    fight, mara = mage_in_fight()
    fight.next()  # the thug's turn: he stabs Mara in round 1
    fight.do(damage(mara, 3, "wound", "knife"))
    fight.next()  # round 2, Mara's turn
    assert fight.encounter.round == 2
    assert of_type(fight.do(cast(mara, ILLUMINATION)), "SpellCast")


def test_a_spell_lost_to_the_blow_that_hurt_the_mage_is_still_recorded() -> None:
    fight, mara = mage_in_fight()
    fight.do(damage(mara, 3, "wound", "held action"))
    lost = CastRequest(spell="Illumination", lost=True)
    (event,) = of_type(fight.do(cast(mara, lost)), "SpellCast")
    assert event.lost


def test_health_damage_outside_an_encounter_does_not_stop_casting() -> None:
    fight = Fight()
    mara = fight.mage("Mara", prepared=("Illumination",), health={"current": 10, "max": 10})
    assert of_type(fight.do(damage(mara, 3, "wound", "knife")), "HurtThisRound") == []
    assert of_type(fight.do(cast(mara, ILLUMINATION)), "SpellCast")


def test_overcasting_applies_only_to_the_spell_cast_with_it_in_that_round() -> None:
    fight = Fight()
    mara = fight.mage("Mara", prepared=("Blast",))
    fight.start(pc(mara, 12), npc("Thug", 10))
    over = CastRequest(spell="Blast", duration="scene", overcast_die=3, overcast_strain=1)
    overcast = fight.do(cast(mara, over))
    assert of_type(overcast, "EffortCommitted") == []  # no Effort: the overcast spell
    plain = fight.do(cast(mara, CastRequest(spell="Blast", duration="scene")))
    assert fight.encounter.round == 1  # the same round: the overcast does not carry over
    (committed,) = of_type(plain, "EffortCommitted")
    assert committed.commitment.amount == 1
