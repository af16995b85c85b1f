"""Campaigns, settings, the clock, whole-campaign state and the event list."""

from __future__ import annotations

import hmac
from typing import Any

from flask import Response, current_app, request
from flask_smorest import Blueprint

from api import auth, schemas
from api.answers import json_response, write, write_creation
from api.errors import ApiError
from api.read_route import read_from
from api.runtime import ledger
from api.timetravel import state_for
from api.voids import event_with_void, page, voided_field
from ledger.domain import campaign, clock
from ledger.domain.decision import Decide
from ledger.domain.event_names import event_types
from ledger.domain.record import Record
from ledger.service.ledger import CreateCampaign, Ledger, Outcome

blp = Blueprint("campaigns", __name__, url_prefix="/v1/campaigns",
                description="Campaigns, rule settings, the game clock and history")


@blp.route("", methods=["POST"])
@blp.arguments(schemas.CampaignCreate)
@blp.doc(security=[{"bearer": []}, {}])
def create(body: dict[str, Any]) -> Response:
    """Create a campaign; answers its id and the GM's token (shown once)."""
    admin: str | None = current_app.config["LEDGER"].admin_token
    sent = request.headers.get("Authorization", "")
    if admin is not None and not hmac.compare_digest(sent.encode(), f"Bearer {admin}".encode()):
        raise ApiError(401, "admin-token-required", "Creating campaigns needs the admin token.")

    def extra(outcome: Outcome) -> dict[str, Any]:
        return {"id": outcome.campaign_id, "gm_token_id": outcome.tokens[0].id, "gm_token": None}

    def fill(body: dict[str, Any]) -> dict[str, Any]:
        # The token's secret is never stored with the answer; it is derived again.
        return body | {"gm_token": ledger().box.token_secret(body["gm_token_id"])}

    # One command: its transaction records CampaignCreated and writes the GM token.
    response = write_creation(CreateCampaign(name=body["name"], settings=body["settings"]),
                              view=summary, extra=extra, replay_fix=fill)
    if response.headers.get("Idempotent-Replayed"):
        return response
    data = response.get_json()
    return json_response(fill(data), 201, {"Location": f"/v1/campaigns/{data['id']}"})


def summary(state: Any) -> dict[str, Any]:
    return {"id": state.id, "name": state.name, "settings": state.settings, "clock": state.clock,
            "position": state.position, "head_hash": state.head_hash,
            "dice": {"epoch": state.dice_epoch, "commitment": state.dice_commitment}}


@blp.route("/<campaign_id>")
def get_campaign(campaign_id: str) -> Response:
    """Name, settings, clock, head position and head hash."""
    auth.require_reader(campaign_id)
    return json_response(summary(ledger().state(campaign_id)))


@blp.route("/<campaign_id>/settings", methods=["PATCH"])
@blp.arguments(schemas.SettingsPatch)
def patch_settings(body: dict[str, Any], campaign_id: str) -> Response:
    """Change rule settings (GM). Each change is a SettingsChanged event."""
    auth.require_gm(campaign_id)
    return write(campaign_id, campaign.change_settings(body["settings"]), view=summary)


# Clock actions that take no body; `advance` and `new-day` have their own routes.
CLOCK_ACTIONS: dict[str, Decide] = {
    "start-session": clock.start_session,
    "end-session": clock.end_session,
    "start-scene": clock.start_scene,
    "end-scene": clock.end_scene,
    "sunrise": clock.mark_sun("sunrise"),
    "sunset": clock.mark_sun("sunset"),
}


@blp.route("/<campaign_id>/clock/<any('start-session','end-session','start-scene','end-scene',"
           "'sunrise','sunset'):action>", methods=["POST"])
def clock_action(campaign_id: str, action: str) -> Response:
    """Move the game clock (GM): sessions, scenes, sunrise and sunset."""
    auth.require_gm(campaign_id)
    _no_body()
    return write(campaign_id, CLOCK_ACTIONS[action], view=summary)


@blp.route("/<campaign_id>/clock/advance", methods=["POST"])
@blp.arguments(schemas.Advance)
def clock_advance(body: dict[str, Any], campaign_id: str) -> Response:
    """Advance game time by some minutes (GM)."""
    auth.require_gm(campaign_id)
    return write(campaign_id, clock.advance(body["minutes"]), view=summary)


@blp.route("/<campaign_id>/clock/new-day", methods=["POST"])
@blp.arguments(schemas.NewDay)
def clock_new_day(body: dict[str, Any], campaign_id: str) -> Response:
    """Start a new day (GM), recording which characters rested."""
    auth.require_gm(campaign_id)
    return write(campaign_id, clock.new_day(body["rested"]), view=summary)


def _no_body() -> None:
    data = request.get_data()
    if data.strip() and data.strip() not in (b"{}", b"null"):
        raise ApiError(422, "schema-validation", "This action takes no body.",
                       errors={"body": ["must be empty"]})


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
    types = event_types([t for t in (query["type"] or "").split(",") if t], "type")

    def answer(led: Ledger) -> dict[str, Any]:
        head = led.state(campaign_id)  # 404 for an unknown campaign; voids as of this head

        def read(after: int, limit: int) -> list[Record]:
            return led.store.read_filtered(
                campaign_id, after=after, limit=limit, upto=head.position,
                character=query["character"], types=types, session=query["session"],
                scene=query["scene"])

        def keep(r: Record) -> bool:
            return query["view"] == "recorded" or head.rewind.voided_by(r.position) is None

        records, cursor = page(read, keep, query["after"], query["limit"])
        return {"events": [event_with_void(r, head.rewind) for r in records], "next": cursor}

    # A replica's head when one holds what the client saw (Ledger-Min-Position).
    return json_response(read_from(campaign_id, answer))
