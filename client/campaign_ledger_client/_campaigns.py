"""A campaign: its summary and settings, the clock, state, events, characters and tokens."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any, Literal

from campaign_ledger_client._http import Answer
from campaign_ledger_client._scope import (
    CAMPAIGN,
    Call,
    Scope,
    body,
    command,
    endpoint,
    nothing,
    query,
    read,
)
from campaign_ledger_client.bodies import Sheet
from campaign_ledger_client.models import At, Event, EventPage, IssuedToken, View
from campaign_ledger_client.schemas import (
    CampaignAnswer,
    CampaignCatalog,
    CampaignSummary,
    Character,
    CharactersAnswer,
    ResistanceFactors,
    StateAnswer,
    TokenList,
)

ClockAction = Literal["start-session", "end-session", "start-scene", "end-scene", "sunrise",
                      "sunset"]
Role = Literal["gm", "player", "observer"]


def at_query(at: At | datetime | None, view: View) -> Call:
    return query(at=at, view=view)


def _events(answer: Answer) -> EventPage:
    return EventPage.from_json(answer.body)


def _token(answer: Answer) -> IssuedToken:
    return IssuedToken.from_json(answer.body)


class CampaignCore(Scope):
    @read(CAMPAIGN, CampaignAnswer)
    def get(self) -> Call:
        """Name, settings, clock, head position and hash, dice epoch."""
        return Call()

    @command("PATCH", CAMPAIGN + "/settings", CampaignSummary)
    def change_settings(self, settings: dict[str, Any]) -> Call:
        """Change rule settings (GM): a SettingsChanged event."""
        return body(settings=settings)

    @command("POST", CAMPAIGN + "/clock/{action}", CampaignSummary)
    def clock(self, action: ClockAction) -> Call:
        """start-session, end-session, start-scene, end-scene, sunrise or sunset."""
        return Call(params={"action": action})

    @command("POST", CAMPAIGN + "/clock/advance", CampaignSummary)
    def advance(self, minutes: int) -> Call:
        return body(minutes=minutes)

    @command("POST", CAMPAIGN + "/clock/new-day", CampaignSummary)
    def new_day(self, rested: list[str]) -> Call:
        """A new day; `rested` lists the characters (ids or names) who rested, [] for nobody:
        their day Effort returns."""
        return body(rested=rested)

    @read(CAMPAIGN + "/state", StateAnswer)
    def state(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        """The whole campaign at the head, or as it was `at` a position or time."""
        return at_query(at, view)

    @endpoint("GET", CAMPAIGN + "/events", _events, "read")
    def events(self, after: int = 0, limit: int = 100, *, character_id: str | None = None,
               types: list[str] | None = None, session: int | None = None,
               scene: int | None = None, view: View = "recorded") -> Call:
        """One page of events after a position; `next` is the following page's `after`.
        Each event's `voided_by` names the rewind that voided it; `view="canon"` leaves
        those out."""
        return query(after=after, limit=limit, character_id=character_id, session=session,
                     scene=scene, type=",".join(types) if types else None,
                     view=None if view == "recorded" else view)

    def iter_events(self, after: int = 0, page: int = 500, **filters: Any) -> Iterator[Event]:
        """Every event after `after` (filtered like `events`), page after page."""
        cursor: int | None = after
        while cursor is not None:
            found = self.events(cursor, page, **filters)
            yield from found.events
            cursor = found.next

    @command("POST", CAMPAIGN + "/characters", Character)
    def register_character(self, sheet: Sheet) -> Call:
        """Register a character (GM); the answer's `resource` is the new character."""
        return Call(body=dict(sheet))

    @read(CAMPAIGN + "/characters", CharactersAnswer)
    def characters(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        return at_query(at, view)

    @endpoint("POST", CAMPAIGN + "/tokens", _token, "keyed")
    def issue_token(self, role: Role, character_id: str | None = None, label: str = "") -> Call:
        """Issue a token (GM); a player token names its character. The secret is shown once."""
        return Call(body={"role": role, "character_id": character_id, "label": label})

    @read(CAMPAIGN + "/tokens", TokenList)
    def tokens(self) -> Call:
        """Every token of the campaign, without secrets (GM)."""
        return Call()

    @endpoint("DELETE", CAMPAIGN + "/tokens/{token_id}", nothing, "plain")
    def revoke_token(self, token_id: str) -> Call:
        return Call(params={"token_id": token_id})

    @endpoint("POST", CAMPAIGN + "/tokens/{token_id}/rotate", _token, "keyed")
    def rotate_token(self, token_id: str) -> Call:
        """Revoke a token and issue its replacement (same role, character and label)."""
        return Call(params={"token_id": token_id})

    @read(CAMPAIGN + "/catalog/{name}", CampaignCatalog)
    def catalog(self, name: str) -> Call:
        """One catalogue of the rules with this campaign's settings (Helpless points...)."""
        return Call(params={"name": name})

    @read(CAMPAIGN + "/magic/resistance-factors", ResistanceFactors)
    def resistance_factors(self) -> Call:
        """The rules' named Resistance factors and the careful-magic options."""
        return Call()
