"""Prepared spells, casting, and what each spell's own text fixes."""

from __future__ import annotations

import pytest

from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.magic import effort, spell_preparation, spell_rules
from ledger.domain.magic.spells import CastRequest, cast, use_effect
from ledger.domain.state import Character
from tests.unit.effort_helpers import Table, of_type


def casting(table: Table, caster: str, spell: str, **kw: object) -> list:  # type: ignore[type-arg]
    return table.do(cast(caster, CastRequest(spell=spell, **kw)))  # type: ignore[arg-type]


def strain(table: Table, character_id: str) -> int:
    return table.get(character_id).strain.current


# --- preparing ----------------------------------------------------------------------

def test_preparation_limit_is_half_the_level_rounded_up_plus_cast() -> None:
    assert spell_rules.preparation_limit(Character("a", "A", level=1, skills={"cast": 1})) == 2
    assert spell_rules.preparation_limit(Character("b", "B", level=10, skills={"cast": 4})) == 9
    assert spell_rules.preparation_limit(Character("c", "C", level=3, skills={"cast": 0})) == 2


def test_preparing_more_spells_than_the_limit_is_refused() -> None:
    table = Table()
    mara = table.mage(level=1, cast=1)
    with pytest.raises(RuleViolation) as refused:
        table.do(spell_preparation.prepare(mara, ["Blast", "Stun", "Haste"]))
    assert refused.value.rule == "too-many-prepared-spells"


def test_the_first_preparation_is_allowed_before_any_new_day() -> None:
    table = Table()
    mara = table.mage()
    (prepared,) = table.do(spell_preparation.prepare(mara, ["blast", "STUN"]))
    assert prepared.spells == ["Blast", "Stun"]
    assert table.get(mara).spells.prepared == ["Blast", "Stun"]


def test_prepared_spells_change_only_after_a_new_day_the_caster_rested_through() -> None:
    table = Table()
    mara = table.mage(prepared=("Blast",))
    with pytest.raises(RuleViolation) as refused:
        table.do(spell_preparation.prepare(mara, ["Stun"]))
    assert refused.value.rule == "prepare-at-new-day"
    table.new_day(mara)
    table.do(spell_preparation.prepare(mara, ["Stun"]))
    assert table.get(mara).spells.prepared == ["Stun"]


def test_a_new_day_without_rest_does_not_allow_changing_prepared_spells() -> None:
    table = Table()
    mara = table.mage(prepared=("Blast",))
    table.new_day()
    with pytest.raises(RuleViolation):
        table.do(spell_preparation.prepare(mara, ["Stun"]))


def test_only_detect_target_may_be_prepared_twice() -> None:
    table = Table()
    mara = table.mage(level=5, cast=2)
    table.do(spell_preparation.prepare(mara, ["Detect Target", "Detect Target"]))
    table.new_day(mara)
    with pytest.raises(InvalidInput):
        table.do(spell_preparation.prepare(mara, ["Blast", "Blast"]))


# --- casting and Effort ---------------------------------------------------------------

def test_only_a_character_with_the_spellcaster_edge_prepares_or_casts() -> None:
    """001, 6.1.0: anyone can learn Cast, "but only those with the Spellcaster Edge can
    actually use it to cast spells"; 6.1.3: "A character with the Spellcaster Edge can cast
    spells." A scholar with Cast 1 and no Edge prepares nothing and casts nothing."""
    table = Table()
    scholar = table.character("Sage", level=3, skills={"cast": 1}, modifiers={"int": 2})
    with pytest.raises(RuleViolation) as refused:
        table.do(spell_preparation.prepare(scholar, ["Blast"]))
    assert refused.value.rule == "spellcaster-edge-required"
    with pytest.raises(RuleViolation) as refused:
        casting(table, scholar, "Blast", duration="scene")
    assert refused.value.rule == "spellcaster-edge-required"
    mage = table.mage("Mara", prepared=("Blast",))
    assert casting(table, mage, "Blast", duration="scene")


def test_only_a_prepared_spell_is_cast() -> None:
    table = Table()
    mara = table.mage(prepared=("Blast",))
    with pytest.raises(RuleViolation) as refused:
        casting(table, mara, "Stun", duration="scene")
    assert refused.value.rule == "spell-not-prepared"
    assert refused.value.allowed == ["Blast"]


