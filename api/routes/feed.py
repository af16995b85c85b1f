"""The change feed: a campaign's events as Server-Sent Events, live, exactly once, in order."""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

import msgspec
from flask import Response, current_app, g, request
from flask_smorest import Blueprint

from api import auth, feed_tickets
from api.errors import ApiError, problem
from api.feed import FeedClosedError, FeedFullError, HolderFullError, Subscription, hub
from api.runtime import ledger, signer
from api.schemas import ascii_position
from api.schemas_webhooks import FeedQuery
from api.voids import feed_message
from ledger.adapters.signing import HeadSigner
from ledger.adapters.store.base import EventStore, StoreUnavailable
from ledger.adapters.store.records import TokenRow
from ledger.domain.record import Record
from ledger.domain.state.audit import RewindState
from ledger.service.audit import receipts

blp = Blueprint("feed", __name__, url_prefix="/v1/campaigns",
                description="The live change feed (Server-Sent Events)")
log = logging.getLogger(__name__)
_encoder = msgspec.json.Encoder()
RETRY_MS = 1000
ENCODED_CACHE = 4096
_encoded: OrderedDict[str, bytes] = OrderedDict()
_encoded_lock = threading.Lock()


def sse(records: list[Record], voids: RewindState) -> bytes:
    """One SSE message per event: the id is its position, the data its JSON; a `Rewound`
    is an `event: retract`, a `Redone` an `event: restore` (api/voids.py)."""
    return b"".join(_message(r, voids.voided_by(r.position), voids) for r in records)


def _message(r: Record, voided_by: int | None, voids: RewindState) -> bytes:
    # Every subscriber of a campaign sends the same bytes: encode each event once.
    key = f"{r.hash}:{voided_by}"
    found = _encoded.get(key)
    if found is None:
        name, body = feed_message(r, voids)
        kind = b"event: %s\n" % name.encode() if name else b""
        found = b"%sid: %d\ndata: %s\n\n" % (kind, r.position, _encoder.encode(body))
        with _encoded_lock:
            _encoded[key] = found
            while len(_encoded) > ENCODED_CACHE:
                _encoded.popitem(last=False)
    return found


def _resume_from(query_after: int) -> int:
    header = request.headers.get("Last-Event-ID")
    if header is None or not header.strip():
        return query_after
    sent = header.strip()
    position = ascii_position(sent)
    if position is None:
        raise ApiError(400, "malformed-last-event-id", "Last-Event-ID must be a position.",
                       errors={"Last-Event-ID": ["must be a position: ASCII digits"]})
    return position


@blp.route("/<campaign_id>/feed")
@blp.arguments(FeedQuery, location="query")
@blp.response(200, description="`text/event-stream`: one message per event, `id` = position, "
              "`data` = the event as in `/events` (with `voided_by`); a `Rewound` comes as "
              "`event: retract` (data adds `voided: {from, to}`), a `Redone` as "
              "`event: restore` (data adds `restored: {from, to}`); `: heartbeat` comments "
              "keep it alive.")
