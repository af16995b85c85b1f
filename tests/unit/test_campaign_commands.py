"""The campaign's own commands (ledger/domain/campaign_commands.py) and the token binding
rule (ledger/domain/token_rules.py): only the GM may change settings or move the clock; no
character acts in them, so they settle nobody, even with a failed Magic Test pending; a
player token names a character of the campaign, other tokens none."""

from __future__ import annotations

import typing
from typing import Any

import msgspec
import pytest

from ledger.domain.campaign import Settings, check_settings
from ledger.domain.campaign_commands import (
    CLOCK_ACTIONS,
    AdvanceClock,
    ChangeSettings,
    ClockActionName,
    MoveClock,
    StartNewDay,
)
from ledger.domain.clock import SessionStarted, SunMarked, TimeAdvanced
from ledger.domain.command import PUBLIC, READER, Command
from ledger.domain.context import Actor
from ledger.domain.errors import Forbidden, InvalidInput, NotFound
from ledger.domain.magic.test_events import MagicTestMade
from ledger.domain.token_rules import check_token_binding
from tests.unit.harness import context, run
from tests.unit.magic_helpers import campaign, cast, mage

COMMANDS: list[type[Command]] = [ChangeSettings, MoveClock, AdvanceClock, StartNewDay]
PLAYER = Actor(role="player", token_id="tok_p", character_id="chr_1")
OBSERVER = Actor(role="observer", token_id="tok_o")


def build(command: type[Command], **fields: Any) -> Command:
    return msgspec.convert({**command.example, "action": "sunrise", **fields}
                           if command is MoveClock else {**command.example, **fields}, command)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.__name__)
def test_campaign_command_is_the_gms_alone(command: type[Command]) -> None:
    state = campaign()
    issued = build(command)
    issued.authorize(state, context())
    for refused in (PLAYER, OBSERVER):
        with pytest.raises(Forbidden, match="Only the GM"):
            issued.authorize(state, context(actor=refused))


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.__name__)
def test_campaign_command_settles_nobody_even_with_a_failure_pending(
        command: type[Command]) -> None:
    state = campaign()
    chid = mage(state)
    failed = cast(state, chid, [1, 2, 3])  # 6 + 3 against TN 10: a pending failure
    assert not [e for e in failed if isinstance(e, MagicTestMade) and e.success]
    assert build(command).acting(state) is None
    run(state, build(command))
    assert state.characters[chid].magic_tests.failure is not None  # not accepted by the clock


def test_clock_action_in_the_url_decides_that_action() -> None:
    state = campaign()
    assert set(CLOCK_ACTIONS) == set(typing.get_args(ClockActionName))
    assert [type(e) for e in run(state, build(MoveClock, action="start-session"))] == \
        [SessionStarted]
    assert [type(e) for e in run(state, build(MoveClock, action="sunset"))] == [SunMarked]


def test_advance_clock_moves_game_time_forward() -> None:
    state = campaign()
    [advanced] = run(state, build(AdvanceClock, minutes=90))
    assert isinstance(advanced, TimeAdvanced)
    assert (advanced.before, advanced.after, state.clock.minutes) == (0, 90, 90)


def test_reader_and_public_policies_let_any_caller_through() -> None:
    state = campaign()
    for policy in (READER, PUBLIC):
        for actor in (PLAYER, OBSERVER, Actor(role="anonymous")):
            policy.check(None, actor, state)


def test_token_binding_a_player_token_needs_a_character_of_the_campaign() -> None:
    state = campaign()
    chid = mage(state)
    check_token_binding(state, "player", chid)
    with pytest.raises(InvalidInput) as missing:
        check_token_binding(state, "player", None)
    assert (missing.value.rule, missing.value.field) == ("player-needs-character",
                                                         "character_id")
    with pytest.raises(NotFound) as unknown:
        check_token_binding(state, "player", "chr_nobody")
    assert unknown.value.rule == "character-not-found"


def test_token_binding_gm_and_observer_tokens_name_no_character() -> None:
    state = campaign()
    chid = mage(state)
    for role in ("gm", "observer"):
        check_token_binding(state, role, None)
        with pytest.raises(InvalidInput) as named:
            check_token_binding(state, role, chid)
        assert (named.value.rule, named.value.field) == ("character-only-for-players",
                                                         "character_id")


@pytest.mark.parametrize(("changes", "field"), [
    ({"helpless_points": -5}, "settings.helpless_points"),  # 000: Helpless is "4 or 7"
    ({"helpless_points": 5}, "settings.helpless_points"),
    ({"max_dice_per_roll": -1}, "settings.max_dice_per_roll"),  # then every roll refused
    ({"max_dice_per_roll": 0}, "settings.max_dice_per_roll"),
])
def test_settings_out_of_their_range_are_refused_naming_the_setting(
        changes: dict[str, Any], field: str) -> None:
    """An outside attack created a campaign whose every notation roll then answered
    "at most -1 dice in one roll"."""
    with pytest.raises(InvalidInput) as refused:
        check_settings(Settings(), changes)
    assert (refused.value.rule, refused.value.field) == ("setting-out-of-range", field)
    assert check_settings(Settings(), {"helpless_points": 7}).helpless_points == 7


def test_a_setting_of_the_wrong_type_names_the_setting_by_its_dotted_path() -> None:
    with pytest.raises(InvalidInput) as refused:
        check_settings(Settings(), {"round_seconds": 0})
    assert (refused.value.rule, refused.value.field) == ("setting-type", "settings.round_seconds")


@pytest.mark.parametrize(("changes", "field"), [
    ({"initiative_ability": "Nonsense"}, "settings.initiative_ability"),
    ({"mana_recovery": "new-day"}, "settings.mana_recovery_amount"),
    ({"mana_recovery_amount": 1_000_001}, "settings.mana_recovery_amount"),
])
def test_every_settings_refusal_names_the_setting(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        check_settings(Settings(), changes)
    assert refused.value.field == field
