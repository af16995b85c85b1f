"""`?at=` on reads: a position, or an RFC 3339 time mapped to the last position at or before it."""

from __future__ import annotations

from datetime import UTC, datetime

from api.errors import ApiError
from api.runtime import ledger
from api.schemas import MAX_POSITION
from ledger.domain.state import CampaignState, Character


def resolve_position(campaign_id: str, at: str) -> int:
    if at.isascii() and at.isdigit():  # str.isdigit() also takes "²", which int() refuses
        if int(at) > MAX_POSITION:
            raise ApiError(422, "position-out-of-range", f"Positions go up to {MAX_POSITION}.",
                           errors={"at": ["no such position"]})
        return int(at)
    try:
        moment = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        raise ApiError(400, "malformed-at", "`at` is a position or an RFC 3339 time.",
                       errors={"at": ["not a position or an RFC 3339 time"]}) from None
    if moment.tzinfo is None:
        raise ApiError(400, "malformed-at", "An `at` time needs a time zone offset.",
                       errors={"at": ["missing time zone"]})
    try:
        utc = moment.astimezone(UTC)
    except OverflowError:  # e.g. year 1 at +14:00 is in year 0, which datetime cannot hold
        raise ApiError(422, "time-out-of-range", "`at` falls outside the years 1 to 9999 in UTC.",
                       errors={"at": ["outside the years 1 to 9999 in UTC"]}) from None
    # isoformat pads the year to four digits (strftime's %Y does not on every platform),
    # so the stamp compares with the stored ones as text.
    stamp = utc.isoformat(timespec="microseconds").replace("+00:00", "Z")
    position = ledger().position_at_time(campaign_id, stamp)
    if position == 0:
        raise ApiError(422, "position-out-of-range", "The campaign did not exist yet at that time.",
                       errors={"at": ["before the campaign's first event"]})
    return position


def state_for(campaign_id: str, at: str | None, view: str = "recorded") -> CampaignState:
    """Head state, or the state at a position; `view=canon` drops what rewinds voided."""
    led = ledger()
    if at is None:
        head = led.state(campaign_id)
        if view == "canon":
            return led.canon_state_at(campaign_id, head.position)
        return head
    position = resolve_position(campaign_id, at)
    if view == "canon":
        return led.canon_state_at(campaign_id, position)
    return led.state_at(campaign_id, position)


def character_for(
    campaign_id: str, character_id: str, at: str | None, view: str = "recorded"
) -> tuple[CampaignState, Character]:
    """The state at `?at=` and one character in it, or 404 when it did not exist then."""
    state = state_for(campaign_id, at, view)
    character = state.characters.get(character_id)
    if character is None:
        raise ApiError(404, "character-not-found", f"No character {character_id!r} at that position.")
    return state, character
