"""Feed tickets on the wire: opening the feed with one, and refusing one anywhere else
(issuing one is a command, ledger/service/keyed_commands.py). The rules are in
ledger/service/feed_tickets.py.

A ticket rides in a URL (`…/feed?ticket=`), so it is redacted from every log line
(api/observability.py); metrics label requests by route template, never by URL.
"""

from __future__ import annotations

import time

from flask import Flask, Response, request

from api.errors import ApiError, problem
from api.runtime import ledger
from ledger.adapters.store.records import TokenRow
from ledger.service.feed_tickets import KEY_PURPOSE, ticket_token_id

TICKET_PARAMETER = "ticket"
FEED_ENDPOINT = "feed.feed"  # the one route a ticket opens


def _key() -> bytes:
    return ledger().box.derive(KEY_PURPOSE)


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
