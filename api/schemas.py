"""Request schemas: shape and format only. Whether a command is allowed is the domain's call."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from api.struct_schema import Bounds, QueryInt
from ledger.domain import limits

NAME_LENGTH = validate.Length(min=limits.NAME_LENGTH.low, max=limits.NAME_LENGTH.high)
Name = fields.String(required=True, validate=NAME_LENGTH)
Reason = fields.String(load_default="", validate=validate.Length(max=500))
Amount = fields.Integer(required=True, strict=True, validate=Bounds(min=1, max=10_000))


class Strict(Schema):
    class Meta:
        unknown = RAISE


class Empty(Strict):
    pass


class AtQuery(Schema):
    at = fields.String(load_default=None)
    view = fields.String(load_default="recorded", validate=validate.OneOf(["recorded", "canon"]))


# Positions and clock counters fit the stores' integer columns (SQLite and bigint: 64 bits,
# session and scene: 32), so a huge number is a 422, never an overflow in the driver.
MAX_POSITION = 2**62
MAX_COUNTER = 2**31 - 1


def ascii_position(sent: str) -> int | None:
    """`sent` as a position from 0 to MAX_POSITION, or None: ASCII digits only (int() also
    reads "1_0", "+5" and other scripts' digits), at most 19 of them before int() (past
    4,300 it raises: an outside attack's 500s)."""
    if not (sent.isascii() and sent.isdigit()) or len(sent) > 19 or int(sent) > MAX_POSITION:
        return None
    return int(sent)


class EventsQuery(Schema):
    after = QueryInt(load_default=0, validate=Bounds(min=0, max=MAX_POSITION))
    limit = QueryInt(load_default=100, validate=Bounds(min=1, max=1000))
    character_id = fields.String(load_default=None)
    type = fields.String(load_default=None)
    session = QueryInt(load_default=None, validate=Bounds(min=0, max=MAX_COUNTER))
    scene = QueryInt(load_default=None, validate=Bounds(min=0, max=MAX_COUNTER))
    view = fields.String(load_default="recorded", validate=validate.OneOf(["recorded", "canon"]),
                         metadata={"description": "`canon` leaves out the events a rewind voided."})
