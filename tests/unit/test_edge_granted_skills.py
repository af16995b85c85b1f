"""Edge-granted skills: with the Edge, Cast or Summon is max(recorded level, 0) everywhere
(the rules README; issue 12, bug 2)."""

from __future__ import annotations

from ledger.domain.magic import effort, spell_rules
from ledger.domain.spirits.common import summon_level
from ledger.domain.state import Character


def sheet(**kw: object) -> Character:
    return Character(id="c", name="Mara", **kw)  # type: ignore[arg-type]


def test_the_spellcaster_edge_makes_a_missing_cast_skill_count_as_0_for_mage_effort() -> None:
    mara = sheet(modifiers={"int": 2}, edges=["Spellcaster"])
    assert effort.max_effort(mara, "mage") == 2


def test_the_spellcaster_edge_makes_a_missing_cast_skill_count_as_0_for_preparation() -> None:
    mara = sheet(level=1, modifiers={"int": 2}, edges=["Spellcaster"])
    assert spell_rules.preparation_limit(mara) == 1


def test_without_the_edge_a_missing_skill_stays_untrained() -> None:
    mara = sheet(modifiers={"int": 2})
    assert effort.skill(mara, "cast") == -1
    assert effort.max_effort(mara, "mage") == 1


def test_edge_granted_skill_is_one_function_for_effort_and_spirits() -> None:
    mara = sheet(modifiers={"cha": 1}, edges=["Summoner"], skills={"summon": -1})
    assert effort.skill(mara, "summon") == summon_level(mara) == 0
    assert effort.max_effort(mara, "summoner") == 1
