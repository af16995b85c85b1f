"""The figures the rules give for objects: materials, damage types and firearm class TNs.

Only what the Damaging Objects and Firearms text lists (000). Everything else (other
materials, other damage-type modifiers, a firearm's listed damage) is the GM's input.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ledger.domain.errors import InvalidInput
from ledger.domain.state.items import Item, Material

# "Impact, Ballistic and Penetrating damage makes no difference to objects"; the special
# attacks "may have specific bonuses or penalties where the object's material is concerned".
PLAIN_DAMAGE = ("impact", "ballistic", "penetrating")
SPECIAL_DAMAGE = ("acid", "arcane", "cold", "fire", "lightning", "psychic", "sonic", "spiritual")
OBJECT_DAMAGE_TYPES = PLAIN_DAMAGE + SPECIAL_DAMAGE

_METAL = {"acid": -3, "cold": -3, "fire": 5, "lightning": 5, "sonic": 5}
_WOOD = {"acid": -3, "cold": -3, "fire": -3, "lightning": -3}

# name -> (Durability, Integrity, relative modifiers, absolute Durability per type)
MATERIALS: dict[str, tuple[int, int, dict[str, int], dict[str, int]]] = {
    "liquid": (0, 2, {}, {"acid": 20, "cold": 10, "fire": 5, "lightning": 5}),
    "steel": (15, 10, _METAL, {}),
    "alloy": (13, 12, _METAL, {}),
    "precious-metal": (11, 4, _METAL, {}),
    "mystic-metal": (18, 12, _METAL, {}),  # "18+" and "12+": these are the least
    "wood": (4, 4, _WOOD, {}),
    "hardwood": (8, 6, _WOOD, {}),
}
AT_LEAST = {"mystic-metal": (18, 12)}

# Firearm class -> trust-test TN, as the Firearms list gives them.
FIREARM_CLASS_TN: dict[str, int] = {
    **dict.fromkeys(("blunderbuss", "cannon", "musket", "revolver"), 9),
    **dict.fromkeys(("pocket-pistol", "semiautomatic-pistol", "hunting-rifle", "shotgun"), 11),
    **dict.fromkeys(("artillery", "carbine", "pump-shotgun", "semiautomatic-rifle",
                     "automatic-rifle", "sniper-rifle"), 13),
    **dict.fromkeys(("rocket-propelled-grenade", "vehicle-mounted-weapon"), 15),
}


def key(name: str) -> str:
    """'Hunting Rifle' and 'hunting_rifle' are both 'hunting-rifle'."""
    return "-".join(name.strip().lower().replace("_", " ").split())


def class_tn(weapon_class: str) -> int | None:
    return FIREARM_CLASS_TN.get(key(weapon_class))


def check_damage_type(damage_type: str, field: str = "type") -> None:
    if damage_type not in OBJECT_DAMAGE_TYPES:
        raise InvalidInput("unknown-object-damage-type",
                           f"object damage types are {', '.join(OBJECT_DAMAGE_TYPES)}", field=field)


def check_plain_damage_makes_no_difference(material: Material) -> None:
    for damage_type in (*material.modifiers, *material.versus):
        check_damage_type(damage_type, field="materials")
        if damage_type in PLAIN_DAMAGE:
            raise InvalidInput(
                "plain-damage-makes-no-difference",
                f"{damage_type.title()} damage makes no difference to objects; "
                f"{material.name} cannot have a modifier against it",
                field="materials",
            )


def check_mystic_metal_minimum(material: Material) -> None:
    least = AT_LEAST.get(key(material.name))
    if least and (material.durability < least[0] or material.integrity < least[1]):
        raise InvalidInput("mystic-metal-minimum",
                           "mystic metals have Durability 18+ and Integrity 12+",
                           field="materials")


def build_material(spec: Mapping[str, Any]) -> Material:
    """A material from the table (its figures overridable) or a material given in full."""
    name = str(spec["name"])
    known = MATERIALS.get(key(name))
    durability, integrity = spec.get("durability"), spec.get("integrity")
    if known is None and (durability is None or integrity is None):
        raise InvalidInput(
            "material-figures-required",
            f"{name!r} is not in the rules' materials list ({', '.join(MATERIALS)}); "
            "give its Durability and Integrity", field="materials")
    base = known or (0, 0, {}, {})
    material = Material(
        name=key(name) if known else name,
        durability=base[0] if durability is None else int(durability),
        integrity=base[1] if integrity is None else int(integrity),
        modifiers=base[2] | dict(spec.get("modifiers") or {}),
        versus=base[3] | dict(spec.get("versus") or {}),
    )
    check_plain_damage_makes_no_difference(material)
    check_mystic_metal_minimum(material)
    return material


def material_durability(material: Material, damage_type: str | None) -> int:
    if damage_type is None:
        return material.durability
    if damage_type in material.versus:
        return material.versus[damage_type]
    return material.durability + material.modifiers.get(damage_type, 0)


def durability(item: Item, damage_type: str | None = None, exposure: str | None = None) -> int:
    """Several materials: the lowest Durability if the most vulnerable parts are exposed,
    else the highest; then the enchantment's extra Durability."""
    values = [material_durability(m, damage_type) for m in item.materials]
    pick = min if (exposure or item.exposure) == "lowest" else max
    return pick(values) + item.durability_bonus
