"""Request schemas for Bonds and the group Stunt Pool: shape only."""

from __future__ import annotations

from marshmallow import fields, validate

from api.schemas import Strict


def character_id() -> fields.String:
    return fields.String(required=True, validate=validate.Length(min=1, max=100))


class BondIn(Strict):
    a = character_id()
    b = character_id()
    rank = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=100))


class MembersIn(Strict):
    members = fields.List(fields.String(validate=validate.Length(min=1, max=100)),
                          required=True, allow_none=True, validate=validate.Length(max=500))


class PoolUseIn(Strict):
    roll_position = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    sp = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=1000))
