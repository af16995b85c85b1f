"""CWN Effort: maximums, cyberware, commitments, and when Effort returns."""

from __future__ import annotations

import pytest

from ledger.domain.errors import InvalidInput, NotFound, RuleViolation
from ledger.domain.magic import effort
from ledger.domain.state import Character
from ledger.domain.state.character import Implant
from tests.unit.effort_helpers import Table, of_type


def sheet(**kw: object) -> Character:
    return Character(id="c", name="Mara", **kw)  # type: ignore[arg-type]


def test_mage_effort_max_is_the_higher_of_int_or_wis_mod_plus_cast() -> None:
    mara = sheet(modifiers={"int": 1, "wis": 2}, skills={"cast": 2})
    assert effort.max_effort(mara, "mage") == 4


def test_summoner_effort_max_is_the_higher_of_con_or_cha_mod_plus_summon() -> None:
    mara = sheet(modifiers={"con": 2, "cha": -1}, skills={"summon": 1})
    assert effort.max_effort(mara, "summoner") == 3


def test_effort_max_is_at_least_one_before_cyberware() -> None:
    mara = sheet(modifiers={"int": -2, "wis": -1}, skills={"cast": 0})
    assert effort.max_effort(mara, "mage") == 1


def test_cyberware_of_strains_2_0_and_half_cuts_max_effort_by_four() -> None:
    mara = sheet(modifiers={"int": 2}, skills={"cast": 4},
                 cyberware=[Implant("arm", 2), Implant("eyes", 0), Implant("jack", 0.5)])
    assert effort.cyberware_cut(mara) == 4
    assert effort.max_effort(mara, "mage") == 2


def test_cyberware_cuts_both_pools() -> None:
    mara = sheet(modifiers={"int": 2, "cha": 3}, skills={"cast": 2, "summon": 2},
                 cyberware=[Implant("eyes", 0)])
    assert effort.max_effort(mara, "mage") == 3
    assert effort.max_effort(mara, "summoner") == 4


def test_cyberware_never_takes_max_effort_below_zero() -> None:
    mara = sheet(modifiers={"int": 1}, skills={"cast": 1}, cyberware=[Implant("body", 5)])
    assert effort.max_effort(mara, "mage") == 0


def test_fractional_cyberware_cuts_add_up_exactly_and_round_up() -> None:
    assert effort.cyberware_cut(sheet(cyberware=[Implant("a", 1.5), Implant("b", 1.5)])) == 3
    assert effort.cyberware_cut(sheet(cyberware=[Implant("a", 2), Implant("b", 1.5)])) == 4


def test_committing_more_effort_than_available_is_refused() -> None:
    table = Table()
    mara = table.mage(cast=1, int_mod=1)
    with pytest.raises(RuleViolation) as refused:
        table.do(effort.commit(mara, "mage", 3, "scene"))
    assert refused.value.rule == "effort-exhausted"


def test_effort_pools_never_mix() -> None:
    table = Table()
    mara = table.mage(cast=1, int_mod=1)  # 2 Mage, 1 Summoner Effort
    table.do(effort.commit(mara, "mage", 2, "day"))
    with pytest.raises(RuleViolation):
        table.do(effort.commit(mara, "mage", 1, "day"))
    table.do(effort.commit(mara, "summoner", 1, "day"))
    assert effort.available(table.get(mara), "summoner") == 0


def test_the_commit_command_offers_day_scene_and_duration_only() -> None:
    table = Table()
    mara = table.mage()
    with pytest.raises(InvalidInput):
        table.do(effort.commit(mara, "mage", 1, "bound"))


def test_scene_effort_returns_at_the_scenes_end() -> None:
    table = Table()
    mara = table.mage()
    table.scene()
    table.do(effort.commit(mara, "mage", 2, "scene"))
    table.end_scene()
    assert effort.available(table.get(mara), "mage") == 2


def test_day_effort_returns_at_a_new_day_only_for_casters_who_rested() -> None:
    table = Table()
    mara, ovid = table.mage("Mara"), table.mage("Ovid")
    table.do(effort.commit(mara, "mage", 1, "day"))
    table.do(effort.commit(ovid, "mage", 1, "day"))
    table.new_day(mara)
    assert effort.available(table.get(mara), "mage") == 2
    assert effort.available(table.get(ovid), "mage") == 1


def test_scene_effort_still_held_returns_at_a_rested_new_day() -> None:
    """001, 6.1.1: Mage Effort "refreshes completely each morning" for a caster who slept.
    Scene Effort committed outside a scene waited for the next scene's end, through the
    night (an outside review of the readings); an unrested caster keeps waiting."""
    table = Table()
    mara, ovid = table.mage("Mara"), table.mage("Ovid")
    table.do(effort.commit(mara, "mage", 1, "scene"))  # no scene open
    table.do(effort.commit(ovid, "mage", 1, "scene"))
    table.new_day(mara)
    assert effort.available(table.get(mara), "mage") == 2
    assert effort.available(table.get(ovid), "mage") == 1


def test_day_effort_survives_the_scenes_end() -> None:
    table = Table()
    mara = table.mage()
    table.scene()
    table.do(effort.commit(mara, "mage", 1, "day"))
    table.end_scene()
    assert effort.available(table.get(mara), "mage") == 1


def test_duration_effort_returns_when_reclaimed() -> None:
    table = Table()
    mara = table.mage()
    (committed,) = table.do(effort.commit(mara, "mage", 1, "duration"))
    table.new_day(mara)
    table.scene()
    table.end_scene()
    assert effort.available(table.get(mara), "mage") == 1  # held through scene and day
    (returned,) = table.do(effort.reclaim(mara, committed.commitment.id))
    assert returned.why == "reclaimed"
    assert effort.available(table.get(mara), "mage") == 2


def test_only_duration_effort_is_reclaimed_at_will() -> None:
    table = Table()
    mara = table.mage()
    (committed,) = table.do(effort.commit(mara, "mage", 1, "scene"))
    with pytest.raises(RuleViolation) as refused:
        table.do(effort.reclaim(mara, committed.commitment.id))
    assert refused.value.rule == "only-duration-effort-reclaimed"


def test_reclaiming_an_unknown_commitment_is_not_found() -> None:
    table = Table()
    mara = table.mage()
    with pytest.raises(NotFound):
        table.do(effort.reclaim(mara, "eff_nope"))


def test_bound_effort_returns_at_the_first_new_day_after_its_release_with_rest() -> None:
    table = Table()
    mara = table.mage()

    def bind(state, ctx):  # type: ignore[no-untyped-def]
        return [effort.commit_event(ctx, state.characters[mara], "mage", 1, "bound",
                                    source="item:ring")]

    table.do(bind)
    table.new_day(mara)
    assert effort.available(table.get(mara), "mage") == 1  # still linked: held
    table.do(lambda state, ctx: effort.release_events(state.characters[mara], "item:ring"))
    assert effort.available(table.get(mara), "mage") == 1  # released, back the next day
    table.new_day(mara)
    assert effort.available(table.get(mara), "mage") == 2


def test_effort_summary_lists_max_available_and_each_commitment_per_pool() -> None:
    table = Table()
    mara = table.mage(cast=2, int_mod=1)
    events = table.do(effort.commit(mara, "mage", 2, "scene", "Blast"))
    summary = effort.summary(table.get(mara))
    mage = summary.pools["mage"]
    assert (mage.max, mage.committed, mage.available) == (3, 2, 1)
    assert [c.id for c in mage.commitments] == [of_type(events, "EffortCommitted")[0].commitment.id]
    assert summary.pools["summoner"].commitments == []
