"""The stunts catalogue: each stunt of Mana Noir's "New Stunts" at the tiers its body prices,
read from ledger/domain/stunts/catalog.py, which the spending rules use."""

from __future__ import annotations

from typing import Any

from ledger.domain.catalog.registry import catalogue
from ledger.domain.conditions.catalog import CATALOGUE as CONDITIONS
from ledger.domain.state import Settings
from ledger.domain.stunts.attacks import STUNT_ATTACK_SP
from ledger.domain.stunts.catalog import STUNTS
from ledger.domain.stunts.spending import GRABBED_BONUS, HOLDING
from ledger.domain.stunts.talents import DISCOUNTS, MINIMUM_COST, TRICKSTER_STUNT

RULES = {
    "budget": "A roll's SP: generated + pool SP spent on it - SP placed from it into the pool "
              "- SP already spent; spending past it is refused.",
    "gm_named": "Any other stunt is one the GM names with its cost.",
    "grappling": f"Grappling stunts need a prior Grapple (the target {', '.join(HOLDING)}, "
                 f"held in a lock, or a GM-named Grapple); a Grabbed target adds "
                 f"+{GRABBED_BONUS} to the SP used on the first one a roll buys.",
    "conditions": "From an attack roll, SP buy a Condition at its points (GM approval); the "
                  "SP spent are its figure, so recovery is TN 9 + that figure.",
    "stunt_attack": f"A Stunt Attack generates {STUNT_ATTACK_SP} SP on a hit, without doubles.",
}


def tables(settings: Settings) -> dict[str, Any]:
    return {
        "condition_costs": {spec.name: list(spec.points) for spec in CONDITIONS.values()},
        "talent_discounts": [{"talent": name, "degree": degree.title(), "stunts": list(stunts),
                              "sp_less": less, "minimum_cost": MINIMUM_COST}
                             for name, degree, stunts, less in DISCOUNTS],
        "talent_stunts": [{"name": TRICKSTER_STUNT[0], "sp": TRICKSTER_STUNT[1],
                           "effect": TRICKSTER_STUNT[2], "talent": "Trickster Master"}],
    }


@catalogue("stunts", "Stunts with the SP of each tier and what they do", rules=RULES,
           tables=tables)
def stunts(settings: Settings) -> list[dict[str, Any]]:
    return [{
        "name": spec.name, "category": spec.category, "heading": spec.heading,
        "tiers": [{"sp": sp, "effect": effect} for sp, effect in sorted(spec.tiers.items())],
        "uses_minor_action": spec.minor_action, "grappling": spec.grappling,
        "needs_target": spec.needs_target,
        "target_roll": None if spec.resist is None else {
            "ability": spec.resist.ability, "focus": spec.resist.focus,
            "tn": f"{spec.resist.base} + the character's " + " or ".join(
                f"{ability} ({focus})" for focus, ability in spec.resist.options.items()),
            "at_tier": spec.resist_tier},
    } for spec in STUNTS.values()]
