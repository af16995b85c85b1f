"""Who the caller is (`Client.me()`), and feed tickets for browsers (`Campaign.feed_ticket()`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign_ledger_client._http import Answer
from campaign_ledger_client._scope import CAMPAIGN, Call, Scope, endpoint


@dataclass(frozen=True)
class Me:
    """The caller's token: a bot given only a token finds its campaign here."""

    token_id: str
    role: str  # gm, player or observer
    campaign_id: str
    character_id: str | None  # a player's character; None for the other roles
    label: str

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Me:
        character = raw.get("character_id")
        return cls(str(raw["token_id"]), str(raw["role"]), str(raw["campaign_id"]),
                   None if character is None else str(character), str(raw["label"]))


@dataclass(frozen=True)
class FeedTicket:
    """A short-lived key that opens this campaign's feed and nothing else: hand it to a
    browser, which opens `…/feed?ticket=<ticket>` before `expires_at` (an EventSource
    cannot send an Authorization header)."""

    ticket: str
    expires_at: str  # RFC 3339, UTC
    token_id: str  # the token it was issued to: revoking that token kills it

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> FeedTicket:
        return cls(str(raw["ticket"]), str(raw["expires_at"]), str(raw["token_id"]))


def _me(answer: Answer) -> Me:
    return Me.from_json(answer.body)


def _ticket(answer: Answer) -> FeedTicket:
    return FeedTicket.from_json(answer.body)


class WhoAmI(Scope):
    @endpoint("GET", "/v1/me", _me, "read")
    def me(self) -> Call:
        """This client's token: its id, role, campaign, character and label."""
        return Call()


class FeedTickets(Scope):
    @endpoint("POST", CAMPAIGN + "/feed-tickets", _ticket, "keyed")
    def feed_ticket(self) -> Call:
        """A feed ticket for a browser (any token of the campaign may ask)."""
        return Call(body={})