def test_a_cast_commits_one_mage_effort_for_the_chosen_duration() -> None:
    table = Table()
    mara = table.mage(prepared=("Cloak",))
    events = casting(table, mara, "Cloak", duration="duration")
    (committed,) = of_type(events, "EffortCommitted")
    assert (committed.commitment.pool, committed.commitment.amount) == ("mage", 1)
    assert committed.commitment.duration == "duration"
    assert committed.commitment.source == "spell:Cloak"


def test_a_cast_commits_the_effort_its_spell_names() -> None:
    table = Table()
    mara = table.mage(cast=2, prepared=("Soul Link",))
    casting(table, mara, "Soul Link", duration="scene", effort=2)
    assert effort.available(table.get(mara), "mage") == 1


def test_a_cast_needs_a_duration_unless_free() -> None:
    table = Table()
    mara = table.mage(prepared=("Cloak",))
    with pytest.raises(InvalidInput):
        casting(table, mara, "Cloak")


def test_casting_without_available_mage_effort_is_refused() -> None:
    table = Table()
    mara = table.mage(cast=0, int_mod=0, prepared=("Blast",))
    casting(table, mara, "Blast", duration="day")
    with pytest.raises(RuleViolation) as refused:
        casting(table, mara, "Blast", duration="day")
    assert refused.value.rule == "effort-exhausted"


def test_illumination_is_free() -> None:
    table = Table()
    mara = table.mage(cast=0, int_mod=0, prepared=("Illumination",))
    for _ in range(3):
        events = casting(table, mara, "Illumination")
        assert of_type(events, "EffortCommitted") == []
    with pytest.raises(InvalidInput):
        casting(table, mara, "Illumination", effort=1)


def test_an_unconscious_caster_cannot_cast() -> None:
    table = Table()
    mara = table.mage(prepared=("Blast",))
    table.get(mara).unconscious = True
    with pytest.raises(RuleViolation) as refused:
        casting(table, mara, "Blast", duration="scene")
    assert refused.value.rule == "caster-unconscious"


# --- spell rules --------------------------------------------------------------------

def test_each_blast_after_the_first_in_a_scene_adds_one_strain() -> None:
    table = Table()
    mara = table.mage(cast=4, int_mod=2, prepared=("Blast",))
    table.scene()
    casting(table, mara, "Blast", duration="scene")
    assert strain(table, mara) == 0
    casting(table, mara, "Blast", duration="scene")
    casting(table, mara, "Blast", duration="scene")
    assert strain(table, mara) == 2


def test_blast_counts_start_again_in_a_new_scene() -> None:
    table = Table()
    mara = table.mage(cast=4, int_mod=2, prepared=("Blast",))
    table.scene()
    casting(table, mara, "Blast", duration="scene")
    table.scene()
    casting(table, mara, "Blast", duration="scene")
    assert strain(table, mara) == 0


def test_blastwave_adds_one_strain_every_time() -> None:
    table = Table()
    mara = table.mage(prepared=("Blastwave",))
    table.scene()
    casting(table, mara, "Blastwave", duration="scene")
    assert strain(table, mara) == 1
    table.scene()
    casting(table, mara, "Blastwave", duration="scene")
    assert strain(table, mara) == 2


def test_blastwave_is_once_per_scene_unless_overcast() -> None:
    table = Table()
    mara = table.mage(cast=2, prepared=("Blastwave",))
    table.scene()
    casting(table, mara, "Blastwave", duration="scene")
    with pytest.raises(RuleViolation) as refused:
        casting(table, mara, "Blastwave", duration="scene")
    assert refused.value.rule == "once-per-scene-unless-overcast"
    casting(table, mara, "Blastwave", duration="scene", overcast_die=3, overcast_strain=1)
    assert strain(table, mara) == 3  # 1 + 1 from Blastwave, 1 from the overcasting


def test_a_second_stun_in_a_scene_must_commit_effort_for_the_day() -> None:
    table = Table()
    mara = table.mage(cast=2, prepared=("Stun",))
    table.scene()
    casting(table, mara, "Stun", duration="scene")
    with pytest.raises(RuleViolation) as refused:
        casting(table, mara, "Stun", duration="scene")
    assert refused.value.rule == "second-stun-commits-for-the-day"
    events = casting(table, mara, "Stun", duration="day")
    assert of_type(events, "EffortCommitted")[0].commitment.duration == "day"


