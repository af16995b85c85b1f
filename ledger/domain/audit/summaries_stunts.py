"""Summaries of spending Stunt Points, attacks, Locks and stunt resistances, as sentences:
"Mara spends 5 SP on Lock: Impaired"."""

from __future__ import annotations

from typing import Any

from ledger.domain.audit.summaries import Names, summarizes, who
from ledger.domain.stunts.catalog import ESCAPE_PENALTY, LOCK_CONDITIONS, THROW_CONDITIONS

SHORT = {"Throw": " and ".join(THROW_CONDITIONS), "Full Force": "the Minor Action given up",
         "Opportunist": "a prepared attack, the Minor Action given up"}


def effect(stunt: dict[str, Any], names: Names) -> str:
    """What a stunt did, in a few words."""
    name = stunt["name"]
    if stunt.get("condition"):
        said = f"{stunt['condition']}"
    elif name == "Lock":
        said = LOCK_CONDITIONS.get(stunt["tier"], f"{ESCAPE_PENALTY} to escape")
    else:
        said = SHORT.get(name, "")
    on = f" on {names(stunt['target'])}" if stunt.get("target") else ""
    return f"{name}: {said}{on}" if said else f"{name}{on}"


def priced(stunt: dict[str, Any], names: Names) -> str:
    bonus = stunt.get("bonus") or 0
    extra = f" ({stunt['tier']} SP with +{bonus} for Grabbed)" if bonus else ""
    if stunt.get("discount"):
        extra += (f" ({stunt['tier']} SP less {stunt['discount']} for "
                  f"{', '.join(stunt.get('talents') or [])})")
    return effect(stunt, names) + extra


@summarizes("StuntsSpent")
def _spent(d: dict[str, Any], names: Names) -> str:
    stunts = d["stunts"]
    if len(stunts) == 1:
        told = priced(stunts[0], names)
    else:
        told = "; ".join(f"{priced(s, names)} ({s['paid']} SP)" for s in stunts)
    approved = f", approved by {d['approved_by']}" if d.get("approved_by") else ""
    turn = f" in turn {d['turn_number']}" if d.get("turn_number") else ""
    rolls = "".join(f"; {names(r['target'])} rolls {r['ability']} ({r['focus']}) against TN "
                    f"{r['tn']}" for r in d.get("resistances") or [])
    return (f"{who(d, names)} spends {d['paid']} SP on {told}{turn} (roll at position "
            f"{d['roll_position']}: {d['budget'] - d['paid']} of {d['budget']} SP left{approved})"
            f"{rolls}")


@summarizes("AttackRolled")
def _attack(d: dict[str, Any], names: Names) -> str:
    kind = {"stunt-attack": "Stunt Attack", "opportunist": "Opportunist attack"}.get(
        d["kind"], "attack")
    on = f" on {names(d['target'])}" if d.get("target") else ""
    result = f"hits, {d['generated']} SP" if d["hit"] else "misses"
    return f"{who(d, names)}'s {kind}{on} {result}"


@summarizes("LockEscapeTried")
def _escape(d: dict[str, Any], names: Names) -> str:
    if d["escaped"]:
        return f"{who(d, names)} escapes the Lock"
    return f"{who(d, names)} fails to escape the Lock and takes {d['damage']} penetrating damage"


@summarizes("StuntResisted")
def _resisted(d: dict[str, Any], names: Names) -> str:
    bonus = f" with +{d['bonus']}" if d["bonus"] else ""
    verdict = "succeeds" if d["success"] else "fails"
    turn = f" in turn {d['turn_number']}" if d.get("turn_number") else ""
    return f"{who(d, names)} {verdict} a resistance roll{bonus}{turn}: {d['outcome']}"


@summarizes("GrappleNoted")
def _grapple(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} is {d['name']} in turn {d['turn_number']}: a Lock on them comes "
            "next turn")


@summarizes("StuntTurnPassed")
def _turn_passed(d: dict[str, Any], names: Names) -> str:
    if d["why"] == "encounter-ended":
        return f"{d['stunt']} on {who(d, names)} ends with the encounter"
    if d["turns_left"]:
        return f"{d['stunt']} holds {who(d, names)} for {d['turns_left']} more turn(s)"
    return f"{d['stunt']} no longer holds {who(d, names)}: their turns under it are over"
