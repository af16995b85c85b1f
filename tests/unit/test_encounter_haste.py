"""Haste counted in rounds (001; docs/rules/encounters.md, "Haste")."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.domain.errors import RuleViolation
from ledger.domain.magic.cwn_commands import UseSpellEffect
from ledger.domain.magic.spells import CastRequest, cast
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import Fight, npc, pc
from tests.unit.harness import player


def hasted_fight(d4: int) -> tuple[Fight, str, str, list[Any]]:
    """Mara (12), Ivo (10), a thug (5); Mara hastes Ivo in round 1 with a d4 of `d4`."""
    fight = Fight()
    mara = fight.mage("Mara", prepared=("Haste",))
    ivo = fight.character("Ivo")
    fight.start(pc(mara, 12), pc(ivo, 10), npc("Thug", 5))
    events = fight.do(cast(mara, CastRequest(spell="Haste", duration="scene", target=ivo)), [d4])
    return fight, mara, ivo, events


def use(fight: Fight, character_id: str, by_player: bool = False) -> list[Any]:
    command = UseSpellEffect(character_id=character_id, spell="Haste")
    if by_player:
        return fight.do(command, actor=player(character_id))
    return fight.do(command)


def test_haste_lasts_1d4_plus_1_rounds_rolled_and_shown_in_the_encounter() -> None:
    fight, mara, ivo, events = hasted_fight(3)
    (rolled,) = of_type(events, "Rolled")
    (timed,) = of_type(events, "SpellEffectTimed")
    assert (rolled.expression, rolled.total) == ("1d4+1", 4)
    (effect,) = fight.encounter.effects
    assert (effect.character_id, effect.caster_id, effect.rounds, effect.round) == (
        ivo, mara, rolled.total, 1 + rolled.total)
    assert timed.effect == effect


def test_haste_ends_at_the_casters_place_after_its_rounds() -> None:
    fight, _, ivo, _ = hasted_fight(1)  # 2 rounds: until round 3, Mara's place
    ended = fight.next(3 * 2 - 1)  # to round 2, the thug's turn
    assert of_type(ended, "SpellEffectEnded") == []
    (over,) = of_type(fight.next(), "SpellEffectEnded")
    assert (over.character_id, fight.encounter.round, fight.encounter.turn) == (ivo, 3, 0)
    with pytest.raises(RuleViolation) as refused:
        use(fight, ivo)
    assert refused.value.rule == "haste-ended"


def test_hastes_extra_action_is_once_per_round() -> None:
    fight, _, ivo, _ = hasted_fight(4)
    assert of_type(use(fight, ivo), "SpellEffectUsedInRound")
    with pytest.raises(RuleViolation) as refused:
        use(fight, ivo)
    assert refused.value.rule == "haste-once-per-round"
    fight.next(3)  # round 2
    assert of_type(use(fight, ivo), "SpellEffectUsed")


def test_haste_outside_an_encounter_keeps_todays_uses() -> None:
    fight = Fight()
    mara = fight.mage("Mara", prepared=("Haste",))
    events = fight.do(cast(mara, CastRequest(spell="Haste", duration="scene")))
    assert of_type(events, "SpellEffectTimed") == []
    for _ in range(2):
        assert of_type(use(fight, mara), "SpellEffectUsed")


def test_in_a_fight_a_players_haste_use_needs_a_haste_counted_in_it() -> None:
    # 001: "For the next 1d4+1 rounds, once per round": one cast in an earlier fight ended
    # with it, and a character nobody hasted has none (an outside rules check saw a
    # player take three in a round). A Haste cast before the fight is the GM's to carry.
    fight, _, ivo, _ = hasted_fight(4)
    fight.end()
    fight.start(pc(ivo, 10), npc("Thug", 5))
    with pytest.raises(RuleViolation) as refused:
        use(fight, ivo, by_player=True)
    assert refused.value.rule == "haste-not-running"
    assert of_type(use(fight, ivo), "SpellEffectUsed")  # the GM records a carried Haste
