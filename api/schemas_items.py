"""Request schemas for items and objects: shape only; the rules live in ledger/domain/items/."""

from __future__ import annotations

from marshmallow import fields, validate

from api.schemas import Name, Strict
from ledger.domain.items.objects import AT_ZERO, EXPOSURES, MAGIC_SKILLS
from ledger.domain.items.tables import OBJECT_DAMAGE_TYPES
from ledger.domain.resources import DAMAGE_TYPES
from ledger.domain.state.magic import POOLS

# Factories: one field instance per schema attribute.


def level() -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(min=0, max=1000))


def bonus() -> fields.Integer:
    return fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=100))


def figures() -> fields.Dict:
    return fields.Dict(keys=fields.String(validate=validate.OneOf(OBJECT_DAMAGE_TYPES)),
                       values=fields.Integer(strict=True, validate=validate.Range(-1000, 1000)),
                       load_default=dict)


def reported_dice() -> fields.List[int]:
    return fields.List(fields.Integer(strict=True, validate=validate.Range(min=0, max=100_000)),
                       load_default=None, validate=validate.Length(max=200))


class MaterialIn(Strict):
    """A material from the rules' list (liquid, steel, alloy, precious-metal, mystic-metal,
    wood, hardwood) takes its figures from it unless given; any other needs them."""

    name = Name
    durability = level()
    integrity = level()
    modifiers = figures()
    versus = figures()


class FirearmIn(Strict):
    weapon_class = fields.String(data_key="class", required=True,
                                 validate=validate.Length(min=1, max=100))
    damage = fields.String(required=True, validate=validate.Length(min=1, max=60))
    damage_type = fields.String(load_default="wound",
                                validate=validate.OneOf(DAMAGE_TYPES))
    tn = fields.Integer(strict=True, load_default=None, allow_none=True,
                        validate=validate.Range(min=0, max=100))


class MinSkillIn(Strict):
    skill = fields.String(required=True, validate=validate.OneOf(MAGIC_SKILLS))
    level = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=20))


class ItemCreate(Strict):
    name = Name
    kind = fields.String(required=True, validate=validate.Length(min=1, max=50))
    materials = fields.List(fields.Nested(MaterialIn), required=True,
                            validate=validate.Length(min=1, max=20))
    exposure = fields.String(load_default=None, allow_none=True,
                             validate=validate.OneOf(EXPOSURES))
    integrity = fields.Integer(strict=True, load_default=None, allow_none=True,
                               validate=validate.Range(min=1, max=1000))
    integrity_current = fields.Integer(strict=True, load_default=None, allow_none=True,
                                       validate=validate.Range(min=0, max=1000))
    durability_bonus = bonus()
    magical = fields.Boolean(load_default=False)
    min_skill = fields.Nested(MinSkillIn, load_default=None, allow_none=True)
    enchantment_bonus = bonus()
    firearm = fields.Nested(FirearmIn, load_default=None, allow_none=True)
    description = fields.String(load_default="", validate=validate.Length(max=2000))
    holder = fields.String(load_default=None, allow_none=True)


class ItemDamageIn(Strict):
    amount = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=10_000))
    type = fields.String(load_default="impact", validate=validate.OneOf(OBJECT_DAMAGE_TYPES))
    exposure = fields.String(load_default=None, allow_none=True,
                             validate=validate.OneOf(EXPOSURES))
    at_zero = fields.String(load_default="nonfunctional",
                            validate=validate.OneOf(AT_ZERO))


class RepairIn(Strict):
    threshold_successes = fields.Integer(strict=True, required=True,
                                         validate=validate.Range(min=0, max=1000))
    cap = fields.Integer(strict=True, load_default=None, allow_none=True,
                         validate=validate.Range(min=0, max=1000))
    character = fields.String(load_default=None, allow_none=True)


class HandOverIn(Strict):
    holder = fields.String(required=True, allow_none=True)


class TrustTestIn(Strict):
    character = fields.String(required=True, validate=validate.Length(min=1, max=100))
    tn = fields.Integer(strict=True, load_default=None, allow_none=True,
                        validate=validate.Range(min=0, max=100))
    ammo_bonus = bonus()
    modifier = fields.Integer(strict=True, load_default=0, validate=validate.Range(-100, 100))
    focus = fields.String(load_default="Firearms", validate=validate.Length(min=1, max=100))
    dice = reported_dice()
    damage_dice = reported_dice()


class MaintainIn(Strict):
    character = fields.String(load_default=None, allow_none=True)


class IdentifyIn(Strict):
    character = fields.String(required=True, validate=validate.Length(min=1, max=100))


class LinkIn(Strict):
    character = fields.String(required=True, validate=validate.Length(min=1, max=100))
    helper = fields.String(load_default=None, allow_none=True)
    pool = fields.String(load_default=None, allow_none=True,
                         validate=validate.OneOf(POOLS))


class UnlinkIn(Strict):
    character = fields.String(load_default=None, allow_none=True)
    helper = fields.String(load_default=None, allow_none=True)
