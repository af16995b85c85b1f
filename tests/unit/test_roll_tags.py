"""Talents that apply to rolls of a kind, when the roll carries the tag
(ledger/domain/roll_tags.py; docs/rules/talents.md)."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.domain.characters import register_character
from ledger.domain.errors import DomainError
from ledger.domain.rolls import Rolled
from ledger.domain.rolls.commands import roll
from ledger.domain.state import CampaignState
from tests.unit.magic_helpers import only, run

# 2 + 3 + 5 + Willpower 2 = 12; doubles are 5 + 5 + 5 below.


def roller(state: CampaignState, *graded: tuple[str, str]) -> str:
    sheet = {"name": "Ines", "abilities": {"Willpower": 2},
             "talents": [{"name": n, "degree": d} for n, d in graded]}
    return run(state, register_character(sheet))[0].character_id or ""


def age_roll(state: CampaignState, chid: str, dice: list[int], **fields: Any) -> Rolled:
    request = {"kind": "age", "ability": "Willpower", "tn": 13} | fields
    return only(run(state, roll(chid, request), dice), Rolled)


def test_synergy_expert_adds_one_when_cooperating() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Synergy", "Expert"))
    rolled = age_roll(state, ines, [2, 3, 5], tags=["cooperative"])
    assert (rolled.total, rolled.success, rolled.talent_bonus, rolled.talents) == (
        13, True, 1, ["Synergy Expert"])


def test_synergy_expert_adds_nothing_without_the_cooperative_tag() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Synergy", "Expert"))
    rolled = age_roll(state, ines, [2, 3, 5], tags=["social"])
    assert (rolled.total, rolled.success, rolled.talent_bonus) == (12, False, 0)


def test_rituals_novice_adds_one_to_a_ritual_roll() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Rituals", "Novice"))
    assert age_roll(state, ines, [2, 3, 5], tags=["Rituals"]).total == 13


def test_shaman_novice_and_apex_add_up_on_a_spirits_roll() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Shaman", "Apex"))
    rolled = age_roll(state, ines, [2, 3, 5], tags=["spirits"])
    assert (rolled.talent_bonus, rolled.talents) == (3, ["Shaman Novice", "Shaman Apex"])
    assert rolled.total == 15


def test_manipulation_novice_adds_one_sp_when_a_social_roll_generates_sp() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Manipulation", "Novice"))
    rolled = age_roll(state, ines, [5, 5, 4], tags=["social"])
    assert (rolled.stunt_points, rolled.talent_sp) == (4 + 1, 1)


def test_manipulation_novice_adds_no_sp_to_a_roll_without_doubles() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Manipulation", "Novice"))
    rolled = age_roll(state, ines, [6, 5, 4], tags=["social"])
    assert (rolled.success, rolled.stunt_points, rolled.talent_sp) == (True, 0, 0)


def test_evaluation_master_adds_one_sp_in_an_investigation() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state, ("Evaluation", "Master"))
    assert age_roll(state, ines, [5, 5, 3], tags=["investigation"]).stunt_points == 4
    ines_expert = roller(state, ("Evaluation", "Expert"))
    assert age_roll(state, ines_expert, [5, 5, 3], tags=["investigation"]).stunt_points == 3


def test_an_unknown_roll_tag_is_refused_naming_the_field() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state)
    with pytest.raises(DomainError) as refused:
        age_roll(state, ines, [2, 3, 5], tags=["combat"])
    assert (refused.value.rule, refused.value.field) == ("unknown-roll-tag", "tags")


def test_tags_are_not_a_field_of_a_notation_roll() -> None:
    state = CampaignState(id="cmp")
    ines = roller(state)
    with pytest.raises(DomainError) as refused:
        run(state, roll(ines, {"kind": "notation", "expression": "1d6", "tags": ["social"]}))
    assert refused.value.field == "tags"


def test_evaluation_grandmaster_doubles_the_focus_bonus_in_an_investigation() -> None:
    state = CampaignState(id="cmp")
    sheet = {"name": "Ines", "abilities": {"Willpower": 2}, "focuses": ["Self-Discipline"],
             "talents": [{"name": "Evaluation", "degree": "Grandmaster"}]}
    ines = run(state, register_character(sheet))[0].character_id or ""
    rolled = age_roll(state, ines, [2, 3, 5], focus="Self-Discipline", tags=["investigation"])
    # 2 + 3 + 5 + Willpower 2 + Focus 2, and the Focus 2 again (Master's +1 SP: no doubles)
    assert (rolled.total, rolled.talent_bonus, rolled.talent_sp) == (16, 2, 0)
    assert rolled.talents == ["Evaluation Grandmaster", "Evaluation Master"]
    plain = age_roll(state, ines, [2, 3, 5], focus="Self-Discipline")
    assert plain.total == 14
    no_focus = age_roll(state, ines, [2, 3, 5], tags=["investigation"])
    assert no_focus.talent_bonus == 0


def test_brilliance_master_doubles_the_focus_bonus_studying_on_an_intelligence_roll() -> None:
    state = CampaignState(id="cmp")
    sheet = {"name": "Bri", "abilities": {"Intelligence": 2, "Willpower": 2},
             "focuses": ["Cryptography"], "talents": [{"name": "Brilliance", "degree": "Master"}]}
    bri = run(state, register_character(sheet))[0].character_id or ""
    studied = age_roll(state, bri, [2, 3, 4], ability="Intelligence", focus="Cryptography",
                       tags=["study"])
    assert (studied.total, studied.talent_bonus, studied.talents) == (
        2 + 3 + 4 + 2 + 2 + 2, 2, ["Brilliance Master"])
    untagged = age_roll(state, bri, [2, 3, 4], ability="Intelligence", focus="Cryptography")
    assert untagged.talent_bonus == 0
    other = age_roll(state, bri, [2, 3, 4], ability="Willpower", focus="Cryptography",
                     tags=["study"])
    assert other.talent_bonus == 0
