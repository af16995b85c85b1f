"""Items and objects: registration, materials, and who holds what.

Rules (000 Damaging Objects; the README's "Objects"):
- Materials have the rules' Durability and Integrity, with their modifiers for the
  special damage types; Impact, Ballistic and Penetrating make no difference
  (ledger.domain.items.tables).
- Several materials: the lowest Durability if the most vulnerable parts are
  exposed, else the highest; the GM's choice per item, overridable per hit. The
  text gives no Integrity for several materials: it is input.
Damage and repair live in ledger/domain/items/damage.py, firearm trust tests in
ledger/domain/items/firearms.py, linkage in ledger/domain/items/linkage.py, identification in
ledger/domain/items/identification.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import d20
import msgspec

from ledger.domain.characters import require_character
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput, NotFound, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.items.tables import build_material, class_tn, durability, key
from ledger.domain.resources import DAMAGE_TYPES
from ledger.domain.sheet_names import MAGIC_SKILLS, canonical
from ledger.domain.state import CampaignState, Pool
from ledger.domain.state.items import Firearm, Item, MinSkill
from ledger.domain.wire_shape import wire

EXPOSURES = ("lowest", "highest")
AT_ZERO = ("nonfunctional", "destroyed")
TRUST_BONUS_CAP = 3  # "up to +3" for the weapon, "up to another +3" for the ammunition


class ItemRegistered(DomainEvent, frozen=True, kw_only=True):
    item: Item


class ItemHandedOver(DomainEvent, frozen=True, kw_only=True):
    item_id: str
    before: str | None
    after: str | None


def _copy(item: Item) -> Item:
    # The state must never share mutable parts with an event.
    return msgspec.json.decode(msgspec.json.encode(item), type=Item)


@evolves(ItemRegistered)
def _registered(state: CampaignState, e: ItemRegistered) -> None:
    item = _copy(e.item)
    item.registered_at = state.position + 1
    state.items[item.id] = item


@evolves(ItemHandedOver)
def _handed_over(state: CampaignState, e: ItemHandedOver) -> None:
    state.items[e.item_id].holder = e.after


def require_item(state: CampaignState, item_id: str) -> Item:
    item = state.items.get(item_id)
    if item is None:
        raise NotFound("item", item_id)
    return item


def check_magical(item: Item) -> None:
    if not item.magical:
        raise RuleViolation("item-not-magical", f"{item.name} is not a magic item")


def check_choice(value: str | None, allowed: tuple[str, ...], field: str) -> None:
    if value is not None and value not in allowed:
        raise InvalidInput(f"unknown-{field.replace('_', '-')}",
                           f"{field} is one of {', '.join(allowed)}", field=field)


# --- registration ------------------------------------------------------------------


def check_firearm_kind(kind: str, firearm: Mapping[str, Any] | None) -> None:
    if (kind == "firearm") != (firearm is not None):
        raise InvalidInput("firearm-kind", "an item of kind 'firearm' (and only one) has a "
                           "`firearm` block with its class and listed damage", field="firearm")


def check_several_materials_choice(spec: Mapping[str, Any]) -> None:
    """Several materials: the GM says which Durability applies; the text gives no Integrity."""
    if len(spec["materials"]) > 1 and spec.get("exposure") is None:
        raise InvalidInput("exposure-required-for-several-materials", "say whether the most "
                           "vulnerable parts are exposed ('lowest') or not ('highest')",
                           field="exposure")
    if len(spec["materials"]) > 1 and spec.get("integrity") is None:
        raise InvalidInput("integrity-required-for-several-materials", "the rules give no "
                           "Integrity for an object of several materials", field="integrity")


def check_magic_fields(spec: Mapping[str, Any]) -> None:
    magical = bool(spec.get("magical"))
    if spec.get("enchantment_bonus", 0) and not magical:
        raise InvalidInput("enchantment-needs-magical-item", "only a magical item has an "
                           "enchantment bonus", field="enchantment_bonus")
    if spec.get("min_skill") is not None and not magical:
        raise InvalidInput("min-skill-needs-magical-item", "only a magical item has a minimum "
                           "magic skill", field="min_skill")
    min_skill = spec.get("min_skill")
    if min_skill is not None:
        canonical(min_skill["skill"], MAGIC_SKILLS, "min_skill.skill", "unknown-magic-skill")
    if spec.get("firearm") is not None and spec.get("enchantment_bonus", 0) > TRUST_BONUS_CAP:
        raise InvalidInput("enchanted-weapon-bonus-at-most-3", "an enchanted firearm adds up "
                           "to +3 to the trust test", field="enchantment_bonus")


def build_firearm(spec: Mapping[str, Any]) -> Firearm:
    try:
        d20.parse(spec["damage"])
    except d20.RollError:
        raise InvalidInput("firearm-damage-notation", "the listed damage is dice notation, "
                           "e.g. 2d6+1", field="firearm") from None
    if spec.get("damage_type", "wound") not in DAMAGE_TYPES:
        raise InvalidInput("unknown-damage-type", f"damage types are {', '.join(DAMAGE_TYPES)}",
                           field="firearm")
    tn = spec.get("tn")
    return Firearm(weapon_class=key(spec["weapon_class"]), damage=spec["damage"],
                   damage_type=spec.get("damage_type", "wound"),
                   tn=tn if tn is not None else class_tn(spec["weapon_class"]))


def build_item(item_id: str, spec: Mapping[str, Any]) -> Item:
    check_firearm_kind(spec["kind"], spec.get("firearm"))
    check_several_materials_choice(spec)
    check_magic_fields(spec)
    check_choice(spec.get("exposure"), EXPOSURES, "exposure")
    materials = [build_material(m) for m in spec["materials"]]
    top = spec.get("integrity") or materials[0].integrity
    current = spec.get("integrity_current")
    min_skill = spec.get("min_skill")
    return Item(
        id=item_id, name=spec["name"], kind=spec["kind"], materials=materials,
        integrity=Pool(top if current is None else min(current, top), top),
        exposure=spec.get("exposure") or "lowest",
        durability_bonus=spec.get("durability_bonus", 0), magical=bool(spec.get("magical")),
        min_skill=MinSkill(canonical(min_skill["skill"], MAGIC_SKILLS, "min_skill.skill",
                                     "unknown-magic-skill"),
                           min_skill["level"]) if min_skill else None,
        enchantment_bonus=spec.get("enchantment_bonus", 0),
        firearm=build_firearm(spec["firearm"]) if spec.get("firearm") else None,
        description=spec.get("description", ""), holder=spec.get("holder"),
    )


def register_item(spec: Mapping[str, Any]) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        if spec.get("holder") is not None:
            require_character(state, spec["holder"])
        item = build_item(ctx.new_id("itm"), spec)
        return [ItemRegistered(character_id=item.holder, item=item)]

    return decide


def hand_over(item_id: str, holder: str | None) -> Decide:
    """Who carries the item now (None: nobody). The rules need no action for it."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        item = require_item(state, item_id)
        if holder is not None:
            require_character(state, holder)
        return [ItemHandedOver(character_id=holder, item_id=item.id, before=item.holder,
                               after=holder)]

    return decide


# --- views ---------------------------------------------------------------------------


def item_view(item: Item) -> dict[str, Any]:
    """The item as recorded, with its Durability now and the repair TN it gives."""
    base = durability(item)
    view: dict[str, Any] = wire(item)  # its wire shape: `trust` as a list
    return view | {"durability": base, "repair_tn": base + 10}


def holdings(state: CampaignState) -> list[dict[str, Any]]:
    """Who holds which item and who is linked to which: one entry per character, in the
    order items name them."""
    out: dict[str, dict[str, Any]] = {}
    for item in state.items.values():
        for who, what in ((item.holder, "holds"), (item.linked_to, "linked")):
            if who is not None:
                out.setdefault(who, {"character_id": who, "holds": [], "linked": []})[
                    what].append(item.id)
    return list(out.values())
