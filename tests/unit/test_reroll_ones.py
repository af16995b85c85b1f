"""Talents that reroll 1s on AGE rolls and Magic Tests (ledger/domain/rolls/ones.py;
docs/rules/talents.md). Rolled version 4 records them; other rolls draw as before."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.domain.characters import register_character
from ledger.domain.context import Context
from ledger.domain.dice import SeededDice
from ledger.domain.errors import DomainError
from ledger.domain.events import decode_data
from ledger.domain.rolls import Rolled, age_roll, roll_age_dice
from ledger.domain.rolls.commands import roll
from ledger.domain.state import CampaignState
from tests.unit.magic_helpers import cast, mage, only, run

SEED = bytes(range(32))


def roller(state: CampaignState, *graded: tuple[str, str], **sheet: Any) -> str:
    full = {"name": "Ines", "abilities": {"Willpower": 2, "Communication": 2, "Dexterity": 1,
                                          "Perception": 1},
            "focuses": ["Persuasion", "Stealth"],
            "talents": [{"name": n, "degree": d} for n, d in graded]} | sheet
    return run(state, register_character(full))[0].character_id or ""


def rolled(state: CampaignState, chid: str, server: list[int], **fields: Any) -> Rolled:
    request = {"kind": "age", "ability": "Willpower", "tn": 13} | fields
    return only(run(state, roll(chid, request), server), Rolled)


def values(r: Rolled) -> list[int]:
    return [d.value for d in r.dice]


def test_rituals_master_rerolls_each_one_on_a_ritual_roll_once() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Rituals", "Master"))
    r = rolled(state, ines, [1, 4, 1, 1, 6], tags=["rituals"])
    # Both 1s rerolled, in order: the first to 1 (it stands), the Stunt Die to 6.
    assert values(r) == [1, 4, 1, 1, 6]
    assert [d.mark for d in r.dice] == ["rerolled", "kept", "rerolled", "kept", "kept"]
    assert (r.stunt_die, r.total, r.ones_rerolled_by) == (6, 1 + 4 + 6 + 2 + 1, ["Rituals Master"])
    assert "~~1~~ 1" in r.result_text
    assert "1s rerolled (Rituals Master)" in r.result_text


def test_rituals_novice_rerolls_no_ones() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Rituals", "Novice"))
    r = rolled(state, ines, [1, 4, 5], tags=["rituals"])
    assert (values(r), r.ones_rerolled_by) == ([1, 4, 5], [])


def test_rituals_master_without_the_tag_rerolls_nothing() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Rituals", "Master"))
    r = rolled(state, ines, [1, 4, 5, 2], tags=["social"])
    assert (values(r), r.ones_rerolled_by) == ([1, 4, 5], [])
    with pytest.raises(DomainError) as refused:  # reported: four dice for a plain test
        rolled(state, ines, [], tags=["social"], dice=[1, 4, 5, 2])
    assert refused.value.rule == "reported-dice-mismatch"
    reported = rolled(state, ines, [], tags=["rituals"], dice=[1, 4, 5, 2])
    assert (reported.total, reported.source) == (2 + 4 + 5 + 2 + 1, "reported")  # Novice +1


def test_shaman_expert_rerolls_ones_on_a_spirits_roll() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Shaman", "Expert"))
    r = rolled(state, ines, [3, 1, 5, 6], tags=["spirits"])
    assert (values(r)[3], r.total, r.ones_rerolled_by) == (6, 3 + 6 + 5 + 2 + 1, ["Shaman Expert"])


def test_brilliance_expert_rerolls_ones_developing_a_new_idea() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Brilliance", "Expert"))
    assert rolled(state, ines, [1, 2, 3, 4], tags=["new-idea"]).ones_rerolled_by == [
        "Brilliance Expert"]


def test_evaluation_expert_rerolls_ones_figuring_out_on_perception_only() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Evaluation", "Expert"))
    on_perception = rolled(state, ines, [1, 2, 3, 4], ability="Perception",
                           tags=["figuring-out"])
    assert on_perception.ones_rerolled_by == ["Evaluation Expert"]
    on_willpower = rolled(state, ines, [1, 2, 3], tags=["figuring-out"])
    assert on_willpower.ones_rerolled_by == []


def test_leader_novice_rerolls_ones_on_communication_persuasion() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Leader", "Novice"))
    r = rolled(state, ines, [2, 1, 3, 6], ability="Communication", focus="persuasion")
    assert (values(r), r.ones_rerolled_by, r.doubles) == ([2, 1, 3, 6], ["Leader Novice"], False)
    plain = rolled(state, ines, [2, 1, 2], ability="Communication")
    assert (plain.doubles, plain.ones_rerolled_by) == (True, [])


def test_trickster_expert_rerolls_ones_on_stealth() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Trickster", "Expert"))
    r = rolled(state, ines, [1, 1, 1, 2, 3, 4], ability="Dexterity", focus="Stealth")
    assert (r.stunt_die, r.total, r.ones_rerolled_by) == (4, 2 + 3 + 4 + 1 + 2, ["Trickster Expert"])


def test_reroll_ones_false_keeps_the_ones() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Rituals", "Master"))
    r = rolled(state, ines, [1, 1, 4], tags=["rituals"], reroll_ones=False)
    assert (values(r), r.doubles, r.ones_rerolled_by) == ([1, 1, 4], True, [])


def test_reroll_ones_with_nausea_rerolls_each_die_once() -> None:
    nausea = roll_age_dice(Context(None), [6, 1, 3, 2, 5], nauseated=True, ones=True)
    assert nausea.values == [2, 5, 3]  # the 6 for Nausea, the 1 for the talent, in order


def test_wizard_expert_rerolls_ones_on_a_magic_test_of_the_chosen_arcana() -> None:
    state = CampaignState(id="cmp")
    mara = mage(state, talents=[{"name": "Wizard", "degree": "Expert", "choice": "Fire"}])
    fire = only(cast(state, mara, [1, 5, 5, 6], arcana="Fire Arcana", mana_cost=2), Rolled)
    assert (fire.ones_rerolled_by, fire.stunt_die) == (["Wizard Expert (Fire)"], 5)
    water = only(cast(state, mara, [1, 5, 5], arcana="Water", mana_cost=2), Rolled)
    assert water.ones_rerolled_by == []


def test_a_magic_test_may_keep_its_ones() -> None:
    """000, Wizard Expert: "you may reroll ones on their magical Tests". "May" is the
    caster's choice, as on any roll (`reroll_ones: false`): the 1 stays, and with it the
    doubles it makes (an outside review of the readings found the reroll forced)."""
    state = CampaignState(id="cmp")
    mara = mage(state, talents=[{"name": "Wizard", "degree": "Expert", "choice": "Fire"}])
    kept = only(cast(state, mara, [1, 1, 5], arcana="Fire", mana_cost=2, reroll_ones=False),
                Rolled)
    assert (kept.ones_rerolled_by, [d.value for d in kept.dice]) == ([], [1, 1, 5])
    assert kept.doubles  # type: ignore[attr-defined]


def test_reroll_ones_server_dice_are_the_session_dice_in_order() -> None:
    ctx = Context(SeededDice(SEED, "cmp_x", 3, 42), epoch=3, command_position=42)
    fresh = SeededDice(SEED, "cmp_x", 3, 42)
    stream = [fresh.draw(6) for _ in range(6)]
    rolled_ = age_roll(ctx, "chr_a", None, ability="Willpower", ability_value=1, tn=None,
                       ones_by=["Rituals Master"])
    again = sum(v == 1 for v in stream[:3])
    assert values(rolled_) == stream[:3 + again]
    assert (rolled_.epoch, rolled_.command_position, rolled_.first_index) == (3, 42, 0)


def test_reroll_ones_leaves_the_dice_of_other_rolls_as_they_were() -> None:
    # Without a talent, a roll draws exactly three dice even when they show 1s.
    for position in range(40):
        ctx = Context(SeededDice(SEED, "cmp_x", 1, position), epoch=1, command_position=position)
        fresh = SeededDice(SEED, "cmp_x", 1, position)
        r = age_roll(ctx, "chr_a", None, ability="Willpower", ability_value=1, tn=None)
        assert values(r) == [fresh.draw(6) for _ in range(3)]
        assert r.ones_rerolled_by == []


def test_rolled_v3_record_reads_with_no_ones_rerolled() -> None:
    data = (b'{"kind":"age","expression":"3d6","dice":[{"sides":6,"value":1,"mark":"kept"},'
            b'{"sides":6,"value":2,"mark":"kept"},{"sides":6,"value":3,"mark":"kept"}],'
            b'"total":6,"source":"reported","stunt_die":3}')
    event = decode_data("Rolled", 3, data)
    assert isinstance(event, Rolled)
    assert event.ones_rerolled_by == []
    assert Rolled.version == 4
