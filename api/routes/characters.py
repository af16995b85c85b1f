"""Characters: sheets, rolls, resources, corrections and death.

The commands, their policies and which of them settle first are declared in
ledger/domain/character_commands.py, ledger/domain/resource_commands.py and
ledger/domain/rolls/commands.py; each line
below registers one of them.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint
from marshmallow import Schema

from api import auth, schemas
from api.answers import json_response
from api.contract import ref
from api.contract import write as write_schema
from api.registry import AnswerShape, register
from api.runtime import ledger
from api.struct_schema import Bounds, LateRequiredInt, QueryInt
from api.timetravel import character_for, state_for
from api.voids import at_fields
from ledger.domain.character_answer import character_answer
from ledger.domain.character_commands import (
    CorrectCharacter,
    RecordDeath,
    RegisterCharacter,
    UpdateSheet,
)
from ledger.domain.encounters.dying_commands import GiveFirstAid, RollDyingTest
from ledger.domain.encounters.owed_commands import RollOwedTest
from ledger.domain.encounters.talent_commands import AvoidDamage, SpendConvictionForAlly
from ledger.domain.encounters.timed_commands import FreeFromSnare
from ledger.domain.errors import InvalidInput
from ledger.domain.resource_commands import (
    DamageHealth,
    GainConviction,
    GainMana,
    HealHealth,
    SpendConviction,
    SpendMana,
)
from ledger.domain.rolls.commands import Roll
from ledger.domain.talent_uses.commands import (
    AvoidBacklash,
    RerollRitual,
    RerollSpiritsTest,
    TradeForAlly,
)
from ledger.service import fork_compare
from ledger.service.views import character_view, newest_character

blp = Blueprint("characters", __name__, url_prefix="/v1/campaigns/<campaign_id>/characters",
                description="Characters, their rolls and resources")


REGISTERED = AnswerShape(write_schema(ref("Character")), view=lambda command: newest_character)
CHARACTER = AnswerShape(write_schema(ref("Character")),
                        view=lambda command: character_view(command.character_id))
register(blp, "POST", "", RegisterCharacter, answer=REGISTERED, status=201)
register(blp, "PATCH", "/<character_id>", UpdateSheet, answer=CHARACTER)
register(blp, "POST", "/<character_id>/corrections", CorrectCharacter, answer=CHARACTER)
register(blp, "POST", "/<character_id>/death", RecordDeath, answer=CHARACTER)
register(blp, "POST", "/<character_id>/mana/spend", SpendMana, answer=CHARACTER)
register(blp, "POST", "/<character_id>/mana/gain", GainMana, answer=CHARACTER)
register(blp, "POST", "/<character_id>/conviction/spend", SpendConviction, answer=CHARACTER)
register(blp, "POST", "/<character_id>/conviction/gain", GainConviction, answer=CHARACTER)
register(blp, "POST", "/<character_id>/health/damage", DamageHealth, answer=CHARACTER)
register(blp, "POST", "/<character_id>/health/heal", HealHealth, answer=CHARACTER)
register(blp, "POST", "/<character_id>/health/avoid-damage", AvoidDamage, answer=CHARACTER)
register(blp, "POST", "/<character_id>/dying/test", RollDyingTest, answer=CHARACTER,
         status=201)
register(blp, "POST", "/<character_id>/first-aid", GiveFirstAid, answer=CHARACTER)
register(blp, "POST", "/<character_id>/conviction/spend-for-ally", SpendConvictionForAlly,
         answer=CHARACTER)
register(blp, "POST", "/<character_id>/rolls", Roll, answer=CHARACTER, status=201)
register(blp, "POST", "/<character_id>/owed-tests/<test_id>/roll", RollOwedTest,
         answer=CHARACTER)
register(blp, "POST", "/<character_id>/snares/<spirit_id>/free", FreeFromSnare,
         answer=CHARACTER)
register(blp, "POST", "/<character_id>/rolls/reroll-ritual", RerollRitual, answer=CHARACTER,
         status=201)
register(blp, "POST", "/<character_id>/rolls/reroll-spirits", RerollSpiritsTest,
         answer=CHARACTER, status=201)
register(blp, "POST", "/<character_id>/talents/leader-trade", TradeForAlly, answer=CHARACTER)
register(blp, "POST", "/<character_id>/backlash/avoid", AvoidBacklash, answer=CHARACTER)


@blp.route("", methods=["GET"])
@blp.arguments(schemas.AtQuery, location="query")
def list_characters(query: dict[str, Any], campaign_id: str) -> Response:
    """Every character, at the head or `?at=`."""
    auth.require_reader(campaign_id)
    state = state_for(campaign_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state),
                          "characters": [character_answer(c) for c in state.characters.values()]})


@blp.route("/<character_id>", methods=["GET"])
@blp.arguments(schemas.AtQuery, location="query")
def get_character(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """One character's state, at the head or `?at=`."""
    auth.require_reader(campaign_id)
    state, character = character_for(campaign_id, character_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state), "character": character_answer(character)})


class CompareQuery(Schema):
    # Required, but checked after the caller (a stranger learns nothing from a 422).
    origin_at = LateRequiredInt(validate=Bounds(min=1, max=schemas.MAX_POSITION))
    fork_at = QueryInt(load_default=None,
                             validate=Bounds(min=1, max=schemas.MAX_POSITION))


@blp.route("/<character_id>/compare", methods=["GET"])
@blp.arguments(CompareQuery, location="query")
def compare_character(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """A fork's character beside the origin's (docs/forks.md): the origin at `origin_at`,
    the fork at `fork_at` (default its head), both canon, and the `changes` from the origin's
    side to the fork's. The fork's GM only: the origin's positions after the fork point
    are the origin's later history. A campaign that is no fork is 422 `not-a-fork`."""
    auth.require_gm(campaign_id)
    if "origin_at" not in query:
        raise InvalidInput("field-required", "origin_at is required", field="origin_at")
    return json_response(fork_compare.compare_character(
        ledger(), campaign_id, character_id, query["origin_at"], query["fork_at"]))
