"""The Defense penalties of Conditions (000, Conditions), applied when a Defense is shown
(docs/rules/conditions.md, "Defense after Conditions").

- Fixed penalties, added to the sheet's Defense: Fatigued -2 ("is at -2 Defense and
  Speed"), Exhausted -4 ("a -4 penalty to all tests and Defense"), Grabbed -2, Helpless
  -5, Restrained -4. Different Conditions add up.
- Defenseless: "has an effective Defense of 0", whatever the rest.
- Penalties that depend on the attacker or the body (Cowed against its source, Deafened
  against opponents not seen, Blinded's lost Dexterity, Immobile at 6's "-4 to all
  physical tests or Defense"): shown, not applied.
- Helpless without the Condition: "A dying character is helpless", an unconscious one
  "is helpless" (Comatose is unconscious), and "The character has -5 Defense": the -5
  applies while the character is so, named `Helpless (dying)` or `Helpless
  (unconscious)` with no Condition id, unless a Helpless Condition already gives it (an
  outside rules check saw a dying character keep its whole Defense).
- A worse form supersedes: Restrained's -4 replaces Grabbed's -2 (a Lock, "Restrained,
  at -4 Defense", on a Grabbed target; an outside rules check saw -6), as Exhausted's
  replaces Fatigued's. Escalation replaces one with the other; a Condition added beside
  its worse form by a stunt or by hand is kept but adds nothing.
- Never below 0 (our reading: 0 is Defenseless's floor, the lowest the texts name).
"""

from __future__ import annotations

from typing import Any

from ledger.domain.state import Character

DEFENSE_PENALTIES = {"Fatigued": -2, "Exhausted": -4, "Grabbed": -2, "Helpless": -5,
                     "Restrained": -4}
DEFENSELESS = "Defenseless"
# A Condition in force beside its worse form adds nothing of its own (Defense and Speed).
SUPERSEDED_BY = {"Grabbed": "Restrained", "Fatigued": "Exhausted"}
SHOWN = {"Cowed": "-3 Defense against the source of fear, -1 against others",
         "Deafened": "-5 Defense against opponents the character cannot see",
         "Blinded": "no Dexterity in Defense against opponents who can see",
         "Immobile": "at 6 points, -4 to all physical tests or Defense"}


def defense_after_conditions(character: Character) -> dict[str, Any]:
    """The sheet's Defense (null when not recorded), the Conditions' penalties by name and
    id, and the Defense after them."""
    counted = set(in_force([c.name for c in character.conditions]))
    penalized = [c for c in character.conditions if c.name in DEFENSE_PENALTIES
                 and c.name in counted]
    modifiers: list[dict[str, Any]] = [
        {"name": c.name, "condition_id": c.id, "modifier": DEFENSE_PENALTIES[c.name]}
        for c in penalized]
    down = helpless_because(character)
    if down and not any(c.name == "Helpless" for c in penalized):
        modifiers.append({"name": f"Helpless ({down})", "condition_id": None,
                          "modifier": DEFENSE_PENALTIES["Helpless"]})
    zero = next((c.id for c in character.conditions if c.name == DEFENSELESS), None)
    not_applied = [{"name": c.name, "condition_id": c.id, "effect": SHOWN[c.name]}
                   for c in character.conditions if c.name in SHOWN]
    base = character.defense
    after = None if base is None else (
        0 if zero else max(0, base + sum(m["modifier"] for m in modifiers)))
    return {"sheet": base, "modifiers": modifiers, "defenseless": zero is not None,
            "not_applied": not_applied, "after_conditions": after}


def in_force(names: list[str]) -> list[str]:
    """The Conditions' names without those a worse form present supersedes."""
    return [name for name in names if SUPERSEDED_BY.get(name) not in names]


def helpless_because(character: Character) -> str | None:
    """"dying" or "unconscious" when the text makes the character helpless without a
    Helpless Condition (000, Dying; Unconscious; Comatose), else None."""
    if character.dying:
        return "dying"
    if character.unconscious or any(c.name in ("Unconscious", "Comatose")
                                    for c in character.conditions):
        return "unconscious"
    return None
