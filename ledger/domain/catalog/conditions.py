"""The Conditions catalogue: points, stacking, escalations and what ends each Condition,
read from ledger/domain/conditions/catalog.py and asked of the recovery and treatment rules."""

from __future__ import annotations

from typing import Any

from ledger.domain.catalog.registry import catalogue
from ledger.domain.conditions.catalog import (
    ALIASES,
    CATALOGUE,
    ESCALATIONS,
    INCURABLE_BONUS,
    SPEED_CONDITIONS,
    Spec,
)
from ledger.domain.conditions.recovery import HEALING_PER_POINT, RECOVERY_TN_BASE
from ledger.domain.conditions.treatment import check_not_maimed, needs_treatment
from ledger.domain.errors import RuleViolation
from ledger.domain.state import Condition, Settings


def _heals_only_by_magic(name: str, points: int) -> bool:
    try:
        check_not_maimed(Condition(id="", name=name, points=points, figure=0))
    except RuleViolation:
        return True
    return False


def ends(spec: Spec) -> list[dict[str, Any]]:
    """How a Condition of each allowed points value ends, as the rules code decides it."""
    found = []
    for points in spec.points:
        probe = Condition(id="", name=spec.name, points=points, figure=0)
        magic_only = _heals_only_by_magic(spec.name, points)
        found.append({
            "points": points,
            "recovery_roll": not magic_only,
            "needs_treatment_first": needs_treatment(probe),
            "magical_healing": True,
        })
    return found


RULES = {
    "recovery": f"Constitution (Stamina) test against TN {RECOVERY_TN_BASE} + the figure that "
                "created the Condition; a success takes the Stunt Die off its points, and at 0 "
                "points it ends. Never generates Stunt Points.",
    "magical_healing": f"{HEALING_PER_POINT} points of magical healing remove 1 point; never a "
                       "Condition that Backlash caused.",
    "incurable": f"An incurable Condition gains {INCURABLE_BONUS} points and never recovers "
                 "by a roll.",
    "dying": "Dying has no points: it comes only from wound damage at 0 Health.",
}


@catalogue("conditions", "Conditions with their points, escalations and how each ends",
           settings=("helpless_points",), rules=RULES)
def conditions(settings: Settings) -> list[dict[str, Any]]:
    aliases: dict[str, list[str]] = {}
    for alias, target in ALIASES.items():
        aliases.setdefault(target, []).append(alias)
    entries = []
    for key, spec in CATALOGUE.items():
        escalations = [{"rule": e.rule, "incoming": e.incoming, "on": e.on, "result": e.result,
                        "keeps_existing": e.keeps} for e in ESCALATIONS
                       if spec.name in (e.incoming, e.on)]
        entries.append({
            "name": spec.name, "points": list(spec.points),
            "default_points": settings.helpless_points if spec.name == "Helpless"
            else spec.points[0] if len(spec.points) == 1 else None,
            "stacks": spec.stacks, "placed": spec.placed, "aliases": sorted(aliases.get(key, [])),
            "affects_speed": spec.name in SPEED_CONDITIONS,
            "escalations": escalations, "ends": ends(spec),
        })
    return entries
