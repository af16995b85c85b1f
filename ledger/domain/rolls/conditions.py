"""What the roller's Conditions do to an AGE test ("Other Rules", Conditions; the readings
are in docs/rules/conditions.md, "Conditions on rolls").

Three kinds, each recorded on the roll by name:
- fixed penalties to all tests, added to the total (Fatigued -2, Exhausted -4, Impaired
  -3, Winded -1, Shock -1, Compelled -2, Choking -1/-3/-4 by degree);
- dice procedures the ledger applies (Nauseated rerolls each 5-6 once; Reeling fails the
  test on a Stunt Die of 1-2);
- penalties that depend on what the test is or whom it is against (an attack, a limb,
  sight, the source of fear, a physical action: a Lock's Impaired): shown on the roll,
  never applied, since a roll does not say which of them applies.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from ledger.domain.conditions.catalog import INCURABLE_BONUS
from ledger.domain.rolls.event import RollCondition
from ledger.domain.state import Condition
from ledger.domain.stunts.catalog import locks_physical_actions

# "-N to all tests" (Impaired: "all Ability tests", which every AGE test is).
TEST_PENALTIES = {"Fatigued": -2, "Exhausted": -4, "Impaired": -3, "Winded": -1, "Shock": -1,
                  "Compelled": -2}
# Choking by its points: "At 3 points ... -1 ... At 6 points ... -3 ... At 9 points ... -4".
CHOKING_DEGREES = ((9, -4), (6, -3), (0, -1))
NAUSEATED, REELING = "Nauseated", "Reeling"
# On an attack test (tag `attack`): Defenseless, "a -5 penalty to attack tests"; Blinded,
# "Fighting while blind imposes a -5 penalty to attacks" (a ranged attack beyond ten yards
# failing, and the GM's lighter penalty for one used to it, stay the table's: `modifier`).
ATTACK_PENALTIES = {"Defenseless": -5, "Blinded": -5}
# Backlash Consequences in combat time join the Conditions (ledger/domain/rolls/round_effects.py).
CONSEQUENCE_PENALTY = "Backlash Consequence: penalty this round"
CONSEQUENCE_FAILS = "Backlash Consequence: next major action fails"
PROCEDURES = {NAUSEATED: "each 5-6 rerolled once, the second result taken",
              REELING: "a Stunt Die of 1-2 fails the test",
              CONSEQUENCE_FAILS: "the test fails (002: \"Your next major action fails\")"}
NOT_APPLIED = {
    "Blinded": "-5 to attacks and other actions when fighting blind; sight tests fail",
    "Broken or Maimed": "-4 (Maimed -5) to tests using that limb",
    "Cowed": "-3 to attacks and Defense against its source, -1 against others",
    "Deafened": "hearing tests fail; -5 Defense against opponents not seen",
    "Defenseless": "-5 to attack tests; Defense 0",
    "Enraptured": "-3 to Perception tests not involving its target",
    "Hindered": "-1 to physical tests per point (or -2 physical damage per point)",
    "Immobile": "at 6 points, -4 to physical tests or Defense",
    "Impeded": "-2 to tests of the Abilities its cause concerns",
    "Injured": "-1 or -2 (Disabled: -4 or -5) to tests using that part",
    "Prone": "ranged attacks against them -1, melee attacks against them +1",
}
# A Lock at 5 SP: "the target is Impaired in any physical action" (000, Lock); which tests
# are physical a roll does not say, as for Hindered.
LOCK_IMPAIRED = "-3 to physical actions (a Lock at 5 SP)"


def choking_penalty(condition: Condition) -> int:
    """The degree of Choking is its points without the incurable bonus; below 3 (after a
    recovery took points off) it is still the first degree."""
    points = condition.points - (INCURABLE_BONUS if condition.incurable else 0)
    return next(penalty for floor, penalty in CHOKING_DEGREES if points >= floor)


def penalty_to_tests(condition: Condition) -> int | None:
    if condition.name == "Choking":
        return choking_penalty(condition)
    if condition.name == CONSEQUENCE_PENALTY:  # a Backlash Consequence's round (round_effects)
        return -condition.points
    return TEST_PENALTIES.get(condition.name)


class OnRoll(msgspec.Struct, frozen=True):
    """The roller's Conditions sorted by what they do to this roll."""

    modifiers: list[RollCondition]
    procedures: list[RollCondition]
    not_applied: list[RollCondition]

    @property
    def total(self) -> int:
        return sum(m.modifier for m in self.modifiers)

    def has(self, name: str) -> bool:
        return any(p.name == name for p in self.procedures)


def on_roll(conditions: Sequence[Condition], attack: bool = False) -> OnRoll:
    """Each Condition in force, in the order the character gained them; penalties of
    different Conditions add up (Winded and Fatigued together: -3). On an `attack` test,
    `ATTACK_PENALTIES` apply, where on another roll they are shown (outside reviews of
    the readings: the ledger knows its attacks)."""
    found = OnRoll([], [], [])
    for c in conditions:
        if attack and c.name in ATTACK_PENALTIES:
            on_attack = ATTACK_PENALTIES[c.name]
            found.modifiers.append(RollCondition(name=c.name, condition_id=c.id,
                                                 modifier=on_attack,
                                                 effect=f"{on_attack:+d} to attack tests"))
            continue
        if locks_physical_actions(c.name, c.cause, c.note):
            found.not_applied.append(RollCondition(name=c.name, condition_id=c.id,
                                                   effect=LOCK_IMPAIRED))
            continue
        penalty = penalty_to_tests(c)
        if penalty is not None:
            found.modifiers.append(RollCondition(name=c.name, condition_id=c.id,
                                                 modifier=penalty,
                                                 effect=f"{penalty:+d} to all tests"
                                                 + (" this round" if c.name ==
                                                    CONSEQUENCE_PENALTY else "")))
        elif c.name in PROCEDURES:
            found.procedures.append(RollCondition(name=c.name, condition_id=c.id,
                                                  effect=PROCEDURES[c.name]))
        elif c.name in NOT_APPLIED:
            found.not_applied.append(RollCondition(name=c.name, condition_id=c.id,
                                                   effect=NOT_APPLIED[c.name]))
    return found
