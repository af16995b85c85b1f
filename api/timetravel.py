"""`?at=` on reads: a position, or an RFC 3339 time mapped to the last position at or before it."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from api.errors import ApiError
from api.read_route import read_from
from api.runtime import ledger
from api.schemas import MAX_POSITION
from ledger.domain.state import CampaignState, Character
from ledger.service.ledger import Ledger

# A date, `T` (or the space RFC 3339 allows), a time with its seconds and an optional
# offset (its absence has its own answer below). datetime.fromisoformat alone also read `2026-W49-7T00:00:00Z`
# and `20261206T080000Z` (an outside attack).
EXAMPLE = "2026-03-14T19:34:00Z"
RFC_3339 = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?"
                      r"([Zz]|[+-]\d{2}:\d{2})?")


def _plus_hint(at: str) -> str:
    """A `+01:00` offset sent unencoded arrives as a space: say so."""
    if " " not in at:
        return ""
    return " (a `+` in a query string reads as a space: encode it as %2B, e.g. +01:00 as %2B01:00)"


def resolve_position(campaign_id: str, at: str, led: Ledger | None = None) -> int:
    if at.isascii() and at.isdigit():  # str.isdigit() also takes "²", which int() refuses
        if int(at) > MAX_POSITION:
            raise ApiError(422, "position-out-of-range", f"Positions go up to {MAX_POSITION}.",
                           errors={"at": ["no such position"]})
        return int(at)
    try:
        if not RFC_3339.fullmatch(at):  # fromisoformat also reads ISO weeks and basic forms
            raise ValueError(at)
        moment = datetime.fromisoformat(at.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise ApiError(422, "malformed-at", "`at` is a position or an RFC 3339 time, "
                       f"such as {EXAMPLE} (date, T, time with its seconds, offset)."
                       + _plus_hint(at),
                       errors={"at": [f"not a position or an RFC 3339 time like {EXAMPLE}"
                                      + _plus_hint(at)]}
                       ) from None
    if moment.tzinfo is None:
        raise ApiError(422, "malformed-at", "An `at` time needs a time zone offset."
                       + _plus_hint(at), errors={"at": ["missing time zone" + _plus_hint(at)]})
    try:
        utc = moment.astimezone(UTC)
    except OverflowError:  # e.g. year 1 at +14:00 is in year 0, which datetime cannot hold
        raise ApiError(422, "time-out-of-range", "`at` falls outside the years 1 to 9999 in UTC.",
                       errors={"at": ["outside the years 1 to 9999 in UTC"]}) from None
    # isoformat pads the year to four digits (strftime's %Y does not on every platform),
    # so the stamp compares with the stored ones as text.
    stamp = utc.isoformat(timespec="microseconds").replace("+00:00", "Z")
    position = (led or ledger()).position_at_time(campaign_id, stamp)
    if position == 0:
        raise ApiError(422, "position-out-of-range", "The campaign did not exist yet at that time.",
                       errors={"at": ["before the campaign's first event"]})
    return position


def state_for(campaign_id: str, at: str | None, view: str = "recorded") -> CampaignState:
    """Head state (the primary's), or the state at a position (a replica's once it holds
    that position); `view=canon` drops what rewinds voided."""
    if at is None:
        led = ledger()
        head = led.state(campaign_id)
        if view == "canon":
            return led.canon_state_at(campaign_id, head.position)
        return head
    exact = int(at) if at.isascii() and at.isdigit() and int(at) <= MAX_POSITION else None

    def read(led: Ledger) -> CampaignState:
        position = resolve_position(campaign_id, at, led)
        if view == "canon":
            return led.canon_state_at(campaign_id, position)
        return led.state_at(campaign_id, position)

    return read_from(campaign_id, read, exact)


def character_for(
    campaign_id: str, character_id: str, at: str | None, view: str = "recorded"
) -> tuple[CampaignState, Character]:
    """The state at `?at=` and one character in it, or 404 when it did not exist then."""
    state = state_for(campaign_id, at, view)
    character = state.characters.get(character_id)
    if character is None:
        raise ApiError(404, "character-not-found", f"No character {character_id!r} at that position.")
    return state, character
