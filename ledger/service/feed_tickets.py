"""Feed tickets: a browser's short-lived, read-only key to one campaign's change feed.

A browser `EventSource` cannot send an `Authorization` header, so a token holder asks
for a ticket and puts it in the feed's URL (`?ticket=`). A ticket is stateless: the
token id and an expiry, with a MAC under a key derived from the server key over the
campaign, the token id and the expiry. Any node holding the server key checks it, and
nothing is stored. Whether its token is still live is the caller's to check when the
ticket is used (a ticket dies with its token).

    clft_<token id>_<expiry, Unix seconds>_<MAC, 40 hex digits>
"""

from __future__ import annotations

import calendar
import hashlib
import hmac
import math
import re
import time

import msgspec

from ledger.domain.errors import DomainError

PREFIX = "clft"
KEY_PURPOSE = "feed-tickets"  # SecretBox.derive(KEY_PURPOSE) is the MAC key
MAC_HEX_DIGITS = 40
_SHAPE = re.compile(rf"^{PREFIX}_([A-Za-z0-9]{{1,64}})_([0-9]{{1,12}})_([0-9a-f]{{{MAC_HEX_DIGITS}}})$")
_TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


class TicketRefused(DomainError):
    """A ticket that does not open this feed now: 401, like a missing token."""

    kind = "unauthorized"


class FeedTicket(msgspec.Struct, frozen=True):
    ticket: str
    expires_at: str  # RFC 3339, UTC, whole seconds
    token_id: str


def _mac(key: bytes, campaign_id: str, token_id: str, expires: int) -> str:
    signed = f"{PREFIX}\x00{campaign_id}\x00{token_id}\x00{expires}".encode()
    return hmac.new(key, signed, hashlib.sha256).hexdigest()[:MAC_HEX_DIGITS]


def rfc3339(unix_seconds: int) -> str:
    return time.strftime(_TIME_FORMAT, time.gmtime(unix_seconds))


def unix_seconds(rfc3339_text: str) -> int:
    return calendar.timegm(time.strptime(rfc3339_text, _TIME_FORMAT))


def ticket_for(key: bytes, campaign_id: str, token_id: str, expires_at: str) -> FeedTicket:
    """The ticket of this token for this campaign that expires at `expires_at` (the same
    every time: a replayed answer derives it again rather than storing it)."""
    expires = unix_seconds(expires_at)
    text = f"{PREFIX}_{token_id}_{expires}_{_mac(key, campaign_id, token_id, expires)}"
    return FeedTicket(text, expires_at, token_id)


def issue_ticket(key: bytes, campaign_id: str, token_id: str, now: float,
                 ttl_seconds: float) -> FeedTicket:
    """A ticket good for opening the feed until `now + ttl_seconds` (whole seconds, down)."""
    return ticket_for(key, campaign_id, token_id, rfc3339(math.floor(now + ttl_seconds)))


def ticket_token_id(key: bytes, ticket: str, campaign_id: str, now: float) -> str:
    """The id of the token a ticket was issued to, if it opens this campaign's feed at
    `now`. A changed character, or a ticket of another campaign, fails its MAC."""
    found = _SHAPE.match(ticket)
    if found is None:
        raise TicketRefused("feed-ticket-invalid", "This is not a feed ticket: ask "
                            "POST …/feed-tickets for one.", field="ticket")
    token_id, expires = found[1], int(found[2])
    expected = _mac(key, campaign_id, token_id, expires)
    if not hmac.compare_digest(expected.encode(), found[3].encode()):
        raise TicketRefused("feed-ticket-invalid", "This ticket was not issued for this "
                            "campaign's feed, or it was altered.", field="ticket")
    if now >= expires:
        raise TicketRefused("feed-ticket-expired", f"This ticket expired at {rfc3339(expires)}; "
                            "ask POST …/feed-tickets for a new one.", field="ticket")
    return token_id
