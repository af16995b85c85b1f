"""Request schemas for Conditions: shape and format only; the rules live in ledger/."""

from __future__ import annotations

from marshmallow import fields, validate

from api.schemas import Amount, Dice, Reason, Strict
from ledger.domain.resources import DAMAGE_TYPES

CAUSES = ["stunt", "hazard", "damage", "backlash", "gm"]
FIGURE_HELP = "The SP or figure that created it (recovery TN 9 + figure); default its points."
Text = fields.String(load_default="", validate=validate.Length(max=200))


class DamageExchangeIn(Strict):
    """Incoming damage, part of which is traded for the Condition (2 damage a point)."""

    damage = Amount
    type = fields.String(load_default="wound",
                         validate=validate.OneOf(DAMAGE_TYPES))
    # Toughness + Armor that apply; by default the sheet's, none against penetrating.
    reduction = fields.Integer(strict=True, load_default=None, allow_none=True,
                               validate=validate.Range(min=0, max=1000))
    reason = Reason


class ConditionIn(Strict):
    name = fields.String(required=True, validate=validate.Length(min=1, max=100))
    points = fields.Integer(strict=True, load_default=None, allow_none=True,
                            validate=validate.Range(min=1, max=20),
                            metadata={"description": "Required for a ranged Condition."})
    figure = fields.Integer(strict=True, load_default=None, allow_none=True,
                            validate=validate.Range(min=0, max=100),
                            metadata={"description": FIGURE_HELP})
    incurable = fields.Boolean(load_default=False)
    from_backlash = fields.Boolean(load_default=False)
    target = Text
    note = fields.String(load_default="", validate=validate.Length(max=500))
    cause = fields.String(load_default="gm", validate=validate.OneOf(CAUSES))
    instead_of_damage = fields.Nested(DamageExchangeIn, load_default=None, allow_none=True)


class RecoverIn(Strict):
    dice = Dice
    modifier = fields.Integer(strict=True, load_default=0,
                              validate=validate.Range(min=-100, max=100))


class MagicalHealingIn(Strict):
    points = Amount
