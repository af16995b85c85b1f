"""Request schemas for Magic Tests and Backlash: shape only; the rules are the domain's.

Enumerations (careful options, Resistance factors, categories) are listed in the
descriptions and checked by the domain, which names the rule broken.
"""

from __future__ import annotations

from marshmallow import fields, validate

from api.schemas import Reason, Strict
from api.schemas_conditions import ConditionIn
from ledger.domain.magic.consequence_roll import CATEGORIES, SEVERITIES
from ledger.domain.magic.resistance import FACTORS
from ledger.domain.magic.test import CAREFUL
from ledger.domain.resources import DAMAGE_TYPES


def count(description: str) -> fields.Integer:
    return fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=1000),
                          metadata={"description": description})


def optional_dice(description: str) -> fields.List[int]:
    return fields.List(fields.Integer(strict=True, validate=validate.Range(min=0, max=100_000)),
                       load_default=None, allow_none=True, validate=validate.Length(max=200),
                       metadata={"description": description})


class MagicTestIn(Strict):
    base_tn = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=100),
                             metadata={"description": "the spell's or power's TN"})
    ability = fields.String(load_default=None, allow_none=True,
                            metadata={"description": "defaults to the sheet's magic_ability"})
    focus = fields.String(load_default=None, allow_none=True)
    careful = fields.List(fields.String(), load_default=list, validate=validate.Length(max=10),
                          metadata={"description": "careful magic, -1 each: " + ", ".join(CAREFUL)})
    mana_for_tn = count("times the '-1 Mana cost for +1 TN' trade is taken")
    resistance_factors = fields.List(
        fields.String(), load_default=list, validate=validate.Length(max=50),
        metadata={"description": "named Resistance factors: "
                  + ", ".join(f"{k} ({v:+d})" for k, v in FACTORS.items())})
    resistance = fields.Integer(strict=True, load_default=0,
                                validate=validate.Range(min=-100, max=100),
                                metadata={"description": "other Resistance, as a number"})
    auto_backlash = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0, max=100),
        metadata={"description": "GM only: override the automatic Backlash for this test"})
    bonus_mana = count("Mana spent before the roll, +1 each")
    bonus_backlash = count("Backlash taken before the roll, +2 each")
    mana_cost = count("the spell's Mana cost")
    cost_backlash = count("Backlash chosen to pay the cost, 2 Mana each")
    modifier = fields.Integer(strict=True, load_default=0,
                              validate=validate.Range(min=-100, max=100))
    dice = optional_dice("three reported d6, the last the Stunt Die; server dice if absent")
    label = fields.String(load_default="", validate=validate.Length(max=200))


class FixIn(Strict):
    mana = count("Mana spent, +1 each")
    backlash = count("Backlash taken, +1 each")


class ConsequenceRollIn(Strict):
    dice = optional_dice("three reported d6; server dice if absent")
    fail_deliberately = fields.Boolean(load_default=False)


class DrawIn(Strict):
    dice = optional_dice("reported d6: category, then severity for General")


class ConsequenceConditionIn(ConditionIn):
    """A Condition a Consequence causes; always recorded as caused by Backlash."""

    class Meta(ConditionIn.Meta):
        exclude = ("from_backlash", "cause", "instead_of_damage")


class ConsequenceIn(Strict):
    description = fields.String(required=True, validate=validate.Length(min=1, max=1000))
    drawn = fields.Boolean(load_default=False,
                           metadata={"description": "use the Consequence drawn on the tables"})
    category = fields.String(load_default=None, allow_none=True,
                             metadata={"description": "chosen (GM): " + ", ".join(CATEGORIES)})
    severity = fields.String(load_default=None, allow_none=True,
                             metadata={"description": "chosen General severity (GM): "
                                       + ", ".join(SEVERITIES)})
    backlash = fields.Integer(strict=True, load_default=None, allow_none=True,
                              validate=validate.Range(min=0, max=1000),
                              metadata={"description": "Supernatural Type and Domains: "
                                        "the Backlash it spends"})
    damage = count("Health damage it causes (caused by Backlash)")
    damage_type = fields.String(load_default="wound",
                                validate=validate.OneOf(DAMAGE_TYPES))
    conditions = fields.List(fields.Nested(ConsequenceConditionIn), load_default=list,
                             validate=validate.Length(max=20))


class ConsequencesIn(Strict):
    amount = fields.Integer(strict=True, load_default=None, allow_none=True,
                            validate=validate.Range(min=1, max=1000),
                            metadata={"description": "Backlash to spend, chosen"})
    roll_amount = fields.Boolean(load_default=False,
                                 metadata={"description": "roll 1d6 per full 4 points instead"})
    amount_dice = optional_dice("reported d6 for a rolled amount")
    consequences = fields.List(fields.Nested(ConsequenceIn), load_default=list,
                               validate=validate.Length(max=50))


class SuperhumanIn(Strict):
    ability = fields.String(required=True, validate=validate.Length(min=1, max=100))
    note = Reason

