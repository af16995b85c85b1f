"""Campaigns, settings, the clock, whole-campaign state and the event list."""

from __future__ import annotations

import hmac
from typing import Any

from flask import Response, current_app, request
from flask_smorest import Blueprint

from api import auth, contract, schemas
from api.answers import json_response, write_creation, write_fork
from api.contract import STR, ref
from api.errors import ApiError
from api.read_route import read_from
from api.registry import AnswerShape, register
from api.runtime import ledger
from api.timetravel import state_for
from api.voids import event_with_void, page, voided_field
from ledger.domain.campaign_commands import AdvanceClock, ChangeSettings, MoveClock, StartNewDay
from ledger.domain.event_names import type_filter
from ledger.domain.record import Record
from ledger.service.creation import CreateCampaign
from ledger.service.forking import ForkCampaign
from ledger.service.ledger import Ledger
from ledger.service.views import campaign_summary

blp = Blueprint("campaigns", __name__, url_prefix="/v1/campaigns",
                description="Campaigns, rule settings, the game clock and history")


def _require_admin(sent: str, what: str) -> None:
    # Authentication of the operator: who may start a campaign at all.
    admin: str | None = current_app.config["LEDGER"].admin_token
    if admin is not None and not hmac.compare_digest(sent.encode(), admin.encode()):
        raise ApiError(401, "admin-token-required", f"{what} needs the admin token.")


def _create(command: CreateCampaign, _params: dict[str, str]) -> Response:
    # The policy itself is public: the admin token alone decides.
    sent = request.headers.get("Authorization", "")
    _require_admin(sent.removeprefix("Bearer ") if sent.startswith("Bearer ") else "\0",
                   "Creating campaigns")
    return write_creation(command)


def _fork(command: ForkCampaign, params: dict[str, str]) -> Response:
    # The bearer is the origin's GM token (the command's policy); the admin token, when
    # the server sets one, comes in its own header. 401 without a token, 404 for a token
    # of another campaign, before anything else.
    auth.authenticate(params["campaign_id"])
    _require_admin(request.headers.get("X-Admin-Token", "\0"), "Forking a campaign")
    return write_fork(params["campaign_id"], command)


CREATED = AnswerShape(contract.write(ref("CampaignSummary"), gm_token=STR, gm_token_id=STR))
register(blp, "POST", "", CreateCampaign, answer=CREATED, status=201, run=_create,
         doc={"security": [{"bearer": []}, {}]})
register(blp, "POST", "/<campaign_id>/fork", ForkCampaign, answer=CREATED, status=201,
         run=_fork)


@blp.route("/<campaign_id>")
def get_campaign(campaign_id: str) -> Response:
    """Name, settings, clock, head position and head hash."""
    auth.require_reader(campaign_id)
    state = ledger().state(campaign_id)
    return json_response({"position": state.position, "campaign": campaign_summary(state)})


# Settings and clock commands: their answer's `campaign` is the campaign summary.
SUMMARY = AnswerShape(contract.write(ref("CampaignSummary")), view=lambda _: campaign_summary)
C = "/<campaign_id>"
register(blp, "PATCH", C + "/settings", ChangeSettings, answer=SUMMARY)
register(blp, "POST", C + "/clock/<any('start-session','end-session','start-scene','end-scene',"
         "'sunrise','sunset'):action>", MoveClock, answer=SUMMARY)
register(blp, "POST", C + "/clock/advance", AdvanceClock, answer=SUMMARY)
register(blp, "POST", C + "/clock/new-day", StartNewDay, answer=SUMMARY)


@blp.route("/<campaign_id>/state")
@blp.arguments(schemas.AtQuery, location="query")
def campaign_state(query: dict[str, Any], campaign_id: str) -> Response:
    """The whole campaign at the head or `?at=` a position or time (`view=canon` drops voided)."""
    auth.require_reader(campaign_id)
    state = state_for(campaign_id, query["at"], query["view"])
    return json_response({"position": state.position, "view": query["view"],
                          "voided": voided_field(campaign_id, state), "state": state})


@blp.route("/<campaign_id>/events")
@blp.arguments(schemas.EventsQuery, location="query")
def events(query: dict[str, Any], campaign_id: str) -> Response:
    """The events after a position, filtered; `next` is the cursor for the following page.

    Each event's `voided_by` is the position of the rewind that voided it, or null;
    `view=canon` leaves voided events out (pages still end at `next`)."""
    auth.require_reader(campaign_id)
    types = type_filter(query["type"])

    def answer(led: Ledger) -> dict[str, Any]:
        head = led.state(campaign_id)  # 404 for an unknown campaign; voids as of this head

        def read(after: int, limit: int) -> list[Record]:
            return led.store.read_filtered(
                campaign_id, after=after, limit=limit, upto=head.position,
                character=query["character_id"], types=types, session=query["session"],
                scene=query["scene"])

        def keep(r: Record) -> bool:
            return query["view"] == "recorded" or head.rewind.voided_by(r.position) is None

        records, cursor = page(read, keep, query["after"], query["limit"])
        return {"position": head.position, "next": cursor,
                "events": [event_with_void(r, head.rewind) for r in records]}

    # A replica's head when one holds what the client saw (Ledger-Min-Position).
    return json_response(read_from(campaign_id, answer))
