"""Request schemas for Effort, spells and System Strain: shape only; the rules are the domain's."""

from __future__ import annotations

from marshmallow import fields, validate

from api.schemas import Amount, Reason, Strict
from ledger.domain.magic.effort import COMMANDABLE
from ledger.domain.state.magic import POOLS

Label = fields.String(load_default="", validate=validate.Length(max=200))
SpellName = fields.String(required=True, validate=validate.Length(min=1, max=100))


class EffortCommitIn(Strict):
    pool = fields.String(required=True, validate=validate.OneOf(POOLS))
    amount = Amount
    duration = fields.String(required=True, validate=validate.OneOf(COMMANDABLE))
    label = Label


class PrepareIn(Strict):
    spells = fields.List(fields.String(validate=validate.Length(min=1, max=100)),
                         required=True, validate=validate.Length(max=50))


class OvercastIn(Strict):
    die = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=100))
    strain = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=100))


class CastIn(Strict):
    spell = SpellName
    duration = fields.String(load_default=None, allow_none=True,
                             validate=validate.OneOf(COMMANDABLE))
    effort = fields.Integer(load_default=None, allow_none=True, strict=True,
                            validate=validate.Range(min=1, max=100))
    target = fields.String(load_default=None, allow_none=True,
                           validate=validate.Length(min=1, max=100))
    lost = fields.Boolean(load_default=False)
    overcast = fields.Nested(OvercastIn, load_default=None, allow_none=True)
    label = Label


class EffectUseIn(Strict):
    spell = SpellName


class StrainChangeIn(Strict):
    amount = Amount
    reason = Reason
