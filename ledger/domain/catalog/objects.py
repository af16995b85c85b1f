"""Materials, object damage types and firearm classes: ledger/domain/items/tables.py and the
firearm mishaps of ledger/domain/items/firearms.py."""

from __future__ import annotations

from typing import Any

from ledger.domain.catalog.registry import catalogue
from ledger.domain.items.firearms import MISHAPS
from ledger.domain.items.tables import (
    AT_LEAST,
    FIREARM_CLASS_TN,
    MATERIALS,
    OBJECT_DAMAGE_TYPES,
    PLAIN_DAMAGE,
    SPECIAL_DAMAGE,
    material_durability,
)
from ledger.domain.state import Settings
from ledger.domain.state.items import Material


@catalogue("materials", "Materials with their Durability and Integrity, and the Durability "
           "each object damage type meets", rules={
               "plain_damage": f"{', '.join(PLAIN_DAMAGE)} damage makes no difference to objects",
               "special_damage": f"{', '.join(SPECIAL_DAMAGE)} may meet another Durability",
               "other_materials": "a material not listed is registered with its Durability and "
                                  "Integrity given in full",
           })
def materials(settings: Settings) -> list[dict[str, Any]]:
    entries = []
    for name, (durability, integrity, modifiers, versus) in MATERIALS.items():
        material = Material(name=name, durability=durability, integrity=integrity,
                            modifiers=dict(modifiers), versus=dict(versus))
        entries.append({
            "name": name, "durability": durability, "integrity": integrity,
            "at_least": name in AT_LEAST, "modifiers": dict(modifiers), "versus": dict(versus),
            "durability_by_damage_type": {t: material_durability(material, t)
                                          for t in OBJECT_DAMAGE_TYPES},
        })
    return entries


@catalogue("firearm-classes", "Firearm classes with the TN of their trust test, and what a "
           "failed trust test does by Stunt Die")
def firearm_classes(settings: Settings) -> list[dict[str, Any]]:
    mishaps = {str(die): outcome for die, outcome in MISHAPS.items()}
    return [{"name": name, "trust_test_tn": tn, "mishap_by_stunt_die": mishaps}
            for name, tn in FIREARM_CLASS_TN.items()]