def test_stunwave_is_once_per_scene_unless_overcast() -> None:
    table = Table()
    mara = table.mage(cast=2, prepared=("Stunwave",))
    table.scene()
    casting(table, mara, "Stunwave", duration="scene")
    with pytest.raises(RuleViolation):
        casting(table, mara, "Stunwave", duration="scene")
    casting(table, mara, "Stunwave", duration="scene", overcast_die=2, overcast_strain=0)


@pytest.mark.parametrize("spell", ["Emotion", "Triage", "Stun"])
def test_emotion_triage_and_stun_commit_for_the_scene_or_the_day_only(spell: str) -> None:
    table = Table()
    mara = table.mage(prepared=(spell,))
    other = table.character("Ovid")
    with pytest.raises(RuleViolation) as refused:
        casting(table, mara, spell, duration="duration", target=other)
    assert refused.value.rule == "spell-commits-for-scene-or-day"
    casting(table, mara, spell, duration="day", target=other)


def test_triage_adds_one_strain_to_the_target_unless_committed_for_the_day() -> None:
    table = Table()
    mara = table.mage(cast=2, prepared=("Triage",))
    ovid = table.character("Ovid")
    casting(table, mara, "Triage", duration="scene", target=ovid)
    assert (strain(table, ovid), strain(table, mara)) == (1, 0)
    casting(table, mara, "Triage", duration="day", target=ovid)
    assert strain(table, ovid) == 1


def test_an_overcast_triage_commits_no_effort_so_its_target_takes_the_strain() -> None:
    # 001 Triage: "you can avoid this by Committing Effort for the day"; 6.1.3.3: an
    # overcast spell "has no Effort cost", so naming the day avoids nothing.
    table = Table()
    mara = table.mage(cast=2, prepared=("Triage",))
    ovid = table.character("Ovid")
    casting(table, mara, "Triage", duration="day", target=ovid, overcast_die=3,
            overcast_strain=1)
    assert strain(table, ovid) == 1
    assert table.state.characters[mara].effort.commitments == []


def test_heal_injury_adds_one_strain_to_the_target() -> None:
    table = Table()
    mara = table.mage(prepared=("Heal Injury",))
    ovid = table.character("Ovid")
    casting(table, mara, "Heal Injury", duration="scene", target=ovid)
    assert (strain(table, ovid), strain(table, mara)) == (1, 0)


def test_heal_injury_needs_a_target_character() -> None:
    table = Table()
    mara = table.mage(prepared=("Heal Injury",))
    with pytest.raises(InvalidInput) as refused:
        casting(table, mara, "Heal Injury", duration="scene")
    assert refused.value.rule == "spell-target-required"


def test_haste_adds_0_1_2_strain_for_each_use_that_day() -> None:
    table = Table()
    ovid = table.character("Ovid")
    gained = []
    for _ in range(4):
        table.do(use_effect(ovid, "Haste"))
        gained.append(strain(table, ovid))
    assert gained == [0, 1, 3, 6]
    table.new_day()
    table.do(use_effect(ovid, "haste"))
    assert strain(table, ovid) == 6  # the first use of a new day adds 0


def test_combat_precognition_adds_strain_equal_to_the_uses_that_day() -> None:
    table = Table()
    ovid = table.character("Ovid")
    for _ in range(3):
        table.do(use_effect(ovid, "Combat Precognition"))
    assert strain(table, ovid) == 1 + 2 + 3


def test_only_haste_and_combat_precognition_count_effect_uses() -> None:
    table = Table()
    ovid = table.character("Ovid")
    with pytest.raises(InvalidInput):
        table.do(use_effect(ovid, "Blast"))


# --- lost spells --------------------------------------------------------------------

def test_a_spell_lost_mid_cast_wastes_its_effort_without_effect() -> None:
    table = Table()
    mara = table.mage(prepared=("Blastwave",))
    table.scene()
    events = casting(table, mara, "Blastwave", duration="scene", lost=True)
    assert of_type(events, "SpellCast")[0].lost
    assert effort.available(table.get(mara), "mage") == 1
    assert strain(table, mara) == 0
    casting(table, mara, "Blastwave", duration="scene")  # the lost one was not a use


def test_wasted_duration_effort_is_held_for_the_scene() -> None:
    table = Table()
    mara = table.mage(prepared=("Cloak",))
    table.scene()
    events = casting(table, mara, "Cloak", duration="duration", lost=True)
    assert of_type(events, "EffortCommitted")[0].commitment.duration == "scene"
    table.end_scene()
    assert effort.available(table.get(mara), "mage") == 2
