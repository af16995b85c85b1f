"""Who may give the spirit commands (ledger/domain/spirits/commands.py) and who acts.

Summoning: the GM or the summoner's player, the summoner acts. Dismiss, call, dispel,
compel: the GM or the spirit's summoner's player, the summoner acts. Banish: the GM or
`by`'s player, `by` acts. Damage: any writer; fade: the GM; neither settles anyone.
"""

from __future__ import annotations

import pytest

from ledger.domain.command import Command
from ledger.domain.context import Actor, Context
from ledger.domain.errors import DomainError, Forbidden
from ledger.domain.spirits.commands import (
    BanishSpirit,
    CallSpirit,
    CompelSpirit,
    DamageSpirit,
    DismissSpirit,
    DispelSpirit,
    FadeSpirit,
    SummonSpirit,
)
from ledger.domain.state import CampaignState
from tests.unit.harness import ScriptedDice
from tests.unit.spirits_helpers import campaign, new_character, summoned

GM = Actor(role="gm", token_id="tok_gm")
OBSERVER = Actor(role="observer", token_id="tok_obs")


def player(character_id: str) -> Context:
    return Context(ScriptedDice([]), actor=Actor(role="player", token_id="t",
                                                 character_id=character_id))


def table() -> tuple[CampaignState, str, str, str]:
    state = campaign()
    mara = new_character(state)
    ivo = new_character(state, name="Ivo")
    return state, mara, ivo, summoned(state, mara)


@pytest.mark.parametrize("command", [DismissSpirit, CallSpirit, DispelSpirit, CompelSpirit])
def test_spirit_command_is_the_summoners_to_give_and_their_action(
        command: type[Command]) -> None:
    state, mara, ivo, sid = table()
    given = command(spirit_id=sid, **({"command": "distasteful"}
                                      if command is CompelSpirit else {}))
    given.authorize(state, player(mara))
    with pytest.raises(Forbidden, match="Only the GM or this character's player"):
        given.authorize(state, player(ivo))
    assert given.acting(state) == mara


def test_spirit_command_for_no_spirit_is_spirit_not_found_before_any_policy() -> None:
    state, _mara, ivo, _sid = table()
    with pytest.raises(DomainError) as missing:
        DismissSpirit(spirit_id="spr_none").authorize(state, player(ivo))
    assert (missing.value.kind, missing.value.rule) == ("not-found", "spirit-not-found")


def test_summon_spirit_and_banish_spirit_are_their_characters_actions() -> None:
    state, mara, ivo, sid = table()
    banish = BanishSpirit(spirit_id=sid, by=ivo)
    banish.authorize(state, player(ivo))
    with pytest.raises(Forbidden):
        banish.authorize(state, player(mara))
    assert banish.acting(state) == ivo
    summon = SummonSpirit(character_id=mara, mode="ritual", nature="Fire", form="physical",
                          form_level=1, appearance="a hound", hit_dice=1, hit_points=6)
    with pytest.raises(Forbidden):
        summon.authorize(state, player(ivo))
    assert summon.acting(state) == mara


def test_damage_spirit_by_any_writer_and_fade_spirit_by_the_gm_settle_nobody() -> None:
    state, _mara, ivo, sid = table()
    damage, fade = DamageSpirit(spirit_id=sid, amount=1), FadeSpirit(spirit_id=sid)
    damage.authorize(state, player(ivo))
    with pytest.raises(Forbidden, match="Observers"):
        damage.authorize(state, Context(ScriptedDice([]), actor=OBSERVER))
    with pytest.raises(Forbidden, match="Only the GM"):
        fade.authorize(state, player(ivo))
    fade.authorize(state, Context(ScriptedDice([]), actor=GM))
    assert damage.acting(state) is None
    assert fade.acting(state) is None
