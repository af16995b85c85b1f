"""Request schemas for spirits: shape and format only; the rules live in ledger/domain/spirits/."""

from __future__ import annotations

from marshmallow import fields, validate

from api.schemas import Amount, Reason, Strict
from ledger.domain.spirits.control import COMPEL_DIFFICULTY
from ledger.domain.spirits.summoning import FORMS, MODES

Die = fields.Integer(strict=True, validate=validate.Range(min=0, max=1000))
Dice = fields.List(Die, load_default=None, allow_none=True, validate=validate.Length(max=50))
SkillBonus = fields.Integer(strict=True, load_default=None, allow_none=True,
                            validate=validate.Range(min=-10, max=50))


class SummonIn(Strict):
    mode = fields.String(required=True, validate=validate.OneOf(MODES))
    nature = fields.String(required=True, validate=validate.Length(min=1, max=100))
    form = fields.String(required=True, validate=validate.OneOf(FORMS))
    form_level = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=3))
    appearance = fields.String(required=True, validate=validate.Length(min=1, max=500))
    powers = fields.List(fields.String(validate=validate.Length(min=1, max=100)),
                         load_default=list, validate=validate.Length(max=40))
    hit_dice = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=100))
    hit_points = fields.Integer(strict=True, required=True,
                                validate=validate.Range(min=1, max=10_000))
    skill_bonus = SkillBonus
    name = fields.String(load_default=None, allow_none=True,
                         validate=validate.Length(min=1, max=100))
    notes = fields.String(load_default="", validate=validate.Length(max=1000))


class SpiritDamageIn(Strict):
    amount = Amount
    reason = Reason


class BanishIn(Strict):
    by = fields.String(required=True, validate=validate.Length(min=1, max=100))
    dice = Dice
    opposing_dice = Dice
    damage_dice = Dice
    skill_bonus = SkillBonus


class CompelIn(Strict):
    command = fields.String(required=True,
                            validate=validate.OneOf(list(COMPEL_DIFFICULTY)))
    dice = Dice


class FadeIn(Strict):
    reason = Reason
