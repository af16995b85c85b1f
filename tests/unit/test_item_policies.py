"""Who may give the item commands (ledger/domain/items/commands.py) and who acts.

Registering, damaging, repairing and handing over: the GM, and nobody acts (the item is
acted on). Trust test, identify, link, unlink naming `character`: the GM or that
character's player, who acts and is settled first; an unlink without `character` is the
GM's and settles nobody. Maintenance: any writer, nobody acts. A refused command records
nothing, its settling included.
"""

from __future__ import annotations

import pytest

from ledger.domain.clock import start_scene, start_session
from ledger.domain.command import Command
from ledger.domain.context import Actor
from ledger.domain.errors import DomainError, Forbidden
from ledger.domain.items.commands import (
    DamageItem,
    HandOverItem,
    IdentifyItem,
    LinkItem,
    MaintainFirearm,
    RegisterItem,
    RepairItem,
    TrustTest,
    UnlinkItem,
)
from ledger.domain.items.objects import ItemRegistered
from ledger.domain.items.register_command import Material
from ledger.domain.magic.test_events import MagicTestFailureAccepted
from ledger.domain.state import CampaignState
from tests.unit.harness import GM, context, player, run
from tests.unit.magic_helpers import campaign, cast, mage, of_type

FAIL_BY_3 = [1, 2, 3]  # 6 + Willpower 3 = 9 against TN 12
OBSERVER = Actor(role="observer", token_id="tok_obs")
CASTER = {"skills": {"cast": 1}, "modifiers": {"int": 1, "con": 0}, "edges": ["Spellcaster"],
          "strain": {"current": 0, "permanent": 0, "max": 12}}


def register(state: CampaignState, name: str = "Wand", kind: str = "wand", *,
             magical: bool = False, holder: str | None = None) -> str:
    (event,) = run(state, RegisterItem(name=name, kind=kind, magical=magical, holder=holder,
                                       materials=[Material(name="hardwood")]))
    assert isinstance(event, ItemRegistered)
    return event.item.id


def table() -> tuple[CampaignState, str, str, str]:
    """Mara (her failed Magic Test pending) holding a magic wand, and Ivo; a scene is open."""
    state = campaign()
    mara = mage(state, **CASTER)
    ivo = mage(state, name="Ivo", **CASTER)
    run(state, start_session)
    run(state, start_scene)
    wand = register(state, magical=True, holder=mara)
    cast(state, mara, FAIL_BY_3)
    assert state.characters[mara].magic_tests.failure is not None
    return state, mara, ivo, wand


def gm_commands(item_id: str, mara: str) -> list[Command]:
    return [RegisterItem(name="Staff", kind="staff", materials=[Material(name="wood")]),
            DamageItem(item_id=item_id, amount=20), RepairItem(item_id=item_id,
                                                               threshold_successes=1),
            HandOverItem(item_id=item_id, holder=mara)]


def user_commands(item_id: str, who: str) -> list[Command]:
    return [TrustTest(item_id=item_id, character=who), IdentifyItem(item_id=item_id,
                                                                     character=who),
            LinkItem(item_id=item_id, character=who), UnlinkItem(item_id=item_id,
                                                                  character=who)]


def test_registering_damaging_repairing_and_handing_over_are_the_gm_s_and_nobody_s_action(
) -> None:
    state, mara, _ivo, wand = table()
    for command in gm_commands(wand, mara):
        command.authorize(state, context(actor=GM))
        with pytest.raises(Forbidden, match="Only the GM may do this"):
            command.authorize(state, context(actor=player(mara)))
        assert command.acting(state) is None


def test_an_item_user_s_command_is_the_gm_s_or_that_user_s_player_s_and_their_action() -> None:
    state, mara, ivo, wand = table()
    for command in user_commands(wand, mara):
        command.authorize(state, context(actor=GM))
        command.authorize(state, context(actor=player(mara)))
        with pytest.raises(Forbidden, match="Only the GM or this character's player"):
            command.authorize(state, context(actor=player(ivo)))
        with pytest.raises(Forbidden):
            command.authorize(state, context(actor=OBSERVER))
        assert command.acting(state) == mara


def test_an_unlink_naming_no_user_is_the_gm_s_and_settles_nobody() -> None:
    state, mara, _ivo, wand = table()
    unlink = UnlinkItem(item_id=wand)
    unlink.authorize(state, context(actor=GM))
    with pytest.raises(Forbidden, match="Only the GM may do this") as refused:
        unlink.authorize(state, context(actor=player(mara)))
    assert refused.value.rule == "gm-only"
    assert unlink.acting(state) is None


def test_maintaining_a_firearm_is_any_writer_s_and_nobody_s_action() -> None:
    state, mara, ivo, wand = table()
    MaintainFirearm(item_id=wand).authorize(state, context(actor=player(ivo)))
    maintain = MaintainFirearm(item_id=wand, character=mara)
    maintain.authorize(state, context(actor=player(mara)))
    with pytest.raises(Forbidden, match="only their own character"):
        maintain.authorize(state, context(actor=player(ivo)))  # crediting another
    with pytest.raises(Forbidden, match="Observers"):
        maintain.authorize(state, context(actor=OBSERVER))
    assert maintain.acting(state) is None


def test_identifying_an_item_settles_its_user_first() -> None:
    state, mara, _ivo, wand = table()
    events = run(state, IdentifyItem(item_id=wand, character=mara), context(actor=player(mara)))
    assert of_type(events, MagicTestFailureAccepted) != []
    assert state.characters[mara].magic_tests.failure is None


def test_damage_to_a_held_item_by_the_gm_settles_nobody() -> None:
    state, mara, _ivo, wand = table()
    for command in (DamageItem(item_id=wand, amount=20),
                    HandOverItem(item_id=wand, holder=None)):
        assert of_type(run(state, command), MagicTestFailureAccepted) == []
    assert state.characters[mara].magic_tests.failure is not None


def test_another_character_s_item_action_does_not_settle_the_holder() -> None:
    state, mara, ivo, wand = table()
    events = run(state, LinkItem(item_id=wand, character=ivo), context(actor=player(ivo)))
    assert of_type(events, MagicTestFailureAccepted) == []
    assert state.characters[mara].magic_tests.failure is not None


def test_a_refused_item_action_records_nothing_not_even_its_settling() -> None:
    state, mara, ivo, wand = table()
    staff = register(state, name="Staff", kind="staff")  # not magical
    position = state.position
    with pytest.raises(DomainError, match="magic"):
        run(state, IdentifyItem(item_id=staff, character=mara))
    with pytest.raises(DomainError):  # not a firearm
        run(state, TrustTest(item_id=wand, character=mara))
    with pytest.raises(Forbidden):  # Ivo's player may not link Mara
        run(state, LinkItem(item_id=wand, character=mara), context(actor=player(ivo)))
    assert state.position == position
    assert state.characters[mara].magic_tests.failure is not None
