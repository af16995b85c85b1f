"""Effects measured in minutes or scenes: the Stun spell's immunity for the scene and
Ensnare's five minutes, ended by the clock mid-fight (001; docs/rules/encounters.md,
"Effects measured in minutes or scenes")."""

from __future__ import annotations

import pytest

from ledger.domain import clock
from ledger.domain.encounters.timed_commands import EnsnareTarget, FreeFromSnare
from ledger.domain.errors import RuleViolation
from ledger.domain.magic.spells import CastRequest, cast
from ledger.domain.spirits.summoning import summon
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import Fight, npc, pc
from tests.unit.spirits_helpers import order, sheet


def stun_caster() -> tuple[Fight, str, str]:
    fight = Fight()
    mara = fight.mage("Mara", prepared=("Stun", "Stunwave"), level=3)
    ivo = fight.character("Ivo")
    return fight, mara, ivo


def test_a_creature_targeted_by_stun_is_immune_to_stun_and_stunwave_for_the_rest_of_the_scene(
) -> None:
    fight, mara, ivo = stun_caster()
    events = fight.do(cast(mara, CastRequest(spell="Stun", target=ivo, duration="scene")))
    (immune,) = of_type(events, "StunImmunityGained")
    assert (immune.character_id, immune.scene) == (ivo, fight.state.clock.scene)
    assert fight.get(ivo).stun_immune_scene == fight.state.clock.scene
    for spell in ("Stun", "Stunwave"):
        with pytest.raises(RuleViolation) as refused:
            fight.do(cast(mara, CastRequest(spell=spell, target="Ivo", duration="day")))
        assert (refused.value.rule, refused.value.field) == ("immune-to-stun-this-scene",
                                                             "target")


def test_stun_immunity_ends_with_the_scene() -> None:
    fight, mara, ivo = stun_caster()
    fight.do(cast(mara, CastRequest(spell="Stunwave", target=ivo, duration="scene")))
    (ended,) = of_type(fight.do(clock.end_scene), "StunImmunityEnded")
    assert ended.character_id == ivo
    assert fight.get(ivo).stun_immune_scene is None
    fight.scene()
    assert of_type(fight.do(cast(mara, CastRequest(spell="Stun", target=ivo, duration="scene"))), "SpellCast")


def test_paralysis_targets_a_given_creature_only_once_per_scene() -> None:
    """001, Paralysis: "The spell can target a given creature only once per scene." An
    outside rules check cast it at the same target twice in one scene."""
    fight = Fight()
    mara = fight.mage("Mara", prepared=("Paralysis",), level=3, cast=3, int_mod=2)
    ivo, ada = fight.character("Ivo"), fight.character("Ada")
    events = fight.do(cast(mara, CastRequest(spell="Paralysis", target=ivo, duration="day")))
    assert [e.scene for e in of_type(events, "ParalysisTargeted")] == [fight.state.clock.scene]
    with pytest.raises(RuleViolation) as refused:
        fight.do(cast(mara, CastRequest(spell="Paralysis", target="Ivo", duration="day")))
    assert (refused.value.rule, refused.value.field) == (
        "paralysis-once-per-scene-per-creature", "target")
    assert of_type(fight.do(cast(mara, CastRequest(spell="Paralysis", target=ada,
                                                   duration="day"))), "SpellCast")
    fight.do(clock.end_scene)
    fight.scene()
    assert of_type(fight.do(cast(mara, CastRequest(spell="Paralysis", target=ivo,
                                                   duration="day"))), "SpellCast")


def snaring() -> tuple[Fight, str, str]:
    """A summoner's present spirit with Ensnare (1 hit die), and Ivo to snare."""
    fight = Fight(round_seconds=30)
    mara = fight.character(**sheet())
    ivo = fight.character("Ivo")
    events = fight.do(summon(mara, order(powers=["Ensnare"])))
    (summoned,) = of_type(events, "SpiritSummoned")
    return fight, summoned.spirit_id, ivo


def test_ensnare_lasts_five_minutes_and_fades_mid_fight_at_the_round_that_reaches_them() -> None:
    fight, spirit, ivo = snaring()
    fight.start(pc(ivo, 10), npc("Thug", 5))
    now = fight.state.clock.minutes  # the ritual's two hours have passed
    (snared,) = of_type(fight.do(EnsnareTarget(spirit_id=spirit, target="Ivo")), "Ensnared")
    assert (snared.since_minute, snared.until_minute) == (now, now + 5)
    assert [s.until_minute for s in fight.get(ivo).snares] == [now + 5]
    fight.next(2 * 9)  # round 10: 270 seconds in
    assert fight.get(ivo).snares
    events = fight.next(2)  # round 11: 300 seconds, minute 5
    (faded,) = of_type(events, "SnareFaded")
    assert faded.why == "time-passed"
    assert fight.get(ivo).snares == []


def test_a_spirit_snares_no_more_targets_than_its_hit_dice() -> None:
    fight, spirit, ivo = snaring()
    ada = fight.character("Ada")
    fight.do(EnsnareTarget(spirit_id=spirit, target=ivo))
    with pytest.raises(RuleViolation) as refused:
        fight.do(EnsnareTarget(spirit_id=spirit, target=ada))
    assert refused.value.rule == "ensnare-targets-exceed-hit-dice"
    (freed,) = of_type(fight.do(FreeFromSnare(character_id=ivo, spirit_id=spirit)),
                       "SnareFaded")
    assert freed.why == "freed"
    assert of_type(fight.do(EnsnareTarget(spirit_id=spirit, target=ada)), "Ensnared")


def test_ensnare_needs_the_power() -> None:
    fight = Fight()
    mara = fight.character(**sheet())
    (summoned,) = of_type(fight.do(summon(mara, order(powers=[]))), "SpiritSummoned")
    ivo = fight.character("Ivo")
    with pytest.raises(RuleViolation) as refused:
        fight.do(EnsnareTarget(spirit_id=summoned.spirit_id, target=ivo))
    assert refused.value.rule == "spirit-lacks-power"
