"""The Conditions of Mana Noir ("Other Rules", Conditions) with their points.

A fixed Condition has one value; a ranged one (Choking 3-6-9, Hindered 1-3,
Injured 1-6, Immobile 3 or 6...) takes its points from input within its range.
Helpless is 4 or 7, by default the campaign's `helpless_points`. Dying has no
points: it comes only from wound damage at 0 Health (ledger/domain/resources.py).
"""

from __future__ import annotations

import math

import msgspec

from ledger.domain.conditions.defense import helpless_because, in_force
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.state import Character, Condition, Settings
from ledger.domain.state.conditions import Movement


class Spec(msgspec.Struct, frozen=True):
    name: str
    points: tuple[int, ...]  # the allowed values, lowest first
    stacks: bool = False  # several instances may coexist (Hamstrung, Weakened)
    placed: bool = False  # sits on a body part; instances on different parts coexist


def _fixed(name: str, points: int) -> Spec:
    return Spec(name, (points,))


CATALOGUE: dict[str, Spec] = {spec.name.lower(): spec for spec in (
    _fixed("Blinded", 5),
    Spec("Broken or Maimed", (4, 5, 6), placed=True),
    Spec("Choking", (3, 6, 9)),
    _fixed("Comatose", 10), _fixed("Compelled", 4), _fixed("Confused", 3),
    _fixed("Controlled", 6), _fixed("Cowed", 3), _fixed("Dazed", 2), _fixed("Deafened", 3),
    _fixed("Defenseless", 5), _fixed("Enraptured", 2), _fixed("Exhausted", 6),
    _fixed("Fatigued", 4), _fixed("Grabbed", 2),
    Spec("Hamstrung", (2,), stacks=True),
    Spec("Helpless", (4, 7)),
    Spec("Hindered", (1, 2, 3)),
    Spec("Immobile", (3, 6)),
    _fixed("Impaired", 4), _fixed("Impeded", 2),
    Spec("Injured", (1, 2, 3, 4, 5, 6), placed=True),
    _fixed("Muted", 4), _fixed("Nauseated", 4), _fixed("Pinned", 4), _fixed("Prone", 2),
    _fixed("Reeling", 5), _fixed("Restrained", 5), _fixed("Shock", 2), _fixed("Slowed", 3),
    _fixed("Unconscious", 8),
    Spec("Weakened", (4,), stacks=True),
    _fixed("Winded", 2),
)}
ALIASES = {"broken": "broken or maimed", "maimed": "broken or maimed"}
INCURABLE_BONUS = 2


class Escalation(msgspec.Struct, frozen=True):
    """`incoming` on an existing `on` becomes `result`; `keeps` leaves `on` in place."""

    rule: str
    incoming: str
    on: str
    result: str
    keeps: bool = False


# Checked in this order: an Exhausted character receiving Fatigued becomes Helpless
# before the Fatigued-on-Fatigued rule is looked at.
ESCALATIONS = (
    Escalation("fatigued-on-exhausted-is-helpless", "Fatigued", "Exhausted", "Helpless",
               keeps=True),
    Escalation("exhausted-on-exhausted-is-helpless", "Exhausted", "Exhausted", "Helpless",
               keeps=True),
    Escalation("fatigued-on-fatigued-is-exhausted", "Fatigued", "Fatigued", "Exhausted"),
    Escalation("winded-on-winded-is-fatigued", "Winded", "Winded", "Fatigued"),
    Escalation("grabbed-on-grabbed-is-restrained", "Grabbed", "Grabbed", "Restrained"),
)


def lookup(name: str) -> Spec:
    key = name.strip().lower()
    if key == "dying":
        raise RuleViolation("dying-only-from-wound-damage",
                            "Dying has no points: it comes from wound damage at 0 Health",
                            field="name")
    spec = CATALOGUE.get(ALIASES.get(key, key))
    if spec is None:
        names = [s.name for s in CATALOGUE.values()]
        raise InvalidInput("unknown-condition", f"no Condition named {name!r}; Conditions are "
                           f"{', '.join(names)} (any case)", field="name", allowed=names,
                           catalog="conditions")
    return spec


def base_points(spec: Spec, points: int | None, settings: Settings) -> int:
    """The points before the incurable bonus: fixed, or input within the range."""
    if points is None:
        if spec.name == "Helpless":
            return settings.helpless_points
        if len(spec.points) > 1:
            raise InvalidInput("condition-points", f"{spec.name} takes {_range_text(spec)} "
                               "points: say how many", field="points")
        return spec.points[0]
    if points not in spec.points:
        raise InvalidInput("condition-points", f"{spec.name} is worth {_range_text(spec)} points, "
                           f"not {points}", field="points")
    return points


def _range_text(spec: Spec) -> str:
    values = [str(p) for p in spec.points]
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


def escalation_points(result: str, settings: Settings) -> int:
    return settings.helpless_points if result == "Helpless" else CATALOGUE[result.lower()].points[0]


# --- Speed ------------------------------------------------------------------
SPEED_CONDITIONS = ("Fatigued", "Exhausted", "Hamstrung", "Immobile", "Pinned", "Slowed",
                    "Grabbed", "Restrained", "Helpless")
# Held in place (000): Immobile and Pinned ("immobile"); Grabbed, "They cannot move from
# their spot until freeing themselves"; Restrained, "unable to move freely"; Helpless,
# "cannot take any actions". Outside checks saw full Speed for each of the last three
# (Restrained even straight after the Grabbed it escalates from).
HELD = ("Immobile", "Pinned", "Grabbed", "Restrained", "Helpless")


def movement(character: Character, conditions: list[Condition]) -> Movement | None:
    """Speed after Conditions: losses first (Hamstrung -4 each, Fatigued -2), then halving
    (Exhausted rounds up, Slowed rounds down), then a hold (`HELD`) sets it to 0. A
    Condition beside its worse form adds nothing (`in_force`)."""
    names = in_force([c.name for c in conditions])
    if not any(name in SPEED_CONDITIONS for name in names):
        return None
    speed = max(0, character.speed - 4 * names.count("Hamstrung") - 2 * ("Fatigued" in names))
    if "Exhausted" in names:
        speed = math.ceil(speed / 2)
    if "Slowed" in names:
        speed //= 2
    if any(name in HELD for name in names):
        speed = 0
    return Movement(speed=speed, immobile=speed == 0)


def movement_shown(character: Character) -> Movement | None:
    """The Speed a read shows: the recorded one after Conditions, or 0 while the text makes
    the character helpless without the Condition (dying; unconscious, Comatose: "unable to
    take any actions"), worked out when read, as Defense's -5 is (defense.py). An outside
    rules check saw them keep their whole Speed."""
    if helpless_because(character) is not None:
        return Movement(speed=0, immobile=True)
    return character.movement
