"""Request schemas of the change feed and of webhooks: shape and format only."""

from __future__ import annotations

from urllib.parse import urlsplit

from marshmallow import ValidationError, fields, validate, validates

from api.schemas import MAX_POSITION, Strict


class FeedQuery(Strict):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0),
                           metadata={"description": "Stream the events after this position "
                                     "(the `Last-Event-ID` header wins when both are sent)."})
    ticket = fields.String(validate=validate.Length(max=200),
                           metadata={"description": "A feed ticket (POST …/feed-tickets), for "
                                     "a browser `EventSource` that cannot send "
                                     "`Authorization`; it alone authorizes the stream."})


class WebhookCreate(Strict):
    url = fields.String(required=True, validate=validate.Length(min=1, max=2000),
                        metadata={"description": "An http:// or https:// URL."})
    types = fields.List(fields.String(validate=validate.Length(min=1, max=100)), required=True,
                        validate=validate.Length(min=1, max=200),
                        metadata={"description": 'Event type names, or ["*"] for every type.'})
    tree_heads = fields.Boolean(load_default=False, metadata={
        "description": "Each delivery also carries `tree_head`: the signed tree head at its "
                       "event, for a third party to keep (docs/trust.md)."})

    @validates("url")
    def _http_only(self, value: str, **_: object) -> None:
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValidationError("must be an http:// or https:// URL with a host")
        if parts.username or parts.password:
            raise ValidationError("must not carry credentials; the signature authenticates us")


class DeliveriesQuery(Strict):
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_POSITION),
                           metadata={"description": "Only deliveries of events after this "
                                     "position (the page cursor)."})
