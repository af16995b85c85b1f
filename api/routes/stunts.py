"""Bonds and the group Stunt Pool (rules: ledger/domain/stunts/rules.py; docs/rules/stunt-pool.md).

The commands, with their policies, are declared in ledger/domain/stunts/commands.py; each
registration line below binds one to its path."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth
from api.answers import json_response
from api.contract import ref
from api.contract import write as write_schema
from api.registry import AnswerShape, register
from api.schemas import AtQuery
from api.timetravel import state_for
from api.voids import at_fields
from ledger.domain.stunts import rules as stunts
from ledger.domain.stunts.commands import (
    ContributeStuntPoints,
    NameStuntPoolMembers,
    RecordBond,
    SpendStuntPoints,
)
from ledger.domain.stunts.spending_commands import (
    MakeAttack,
    ResistStunt,
    SpendRollStuntPoints,
    TryLockEscape,
)

blp = Blueprint("stunts", __name__, url_prefix="/v1/campaigns/<campaign_id>",
                description="Bonds and the group Stunt Pool")


# The write's state is the pool summary (ledger/domain/stunts/rules.py `summary`).
ANSWER = AnswerShape(write_schema(ref("PoolSummary")), view=lambda command: stunts.summary)
register(blp, "POST", "/bonds", RecordBond, answer=ANSWER, status=201)
register(blp, "PUT", "/stunt-pool/members", NameStuntPoolMembers, answer=ANSWER)
register(blp, "POST", "/stunt-pool/contribute", ContributeStuntPoints, answer=ANSWER)
register(blp, "POST", "/stunt-pool/spend", SpendStuntPoints, answer=ANSWER)

# Spending a roll's SP: the answer's state is what stunts left in play (StuntSpending).
SPENDING = AnswerShape(write_schema(ref("StuntSpending")),
                       view=lambda command: lambda state: state.stunt_spending)
register(blp, "POST", "/stunts/spend", SpendRollStuntPoints, answer=SPENDING, status=201)
register(blp, "POST", "/characters/<character_id>/attacks", MakeAttack, answer=SPENDING,
         status=201)
register(blp, "POST", "/stunts/resist", ResistStunt, answer=SPENDING, status=201)
register(blp, "POST", "/stunts/escape", TryLockEscape, answer=SPENDING, status=201)


@blp.route("/stunt-pool", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def get_pool(query: dict[str, Any], campaign_id: str) -> Response:
    """The pool: whether it exists, its SP and base, members, Bonds and this session's rolls.

    The pool exists once every member has a Bond of at least 1 rank toward another
    member; its base is 1 SP per rank of the Bonds between members. It is set to its
    base at session start (Bonds changed mid-session count from the next session)
    and returns to its base at session end. `?at=` shows it as it was then.
    """
    auth.require_reader(campaign_id)
    state = state_for(campaign_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state), "stunt_pool": stunts.summary(state)})


@blp.route("/stunts", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def get_stunts(query: dict[str, Any], campaign_id: str) -> Response:
    """Stunt Points spent from rolls: each roll's budget and stunts, attacks, the Locks held,
    and the rolls stunts offered their targets. `?at=` shows them as they were then."""
    auth.require_reader(campaign_id)
    state = state_for(campaign_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state), "stunts": state.stunt_spending})
