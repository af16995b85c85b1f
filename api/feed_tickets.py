"""Feed tickets on the wire: issuing one to a token, opening the feed with one, and
refusing one anywhere else. The rules are in ledger/service/feed_tickets.py.

A ticket rides in a URL (`…/feed?ticket=`), so it is redacted from every log line
(api/observability.py); metrics label requests by route template, never by URL.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, request

from api.errors import ApiError, problem
from api.runtime import ledger
from ledger.adapters.store.records import TokenRow
from ledger.service.config import Config
from ledger.service.feed_tickets import KEY_PURPOSE, FeedTicket, issue_ticket, ticket_for, ticket_token_id

TICKET_PARAMETER = "ticket"
FEED_ENDPOINT = "feed.feed"  # the one route a ticket opens


def _key() -> bytes:
    return ledger().box.derive(KEY_PURPOSE)


def issue(campaign_id: str, token: TokenRow) -> FeedTicket:
    config: Config = current_app.config["LEDGER"]
    return issue_ticket(_key(), campaign_id, token.id, time.time(),
                        config.feed_ticket_ttl_seconds)


def stored_answer(ticket: FeedTicket) -> dict[str, Any]:
    """The answer kept for an Idempotency-Key: without the ticket, which `revealer` derives
    again, so no stored answer holds one."""
    return {"ticket": None, "expires_at": ticket.expires_at, "token_id": ticket.token_id}


def revealer(campaign_id: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def reveal(body: dict[str, Any]) -> dict[str, Any]:
        derived = ticket_for(_key(), campaign_id, body["token_id"], body["expires_at"])
        return body | {"ticket": derived.ticket}

    return reveal


def ticket_holder(campaign_id: str, ticket: str) -> TokenRow:
    """The token a ticket stands for, if the ticket opens this campaign's feed now and the
    token is still live; 401 otherwise."""
    token_id = ticket_token_id(_key(), ticket, campaign_id, time.time())
    row = ledger().store.token(campaign_id, token_id)
    if row is None or row.revoked_at is not None:
        raise ApiError(401, "token-revoked", "The token this ticket was issued to has been "
                       "revoked.")
    return row


def refuse_stray_ticket() -> Response | None:
    """A ticket only opens the feed: anywhere else a request carrying one is a 401 (before
    any route parses its query, so an unknown parameter does not hide why)."""
    if TICKET_PARAMETER not in request.args or request.method == "OPTIONS":
        return None
    if request.endpoint == FEED_ENDPOINT:
        return None
    return problem(401, "feed-ticket-only-opens-the-feed", "Feed tickets only open the feed",
                   "A feed ticket opens GET …/feed and nothing else; send a bearer token.")


def install(app: Flask) -> None:
    app.before_request(refuse_stray_ticket)
