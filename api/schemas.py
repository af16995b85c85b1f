"""Request schemas: shape and format only. Whether a command is allowed is the domain's call."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from ledger.domain import limits


def bounded(bound: limits.Bound) -> validate.Range:
    """A schema range from the domain's own bound (ledger/domain/limits.py)."""
    return validate.Range(min=bound.low, max=bound.high,
                          error=f"must be at least {{min}} and at most {{max}} ({bound.why()})")


NAME_LENGTH = validate.Length(min=limits.NAME_LENGTH.low, max=limits.NAME_LENGTH.high)
Name = fields.String(required=True, validate=NAME_LENGTH)
Reason = fields.String(load_default="", validate=validate.Length(max=500))
Amount = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=10_000))
Dice = fields.List(fields.Integer(strict=True, validate=validate.Range(min=0, max=100_000)),
                   validate=validate.Length(max=200))


def bounded_int(bound: limits.Bound) -> fields.Integer:
    return fields.Integer(strict=True, validate=bounded(bound))


class Strict(Schema):
    class Meta:
        unknown = RAISE


class Empty(Strict):
    pass


class PoolIn(Strict):
    current = fields.Integer(strict=True, required=True, validate=bounded(limits.POOL))
    max = fields.Integer(strict=True, required=True, validate=bounded(limits.POOL))


class StrainIn(Strict):
    current = fields.Integer(strict=True, load_default=0, validate=bounded(limits.STRAIN))
    permanent = fields.Integer(strict=True, load_default=0, validate=bounded(limits.STRAIN))
    max = fields.Integer(strict=True, load_default=10, validate=bounded(limits.STRAIN_MAX))


class GradedIn(Strict):
    name = Name
    degree = fields.String(required=True, validate=validate.Length(min=1, max=50))


class ImplantIn(Strict):
    name = Name
    strain = fields.Float(required=True, validate=bounded(limits.IMPLANT_STRAIN))


class Sheet(Strict):
    """A character sheet. On PATCH every field is optional."""

    name = fields.String(validate=NAME_LENGTH)
    level = fields.Integer(strict=True, validate=bounded(limits.LEVEL))
    abilities = fields.Dict(keys=fields.String(), values=bounded_int(limits.ABILITY))
    magic_ability = fields.String(allow_none=True)
    focuses = fields.List(fields.String())
    attributes = fields.Dict(keys=fields.String(), values=bounded_int(limits.ATTRIBUTE))
    modifiers = fields.Dict(keys=fields.String(), values=bounded_int(limits.MODIFIER))
    skills = fields.Dict(keys=fields.String(), values=bounded_int(limits.SKILL))
    edges = fields.List(fields.String())
    traits = fields.List(fields.String())
    specializations = fields.List(fields.Nested(GradedIn))
    talents = fields.List(fields.Nested(GradedIn))
    graced_arts = fields.List(fields.Nested(GradedIn))
    art_points = bounded_int(limits.RATING)
    toughness = bounded_int(limits.RATING)
    armor = bounded_int(limits.RATING)
    speed = bounded_int(limits.RATING)
    health = fields.Nested(PoolIn)
    mana = fields.Nested(PoolIn)
    conviction = fields.Nested(PoolIn)
    strain = fields.Nested(StrainIn)
    cyberware = fields.List(fields.Nested(ImplantIn))


class CharacterCreate(Sheet):
    name = Name


class ResourceChange(Strict):
    amount = Amount
    reason = Reason


class DamageIn(Strict):
    amount = Amount
    type = fields.String(load_default="wound", validate=validate.OneOf(["wound", "stun", "penetrating"]))
    reason = Reason


class HealIn(Strict):
    amount = Amount
    reason = Reason
    magical = fields.Boolean(load_default=False)


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
    dice = Dice
    label = fields.String(load_default="", validate=validate.Length(max=200))


class CorrectionIn(Strict):
    field = fields.String(required=True, validate=validate.Length(min=1, max=100))
    value = fields.Raw(required=True, allow_none=True)
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))


class DeathIn(Strict):
    cause = fields.String(load_default="", validate=validate.Length(max=500))


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