def feed(query: dict[str, Any], campaign_id: str) -> Response:
    """Stream the campaign's events after `?after=` (or `Last-Event-ID`) as they are recorded.

    Each message's `id` is the event's position and its `data` the event's JSON
    (the same shape as `GET /events`, `voided_by` as of the head when it is sent). A
    rewind comes as `event: retract` and a redo as `event: restore`, with their own
    position as `id`: an event already sent cannot change, so these tell subscribers
    which range was voided or brought back. Reconnecting with `Last-Event-ID` (browsers
    do it by themselves) resumes right after the last event received, so across
    disconnects, resumes and concurrent writers a consumer sees every event exactly
    once and in order. A comment line (`: heartbeat`) is sent when nothing else was
    for LEDGER_FEED_HEARTBEAT_SECONDS (15 s by default). Any token of the campaign
    may read it; the token is checked again every LEDGER_FEED_AUTH_RECHECK_SECONDS,
    and the stream ends with an `event: token-revoked` message once it is revoked.
    A browser's `EventSource`, which cannot send `Authorization`, sends `?ticket=`
    (POST …/feed-tickets) instead: the ticket alone authorizes, it must open the feed
    before it expires, and the open stream then lives as long as its token.
    A worker already serving its share of streams answers 503 with Retry-After; a token
    already holding LEDGER_FEED_STREAMS_PER_TOKEN open streams in the worker answers 429.
    """
    ticket = query.get("ticket")
    token = feed_tickets.ticket_holder(campaign_id, ticket) if ticket is not None else \
        auth.require_reader(campaign_id)
    after = _resume_from(query["after"])
    store = ledger().store
    head = store.head(campaign_id)
    if after > head:  # named as sent: the Last-Event-ID header wins over `after`
        sent = "Last-Event-ID" if (request.headers.get("Last-Event-ID") or "").strip() else "after"
        raise ApiError(422, "position-out-of-range",
                       f"position {after} is past the head ({head}) of this campaign",
                       errors={sent: [f"at most {head}"]})
    try:
        sub = hub().subscribe(campaign_id, after, holder=token.id)
    except FeedFullError:
        raise ApiError(503, "feed-busy", "This worker serves its share of feeds; retry.") from None
    except HolderFullError as full:
        # One token's streams are capped, so that one token (a ticket can be used until it
        # expires) cannot take every stream of a worker from the other campaigns on it.
        refused = problem(429, "feed-streams-per-token", "Too many open streams",
                          f"This token holds {full.limit} open streams here, the most one "
                          "token may; close one (LEDGER_FEED_STREAMS_PER_TOKEN).")
        refused.headers["Retry-After"] = "5"
        return refused
    config = current_app.config["LEDGER"]
    stream = _stream(sub, store, token, config.feed_heartbeat_seconds,
                     config.feed_auth_recheck_seconds, g.get("request_id"),
                     TreeHeads(store, signer(), campaign_id, config.feed_sth_every, after))
    response = Response(stream, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"  # proxies must not hold events back
    return response


class TreeHeads:
    """When the feed sends a signed tree head: after every `every` events it sent, and with
    each heartbeat; always the head at the last position sent, so it matches what the
    client has seen. No `id`: a tree head is not a position to resume from."""

    def __init__(self, store: EventStore, signer: HeadSigner, campaign_id: str,
                 every: int, seen: int) -> None:
        self.store, self.signer, self.campaign_id, self.every = store, signer, campaign_id, every
        self.sent_position = seen  # the client resumed after it, so it has seen it
        self.unsigned = 0

    def after_batch(self, records: list[Record]) -> bytes:
        self.sent_position = records[-1].position
        self.unsigned += len(records)
        return self.message() if self.unsigned >= self.every else b""

    def message(self) -> bytes:
        if self.sent_position == 0:
            return b""
        self.unsigned = 0
        head = receipts.tree_head(self.store, self.signer, self.campaign_id, self.sent_position)
        return b"event: sth\ndata: " + _encoder.encode(head) + b"\n\n"


def _stream(sub: Subscription, store: EventStore, token: TokenRow, heartbeat: float,
            recheck: float, request_id: str | None, heads: TreeHeads) -> Iterator[bytes]:
    extra = {"request_id": request_id, "campaign_id": sub.campaign_id}
    try:
        yield b"retry: %d\n\n" % RETRY_MS
        beat_at = recheck_at = time.monotonic()
        beat_at += heartbeat
        recheck_at += recheck
        while True:
            batch = sub.next_batch(max(0.0, min(beat_at, recheck_at) - time.monotonic()))
            now = time.monotonic()
            if batch:
                yield sse(batch, sub.voids) + heads.after_batch(batch)
                beat_at = now + heartbeat
            elif now >= beat_at:
                yield b": heartbeat\n\n" + heads.message()
                beat_at = now + heartbeat
            if now >= recheck_at:
                if _revoked(store, token):
                    yield b'event: token-revoked\ndata: {"rule":"token-revoked"}\n\n'
                    log.info("feed closed: token revoked", extra=extra)
                    return
                recheck_at = now + recheck
    except (FeedClosedError, StoreUnavailable) as exc:
        log.info("feed closed: %s", type(exc).__name__, extra=extra)
    finally:
        sub.hub.unsubscribe(sub)


def _revoked(store: EventStore, token: TokenRow) -> bool:
    row = store.token_by_hash(token.secret_hash, token.campaign_id)
    return row is None or row.revoked_at is not None
