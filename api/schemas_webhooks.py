"""Request schemas of the change feed and of webhooks: shape and format only."""

from __future__ import annotations

from marshmallow import fields, validate

from api.schemas import MAX_POSITION, Strict
from api.struct_schema import Bounds, QueryInt


class FeedQuery(Strict):
    after = QueryInt(load_default=0, validate=Bounds(min=0),
                           metadata={"description": "Stream the events after this position "
                                     "(the `Last-Event-ID` header wins when both are sent)."})
    ticket = fields.String(validate=validate.Length(max=200),
                           metadata={"description": "A feed ticket (POST …/feed-tickets), for "
                                     "a browser `EventSource` that cannot send "
                                     "`Authorization`; it alone authorizes the stream."})


class DeliveriesQuery(Strict):
    limit = QueryInt(load_default=100, validate=Bounds(min=1, max=1000))
    after = QueryInt(load_default=0, validate=Bounds(min=0, max=MAX_POSITION),
                           metadata={"description": "Only deliveries of events after this "
                                     "position (the page cursor)."})
