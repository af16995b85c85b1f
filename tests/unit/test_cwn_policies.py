"""Who may give the CWN commands (ledger/domain/magic/cwn_commands.py) and who acts.

Effort, spell preparation, casting and a spell effect's use: the GM or the player of the
character in the path, who acts and is settled first. Strain gained or recovered: the same
policy, but it happens to the character and settles nobody. A refused command records
nothing, its settling included.
"""

from __future__ import annotations

import pytest

from ledger.domain.command import Command
from ledger.domain.context import Actor
from ledger.domain.errors import DomainError, Forbidden
from ledger.domain.magic.cwn_commands import (
    CastSpell,
    ChangeStrain,
    CommitEffort,
    PrepareSpells,
    ReclaimEffort,
    UseSpellEffect,
)
from ledger.domain.magic.test_events import MagicTestFailureAccepted
from ledger.domain.state import CampaignState
from tests.unit.harness import GM, context, player, run
from tests.unit.magic_helpers import campaign, cast, mage, of_type

FAIL_BY_3 = [1, 2, 3]  # 6 + Willpower 3 = 9 against TN 12
OBSERVER = Actor(role="observer", token_id="tok_obs")
CASTER = {"skills": {"cast": 1}, "modifiers": {"int": 1, "con": 0}, "edges": ["Spellcaster"],
          "strain": {"current": 0, "permanent": 0, "max": 12}}


def table() -> tuple[CampaignState, str, str]:
    """Mara, a caster whose failed Magic Test is pending, and Ivo."""
    state = campaign()
    mara = mage(state, **CASTER)
    ivo = mage(state, name="Ivo", **CASTER)
    cast(state, mara, FAIL_BY_3)
    assert state.characters[mara].magic_tests.failure is not None
    return state, mara, ivo


def actions(chid: str) -> list[Command]:
    return [CommitEffort(character_id=chid, pool="mage", amount=1, duration="scene"),
            ReclaimEffort(character_id=chid, commitment_id="eff_none"),
            PrepareSpells(character_id=chid, spells=["Blast"]),
            CastSpell(character_id=chid, spell="Illumination"),
            UseSpellEffect(character_id=chid, spell="Haste")]


def strain_changes(chid: str) -> list[Command]:
    return [ChangeStrain(character_id=chid, action=action, amount=1)
            for action in ("gain", "recover")]


def test_cwn_commands_are_the_gm_s_or_the_character_s_player_s_to_give() -> None:
    state, mara, ivo = table()
    for command in actions(mara) + strain_changes(mara):
        command.authorize(state, context(actor=GM))
        command.authorize(state, context(actor=player(mara)))
        with pytest.raises(Forbidden, match="Only the GM or this character's player"):
            command.authorize(state, context(actor=player(ivo)))
        with pytest.raises(Forbidden):
            command.authorize(state, context(actor=OBSERVER))


def test_effort_and_spell_commands_are_the_character_s_actions_strain_changes_nobody_s() -> None:
    state, mara, _ivo = table()
    assert [c.acting(state) for c in actions(mara)] == [mara] * 5
    assert [c.acting(state) for c in strain_changes(mara)] == [None, None]


@pytest.mark.parametrize("actor", ["gm", "player"])
def test_committing_effort_settles_the_character_first_whoever_sends_it(actor: str) -> None:
    state, mara, _ivo = table()
    who = GM if actor == "gm" else player(mara)
    events = run(state, CommitEffort(character_id=mara, pool="mage", amount=1,
                                     duration="scene"), context(actor=who))
    assert of_type(events, MagicTestFailureAccepted) != []
    assert state.characters[mara].magic_tests.failure is None


def test_casting_and_preparing_settle_the_caster_first() -> None:
    state, mara, _ivo = table()
    prepared = run(state, PrepareSpells(character_id=mara, spells=["Illumination"]))
    assert of_type(prepared, MagicTestFailureAccepted) != []
    cast(state, mara, FAIL_BY_3)  # a new failure, pending again
    cast_events = run(state, CastSpell(character_id=mara, spell="Illumination"))
    assert of_type(cast_events, MagicTestFailureAccepted) != []


@pytest.mark.parametrize("action", ["gain", "recover"])
def test_strain_gained_or_recovered_settles_nobody(action: str) -> None:
    state, mara, _ivo = table()
    events = run(state, ChangeStrain(character_id=mara, action=action, amount=1),
                 context(actor=player(mara)))
    assert of_type(events, MagicTestFailureAccepted) == []
    assert state.characters[mara].magic_tests.failure is not None


def test_another_character_s_cwn_action_does_not_settle_mara() -> None:
    state, mara, ivo = table()
    events = run(state, CommitEffort(character_id=ivo, pool="mage", amount=1, duration="day"))
    assert of_type(events, MagicTestFailureAccepted) == []
    assert state.characters[mara].magic_tests.failure is not None


def test_a_refused_cwn_action_records_nothing_not_even_its_settling() -> None:
    state, mara, ivo = table()
    position = state.position
    with pytest.raises(DomainError, match="Mage"):  # 2 Mage Effort, not 5
        run(state, CommitEffort(character_id=mara, pool="mage", amount=5, duration="day"))
    with pytest.raises(DomainError):  # Blast is not prepared
        run(state, CastSpell(character_id=mara, spell="Blast", duration="scene"))
    with pytest.raises(Forbidden):  # Ivo's player may not commit Mara's Effort
        run(state, CommitEffort(character_id=mara, pool="mage", amount=1, duration="day"),
            context(actor=player(ivo)))
    assert state.position == position
    assert state.characters[mara].magic_tests.failure is not None
