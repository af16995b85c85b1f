"""The Mana Noir commands' policies and acting characters (ledger/domain/magic/commands.py).

Who may issue each: the GM or the character's player; only the GM may override the
automatic Backlash or choose a Consequence. Which character acts: a Magic Test and a
superhuman use are the character's actions (settled first); the rest resolve a pending
decision and settle nobody first. A refused command records nothing.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from ledger.domain.command import Command
from ledger.domain.context import Actor, Context
from ledger.domain.errors import Forbidden
from ledger.domain.magic.commands import (
    COMMANDS,
    MakeMagicTest,
    RecordConsequences,
    UseSuperhumanAbility,
)
from ledger.domain.pipeline import run_command
from tests.unit.harness import ScriptedDice
from tests.unit.magic_helpers import campaign, cast, mage, run

GM = Actor(role="gm", token_id="tok_gm")
OWN = Actor(role="player", token_id="tok_own", character_id="chr_own")
OTHER = Actor(role="player", token_id="tok_other", character_id="chr_other")
OBSERVER = Actor(role="observer", token_id="tok_obs")
ACTING = {MakeMagicTest, UseSuperhumanAbility}


def build(command: type[Command], character_id: str = "chr_own", **fields: Any) -> Command:
    paths = {"character_id": character_id, "test_id": "mgt_1"}
    values = {**{k: paths[k] for k in command.path}, **command.example, **fields}
    return msgspec.convert(values, command)


def as_actor(actor: Actor) -> Context:
    return Context(ScriptedDice([]), actor=actor)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.__name__)
def test_magic_command_may_be_issued_by_the_gm_or_the_characters_player(
        command: type[Command]) -> None:
    state = campaign()
    extra: dict[str, Any] = {"consequences": []} if command is RecordConsequences else {}
    issued = build(command, **extra)
    issued.authorize(state, as_actor(GM))
    issued.authorize(state, as_actor(OWN))
    for refused in (OTHER, OBSERVER):
        with pytest.raises(Forbidden, match="Only the GM or this character's player"):
            issued.authorize(state, as_actor(refused))


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.__name__)
def test_magic_command_settles_only_when_it_is_the_characters_action(
        command: type[Command]) -> None:
    issued = build(command)
    assert issued.acting(campaign()) == ("chr_own" if command in ACTING else None)


def test_magic_test_auto_backlash_override_is_the_gms_alone() -> None:
    issued = build(MakeMagicTest, auto_backlash=0)
    issued.authorize(campaign(), as_actor(GM))
    with pytest.raises(Forbidden, match="override the automatic Backlash") as refused:
        issued.authorize(campaign(), as_actor(OWN))
    assert refused.value.rule == "auto-backlash-override-gm-only"


def test_record_consequences_chosen_by_a_player_is_refused_drawn_is_not() -> None:
    chosen = build(RecordConsequences)
    with pytest.raises(Forbidden) as refused:
        chosen.authorize(campaign(), as_actor(OWN))
    assert refused.value.rule == "consequence-choice-needs-gm"
    drawn = build(RecordConsequences, consequences=[{"description": "x", "drawn": True}])
    drawn.authorize(campaign(), as_actor(OWN))


def test_magic_test_refused_by_policy_records_nothing_not_even_its_settling() -> None:
    state = campaign()
    chid = mage(state)
    cast(state, chid, [1, 2, 3])  # a pending failure the Magic Test would settle first
    with pytest.raises(Forbidden):
        run_command(state, as_actor(OTHER), build(MakeMagicTest, chid))
    assert state.characters[chid].magic_tests.failure is not None
    assert run(state, build(MakeMagicTest, chid), [3, 4, 5])  # the GM's: settles, then tests
    assert state.characters[chid].magic_tests.failure is None
