"""Request schemas: shape and format only. Whether a command is allowed is the domain's call."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from ledger.domain import limits
from ledger.domain.roll_tags import TAGS as ROLL_TAGS

NAME_LENGTH = validate.Length(min=limits.NAME_LENGTH.low, max=limits.NAME_LENGTH.high)
Name = fields.String(required=True, validate=NAME_LENGTH)
Reason = fields.String(load_default="", validate=validate.Length(max=500))
Amount = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=10_000))
Dice = fields.List(fields.Integer(strict=True, validate=validate.Range(min=0, max=100_000)),
                   validate=validate.Length(max=200))


class Strict(Schema):
    class Meta:
        unknown = RAISE


class Empty(Strict):
    pass


class RollIn(Strict):
    """Either an AGE test (`ability`) or dice notation (`expression`)."""

    kind = fields.String(load_default="notation", validate=validate.OneOf(["age", "notation"]))
    expression = fields.String(validate=validate.Length(min=1, max=500))
    ability = fields.String()
    focus = fields.String(load_default=None, allow_none=True)
    modifier = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=-100, max=100))
    tn = fields.Integer(strict=True, load_default=None, allow_none=True,
                        validate=validate.Range(min=0, max=100))
    active = fields.Boolean(load_default=True)
    talent = fields.String(load_default=None, allow_none=True,
                           validate=validate.OneOf(["brilliance-apex", "trickster-apex"]),
                           metadata={"description": "an automatic success by a talent, no dice"})
    tags = fields.List(fields.String(validate=validate.Length(max=50)),
                       validate=validate.Length(max=len(ROLL_TAGS)), metadata={
                           "description": "the roll's context, for talents that apply to rolls "
                                          "of a kind: " + ", ".join(ROLL_TAGS)})
    dice = Dice
    label = fields.String(load_default="", validate=validate.Length(max=200))


class AtQuery(Schema):
    at = fields.String(load_default=None)
    view = fields.String(load_default="recorded", validate=validate.OneOf(["recorded", "canon"]))


# Positions and clock counters fit the stores' integer columns (SQLite and bigint: 64 bits,
# session and scene: 32), so a huge number is a 422, never an overflow in the driver.
MAX_POSITION = 2**62
MAX_COUNTER = 2**31 - 1


class EventsQuery(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_POSITION))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))
    character = fields.String(load_default=None)
    type = fields.String(load_default=None)
    session = fields.Integer(load_default=None, validate=validate.Range(min=0, max=MAX_COUNTER))
    scene = fields.Integer(load_default=None, validate=validate.Range(min=0, max=MAX_COUNTER))
    view = fields.String(load_default="recorded", validate=validate.OneOf(["recorded", "canon"]),
                         metadata={"description": "`canon` leaves out the events a rewind voided."})
