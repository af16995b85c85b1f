"""Talents and specializations that change what a stunt costs (Mana Noir "Talents" and
"Specializations"), read from the roller's sheet (`Character.talents`, `.specializations`).

Rules and our readings (docs/rules/talents.md):
- Adventurer Novice: Aha!, Intuition and Lucky Break cost -1 SP. Adventurer Master: +1 SP
  when using When a Plan Comes Together, Pay Dirt, Momentum or Duck and Weave. Leader
  Expert ("+! SP", read as +1): +1 SP to use on Group Tactics, Double-Team, When a Plan
  Comes Together or Class Clown. Manipulation Expert: And Another Thing and Sway the Crowd
  cost -1 SP. Our reading: "+1 SP to use on" a stunt is the same as it costing 1 SP less;
  the sources of one stunt add up, and a stunt never costs less than 1 SP.
- Trickster Master: the special stunt "Discombobulation, 3" (`TRICKSTER_STUNT`), bought
  only by a character with Trickster at Master or above.
- A degree includes the ones below it (Novice < Expert < Master < Grandmaster < Apex).
- Warrior Expert: "Choose three General Combat, Melee, Ranged, or Grappling Stunts. These
  stunts costs you -1 SP". The choice is the talent's `choice` on the sheet, the stunts
  named comma-separated; only the first three count (our reading: the text allows three).
  Whether a stunt is of those kinds is the GM's call when the choice is recorded.
"""

from __future__ import annotations

from ledger.domain.state import Character
from ledger.domain.state.character import Graded
from ledger.domain.stunts.catalog import folded

DEGREES = ("novice", "expert", "master", "grandmaster", "apex")
# (talent or specialization, least degree, stunts, SP less)
DISCOUNTS: tuple[tuple[str, str, tuple[str, ...], int], ...] = (
    ("Adventurer", "novice", ("Aha!", "Intuition", "Lucky Break"), 1),
    ("Adventurer", "master", ("When a Plan Comes Together", "Pay Dirt", "Momentum",
                              "Duck and Weave"), 1),
    ("Leader", "expert", ("Group Tactics", "Double-Team", "When a Plan Comes Together",
                          "Class Clown"), 1),
    ("Manipulation", "expert", ("And Another Thing", "Sway the Crowd"), 1),
)
TRICKSTER_STUNT = ("Discombobulation", 3, "a single target of a Melee Attack or a Sleight of "
                   "Hand attempt automatically fails their next physical action")
MINIMUM_COST = 1


def degree_of(character: Character, name: str) -> int:
    """The character's degree in a talent or specialization (-1 without it)."""
    found: list[Graded] = [g for g in character.talents + character.specializations
                           if g.name.strip().lower() == name.lower()]
    ranks = [DEGREES.index(g.degree.strip().lower()) for g in found
             if g.degree.strip().lower() in DEGREES]
    return max(ranks, default=-1)


def has(character: Character, name: str, degree: str) -> bool:
    return degree_of(character, name) >= DEGREES.index(degree)


WARRIOR_CHOICES = 3


def warrior_stunts(character: Character) -> tuple[str, ...]:
    """The stunts chosen with Warrior at Expert or above (the first three named)."""
    if not has(character, "Warrior", "expert"):
        return ()
    choice = next((g.choice for g in character.talents + character.specializations
                   if g.name.strip().lower() == "warrior" and g.choice), "")
    named = tuple(" ".join(s.split()) for s in (choice or "").split(",") if s.strip())
    return named[:WARRIOR_CHOICES]


def discount(character: Character, stunt: str, cost: int) -> tuple[int, list[str]]:
    """SP less for `stunt` and the talents that gave it; never below 1 SP in all."""
    rows = (*DISCOUNTS, ("Warrior", "expert", warrior_stunts(character), 1))
    sources = [f"{name} {degree.title()}" for name, degree, stunts, _ in rows
               if has(character, name, degree) and folded(stunt) in {folded(s) for s in stunts}]
    less = sum(amount for name, degree, stunts, amount in rows
               if f"{name} {degree.title()}" in sources)
    return min(less, max(0, cost - MINIMUM_COST)), sources
