"""Automatic successes by a talent: Brilliance Apex once per clock day on an Intelligence
test, Trickster Apex for 1 Conviction on Deception or Sleight of Hand
(ledger/domain/talent_successes.py; docs/rules/talents.md)."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.domain.audit import summaries_talents  # noqa: F401  (registers the summary)
from ledger.domain.audit.summaries import summarize
from ledger.domain.characters import register_character
from ledger.domain.errors import DomainError
from ledger.domain.resources import ResourceSpent
from ledger.domain.rolls import Rolled
from ledger.domain.rolls.commands import roll
from ledger.domain.state import CampaignState
from ledger.domain.talent_successes import TalentSuccess
from tests.unit.magic_helpers import of_type, only, run


def sage(state: CampaignState, talent: str, **sheet: Any) -> str:
    full = {"name": "Ines", "abilities": {"Intelligence": 2, "Communication": 1},
            "talents": [{"name": talent, "degree": "Apex"}],
            "conviction": {"current": 2, "max": 3}} | sheet
    return run(state, register_character(full))[0].character_id or ""


def age(**fields: Any) -> dict[str, Any]:
    return {"kind": "age", **fields}


def test_brilliance_apex_succeeds_at_an_intelligence_test_without_rolling() -> None:
    state = CampaignState(id="cmp")
    ines = sage(state, "Brilliance")
    events = run(state, roll(ines, age(ability="intelligence", tn=15, talent="brilliance-apex")))
    success = only(events, TalentSuccess)
    assert (success.ability, success.tn, success.day) == ("Intelligence", 15, 1)
    assert of_type(events, Rolled) == []
    assert state.characters[ines].talent_days == {"brilliance-apex": 1}
    data = {k: getattr(success, k) for k in success.__struct_fields__}
    assert summarize("TalentSuccess", data, lambda _: "Ines") == (
        "Ines succeeds at Intelligence against TN 15 by Brilliance Apex, without rolling")


def test_brilliance_apex_is_once_per_clock_day() -> None:
    state = CampaignState(id="cmp")
    ines = sage(state, "Brilliance")
    run(state, roll(ines, age(ability="Intelligence", talent="brilliance-apex")))
    with pytest.raises(DomainError) as refused:
        run(state, roll(ines, age(ability="Intelligence", talent="brilliance-apex")))
    assert refused.value.rule == "brilliance-apex-once-per-day"
    state.clock.day += 1  # the next clock day (a NewDay event in the service)
    assert only(run(state, roll(ines, age(ability="Intelligence", talent="brilliance-apex"))),
                TalentSuccess).day == 2


def test_brilliance_apex_only_on_an_intelligence_test() -> None:
    state = CampaignState(id="cmp")
    ines = sage(state, "Brilliance")
    with pytest.raises(DomainError) as refused:
        run(state, roll(ines, age(ability="Communication", talent="brilliance-apex")))
    assert (refused.value.rule, refused.value.field) == (
        "brilliance-apex-needs-intelligence", "ability")


def test_brilliance_grandmaster_is_not_apex() -> None:
    state = CampaignState(id="cmp")
    ines = sage(state, "Brilliance", talents=[{"name": "Brilliance", "degree": "Grandmaster"}])
    with pytest.raises(DomainError) as refused:
        run(state, roll(ines, age(ability="Intelligence", talent="brilliance-apex")))
    assert refused.value.rule == "talent-not-on-sheet"


def test_trickster_apex_spends_one_conviction_for_a_deception_success() -> None:
    state = CampaignState(id="cmp")
    ines = sage(state, "Trickster")
    events = run(state, roll(ines, age(ability="Communication", focus="deception",
                                       talent="trickster-apex")))
    spent = only(events, ResourceSpent)
    assert (spent.resource, spent.amount, spent.after) == ("conviction", 1, 1)
    assert (only(events, TalentSuccess).focus, only(events, TalentSuccess).conviction) == (
        "Deception", 1)
    run(state, roll(ines, age(ability="Communication", focus="Deception", talent="trickster-apex")))
    with pytest.raises(DomainError) as refused:  # no Conviction left; no daily limit
        run(state, roll(ines, age(ability="Communication", focus="Deception",
                                  talent="trickster-apex")))
    assert refused.value.rule == "insufficient-conviction"


def test_trickster_apex_only_on_deception_or_sleight_of_hand() -> None:
    state = CampaignState(id="cmp")
    ines = sage(state, "Trickster")
    with pytest.raises(DomainError) as refused:
        run(state, roll(ines, age(ability="Communication", focus="Persuasion",
                                  talent="trickster-apex")))
    assert refused.value.rule == "trickster-apex-needs-deception-or-sleight-of-hand"
    assert state.characters[ines].conviction.current == 2


def test_an_automatic_success_takes_no_dice() -> None:
    state = CampaignState(id="cmp")
    ines = sage(state, "Brilliance")
    with pytest.raises(DomainError) as refused:
        run(state, roll(ines, age(ability="Intelligence", talent="brilliance-apex",
                                  dice=[1, 2, 3])))
    assert refused.value.field == "dice"
