"""Summaries of the rule modules' events: Conditions, items and firearms, Bonds and the
Stunt Pool (magic: summaries_magic.py). A rule module may register its own summarizer
for a type; being imported later, it replaces the one here."""

from __future__ import annotations

from typing import Any

from ledger.domain.audit.summaries import Names, because, outcome, summarizes, who, why

# --- Conditions (000) ------------------------------------------------------------------

@summarizes("ConditionAdded")
def _condition_added(d: dict[str, Any], names: Names) -> str:
    c = d["condition"]
    became = f" ({d['requested']} escalated to {c['name']})" if d["requested"] != c["name"] else ""
    traded = (f", {d['exchange']['exchanged']} damage traded for it" if d.get("exchange") else "")
    return f"{who(d, names)} gained {c['name']} at {c['points']} points{became}{traded}"


@summarizes("ConditionReduced")
def _condition_reduced(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)}'s {d['name']} reduced by {d['how']} "
            f"({d['before']} → {d['after']} points)")


@summarizes("TreatmentStarted", "ConditionTreated")
def _treatment(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)}'s condition {d['condition_id']}: treatment on day {d['day']}"


@summarizes("MovementChanged")
def _movement(d: dict[str, Any], names: Names) -> str:
    m = d.get("movement")
    if not m:
        return f"{who(d, names)} moves freely again"
    return f"{who(d, names)}'s Speed is now {m['speed']}{', cannot move' if m['immobile'] else ''}"


# --- items, firearms, linkage (000, 001) --------------------------------------------------

@summarizes("ItemRegistered")
def _item_registered(d: dict[str, Any], names: Names) -> str:
    return f"Item {d['item']['name']!r} recorded"


@summarizes("ItemHandedOver")
def _handed_over(d: dict[str, Any], names: Names) -> str:
    return f"{names(d['item_id'])} handed from {names(d['before'])} to {names(d['after'])}"


@summarizes("TrustTested")
def _trust(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} trusted {names(d['item_id'])}: {d['total']} vs TN {d['tn']}, "
            f"{outcome(d['success'])}, {d['outcome']}")


@summarizes("WeaponMaintained")
def _maintained(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)} maintained {names(d['item_id'])}"


@summarizes("ItemDamaged")
def _item_damaged(d: dict[str, Any], names: Names) -> str:
    return (f"{names(d['item_id'])} took {d['amount']} damage (Integrity "
            f"{d['integrity_before']} → {d['integrity_after']}, {d['status_after']})")


@summarizes("ItemRepaired")
def _item_repaired(d: dict[str, Any], names: Names) -> str:
    return (f"{names(d['item_id'])} repaired (Integrity {d['integrity_before']} → "
            f"{d['integrity_after']}, {d['status_after']})")


@summarizes("ItemIdentificationBegun")
def _identifying(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)} began studying {names(d['item_id'])} on day {d['day']}"


@summarizes("ItemIdentified")
def _identified(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)} identified {names(d['item_id'])} on day {d['day']}"


@summarizes("ItemIdentificationAbandoned")
def _abandoned(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)} stopped studying {names(d['item_id'])}{why(d.get('why'))}"


@summarizes("ItemLinked")
def _linked(d: dict[str, Any], names: Names) -> str:
    effort = f", 1 {d['pool'].title()} Effort committed" if d.get("pool") else ""
    return (f"{who(d, names)} linked {names(d['item_id'])} (permanent Strain "
            f"{d['strain_permanent_before']} → {d['strain_permanent_after']}{effort})")


@summarizes("ItemLinkEnded")
def _unlinked(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)}'s link to {names(d['item_id'])} ended{why(d.get('why'))}"


# --- Bonds and the Stunt Pool (000) -----------------------------------------------------------

@summarizes("BondRecorded")
def _bond(d: dict[str, Any], names: Names) -> str:
    return (f"Bond between {names(d['a'])} and {names(d['b'])}: "
            f"rank {d['before'] or 0} → {d['rank']}")


@summarizes("StuntPoolOpened", "StuntPoolReset")
def _pool(d: dict[str, Any], names: Names) -> str:
    return f"Stunt Pool set to its base of {d['base']} SP (session {d['session']})"


@summarizes("StuntPoolMembersSet")
def _members(d: dict[str, Any], names: Names) -> str:
    members = d.get("members")
    return ("Stunt Pool members: " + ", ".join(names(m) for m in members) if members is not None
            else "Stunt Pool members: every character")


@summarizes("StuntRollNoted")
def _noted(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)}'s roll at position {d['roll_position']} generated {d['generated']} SP"


@summarizes("StuntPointsContributed", "StuntPoolSpent")
def _pool_sp(d: dict[str, Any], names: Names) -> str:
    verb = "spent" if "purpose" in d else "added"
    return (f"{who(d, names)} {verb} {d['sp']} Stunt Pool SP{because(d.get('purpose'))} "
            f"({d['before']} → {d['after']})")
