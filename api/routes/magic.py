"""Mana Noir Magic Tests and the Backlash bank.

The rules live in ledger/domain/magic/ (test, failure, resistance, backlash, permanent,
consequence_roll, consequences, harm); docs/rules/magic-test.md lists each rule
and our readings. Every command records all it causes under one correlation id
and answers `{magic, position, events, state}`, where `magic` shows Mana,
Backlash, what is owed and the pending decisions with the commands that resolve
them. The commands, their policies and which of them settle first are declared in
ledger/domain/magic/commands.py; each line below registers one of them.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth
from api.answers import json_response
from api.contract import INT, NULL_STR, STR, SUCCESS, at, obj, ref
from api.contract import write as write_schema
from api.registry import AnswerShape, register
from api.schemas import AtQuery
from api.timetravel import character_for
from api.voids import at_fields
from ledger.domain.magic import test
from ledger.domain.magic.commands import (
    AcceptMagicTestFailure,
    BankBacklash,
    DrawConsequence,
    FixMagicTest,
    MakeMagicTest,
    RecordConsequences,
    RollForConsequences,
    UseSuperhumanAbility,
)
from ledger.domain.magic.pending import magic_summary
from ledger.domain.magic.resistance import FACTORS
from ledger.service.views import character_view, magic_extras

blp = Blueprint("magic", __name__, url_prefix="/v1/campaigns/<campaign_id>",
                description="Mana Noir Magic Tests, Backlash, Consequences")


NULL_INT = {"type": ["integer", "null"]}
STRS = {"type": "array", "items": STR}
# One pending decision (ledger/domain/magic/pending.py): `kind` says which of the other keys it has.
PENDING = obj(("kind", "commands"), kind={"type": "string", "enum": [
    "magic-test-failure", "consequence-roll-owed", "bank-or-roll", "consequences",
    "confused-test-owed", "fatigue-test-owed"]},
    commands=STRS, test_id=STR, tn=INT, total=INT, fix_needs=INT, accept_costs=INT, rolls=INT,
    reasons=STRS, blocks_magic_tests={"type": "boolean"}, gained=INT, amount=NULL_INT,
    remaining=NULL_INT, drawn={"anyOf": [ref("Drawn"), {"type": "null"}]},
    ability=STR, focus=STR, encounter_id=STR, round=INT, rounds=INT)
MAGIC = obj(("character_id", "magic_ability", "mana", "backlash", "over_mana", "owed",
             "carried", "pending"),
            character_id=STR, magic_ability=NULL_STR, mana=ref("Pool"),
            backlash=obj(("temporary", "permanent", "total", "permanent_sources", "harm"),
                         temporary=INT, permanent=INT, total=INT,
                         permanent_sources={"type": "array", "items": STR},
                         harm=INT),
            over_mana={"type": "boolean"}, owed={"type": "array", "items": ref("OwedRoll")},
            carried=INT, pending={"type": "array", "items": PENDING})
SUCCESS["magic.summary"] = (200, at(magic=MAGIC))
ANSWER = AnswerShape(write_schema(ref("Character"), magic=MAGIC, magic_test=ref("MagicTestMade")),
                     view=lambda command: character_view(command.character_id),
                     extras=lambda command: magic_extras(command.character_id))

CH = "/characters/<character_id>"
register(blp, "POST", CH + "/magic-tests", MakeMagicTest, answer=ANSWER, status=201)
register(blp, "POST", CH + "/magic-tests/<test_id>/fix", FixMagicTest, answer=ANSWER)
register(blp, "POST", CH + "/magic-tests/<test_id>/accept", AcceptMagicTestFailure,
         answer=ANSWER)
register(blp, "POST", CH + "/backlash/bank", BankBacklash, answer=ANSWER)
register(blp, "POST", CH + "/backlash/consequence-roll", RollForConsequences, answer=ANSWER)
register(blp, "POST", CH + "/backlash/consequences/draw", DrawConsequence, answer=ANSWER)
register(blp, "POST", CH + "/backlash/consequences", RecordConsequences, answer=ANSWER)
register(blp, "POST", CH + "/backlash/superhuman", UseSuperhumanAbility, answer=ANSWER)


@blp.route("/characters/<character_id>/magic", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def summary(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Mana, Backlash (temporary, permanent, total), what is owed and pending, at `?at=`."""
    auth.require_reader(campaign_id)
    state, character = character_for(campaign_id, character_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state), "magic": magic_summary(character)})


@blp.route("/magic/resistance-factors", methods=["GET"])
def resistance_factors(campaign_id: str) -> Response:
    """The named Resistance factors of the rules with their values, and the careful options."""
    auth.require_reader(campaign_id)
    return json_response({"resistance_factors": FACTORS, "careful": list(test.CAREFUL)})
