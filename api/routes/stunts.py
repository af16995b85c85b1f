"""Bonds and the group Stunt Pool (rules: ledger/domain/stunts/rules.py; docs/rules/stunt-pool.md)."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth
from api.answers import json_response, write
from api.schemas import AtQuery
from api.schemas_stunts import BondIn, MembersIn, PoolUseIn
from api.timetravel import state_for
from api.voids import at_fields
from ledger.domain.stunts import rules as stunts

blp = Blueprint("stunts", __name__, url_prefix="/v1/campaigns/<campaign_id>",
                description="Bonds and the group Stunt Pool")


@blp.route("/bonds", methods=["POST"])
@blp.arguments(BondIn)
def record_bond(body: dict[str, Any], campaign_id: str) -> Response:
    """Record character `a`'s Bond toward `b` with its rank; only the GM changes one.

    Our reading: a Bond is a's Relationship toward b (b's toward a is another Bond).
    The GM or a's player records a new Bond (rank at least 1); a change to an
    existing Bond, rank 0 ending it, is the GM's (403 `bond-change-by-gm`).
    Answers the Stunt Pool summary.
    """
    auth.require_writer(campaign_id)
    return write(campaign_id, stunts.record_bond(body["a"], body["b"], body["rank"]),
                 view=stunts.summary, status=201)


@blp.route("/stunt-pool/members", methods=["PUT"])
@blp.arguments(MembersIn)
def set_members(body: dict[str, Any], campaign_id: str) -> Response:
    """Name the group's members (GM); `null` means every living character.

    Our reading: the group is every living character of the campaign by default;
    a campaign that records non-player characters names its group here.
    """
    auth.require_gm(campaign_id)
    return write(campaign_id, stunts.set_members(body["members"]), view=stunts.summary)


@blp.route("/stunt-pool/contribute", methods=["POST"])
@blp.arguments(PoolUseIn)
def contribute(body: dict[str, Any], campaign_id: str) -> Response:
    """Place SP that a successful active roll generated into the group's pool.

    `roll_position` is the position of the Rolled event: an AGE test of this session,
    successful and active (never a reaction or resistance roll), recorded while the
    pool was open. At most the SP it generated, and once per roll (our model of "one
    test per turn generates SP": the ledger tracks no turns). The GM or the roll's
    player only (403). No pool this session: 409 `no-stunt-pool`.
    """
    auth.require_writer(campaign_id)
    return write(campaign_id, stunts.contribute(body["roll_position"], body["sp"]),
                 view=stunts.summary)


@blp.route("/stunt-pool/spend", methods=["POST"])
@blp.arguments(PoolUseIn)
def spend(body: dict[str, Any], campaign_id: str) -> Response:
    """Spend pool SP on a successful active roll: added to its SP, or without doubles.

    The roll at `roll_position` must be a successful active AGE test of this session.
    Spending more than the pool holds is a 409 (`stunt-pool-exhausted`). The GM or
    the roll's player only (403).
    """
    auth.require_writer(campaign_id)
    return write(campaign_id, stunts.spend(body["roll_position"], body["sp"]),
                 view=stunts.summary)


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
