"""The bounds a character's values keep, in one place.

The request schemas (api/schemas.py) check single values with these; decide checks
every value a registration, a sheet edit or a GM correction sets, and the bounds
between fields (`ORDERED`). Each bound says where it comes from: `text` for the
rules' own, `game` for the games the texts build on (Modern AGE, CWN), `sane` for our
limit against typos and abuse (docs/rules/characters.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from ledger.domain.errors import InvalidInput


class Bound(NamedTuple):
    low: int
    high: int
    source: str  # "text", "game" or "sane"

    def why(self) -> str:
        return {"text": "the rules' limit", "game": "the game's limit"}.get(
            self.source, "a sane limit")


NAME_LENGTH = Bound(1, 200, "sane")
LEVEL = Bound(1, 20, "game")  # Modern AGE levels
ABILITY = Bound(-5, 30, "sane")  # above 5 is superhuman (permanent Backlash)
ATTRIBUTE = Bound(3, 18, "game")  # CWN attribute scores
MODIFIER = Bound(-5, 5, "sane")  # CWN gives -2..+2 from the score; edges and items add
SKILL = Bound(-1, 4, "game")  # CWN skills: -1 untrained, 0 to 4
RATING = Bound(0, 100, "sane")  # art points, Toughness, Armor, Speed
# Health, Mana, Conviction; the current value also <= max. Load runs gain Mana up to a
# million; far beyond any sheet, yet within every integer column a read model uses.
POOL = Bound(0, 1_000_000, "sane")
STRAIN = Bound(0, 1000, "sane")  # current may pass the maximum; permanent <= current
STRAIN_MAX = Bound(0, 100, "sane")  # the text: the Constitution score
IMPLANT_STRAIN = Bound(0, 20, "sane")
BACKLASH = Bound(0, 1000, "sane")

POOLS = ("health", "mana", "conviction")

# Dotted paths; `*` is every key of an object or item of a list.
BOUNDS: dict[str, Bound] = {
    "level": LEVEL, "abilities.*": ABILITY, "attributes.*": ATTRIBUTE,
    "modifiers.*": MODIFIER, "skills.*": SKILL, "art_points": RATING, "toughness": RATING,
    "armor": RATING, "speed": RATING, "defense": RATING, "movement.speed": RATING,
    **{f"{pool}.{part}": POOL for pool in POOLS for part in ("current", "max")},
    "strain.current": STRAIN, "strain.permanent": STRAIN, "strain.max": STRAIN_MAX,
    "cyberware.*.strain": IMPLANT_STRAIN,
    "backlash.temporary": BACKLASH, "backlash.permanent": BACKLASH,
    "mana_recovery_limit": BACKLASH,  # Limited Mana Recovery: its severity in Backlash points
}
# (lower, upper): the first never exceeds the second.
ORDERED = (*((f"{pool}.current", f"{pool}.max") for pool in POOLS),
           ("strain.permanent", "strain.current"))


def check_character(character: dict[str, Any], changed: Iterable[str]) -> None:
    """Refuse (422, naming the field and the bound) a value out of bounds in the fields
    `changed` (dotted paths) touch. Fields nobody changed are left alone, so a value
    recorded before a bound existed never blocks correcting another one."""
    changed = set(changed)
    tops = {path.split(".")[0] for path in changed}
    if "name" in tops:
        _check_length("name", character.get("name"), NAME_LENGTH)
    for path, bound in BOUNDS.items():
        if path.split(".")[0] in tops:
            for where, value in _values(character, path.split(".")):
                _check_range(where, value, bound)
    for lower, upper in ORDERED:
        if lower.split(".")[0] in tops:
            _check_order(character, lower, upper, name_upper=upper in changed
                         and lower not in changed)


def _check_length(field: str, value: Any, bound: Bound) -> None:
    if isinstance(value, str) and not bound.low <= len(value) <= bound.high:
        raise InvalidInput("out-of-bounds", f"{field} must be at least {bound.low} and at most "
                           f"{bound.high} characters long ({bound.why()})", field=field)


def _check_range(field: str, value: Any, bound: Bound) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return  # the shape is checked elsewhere
    if value < bound.low:
        raise InvalidInput("out-of-bounds", f"{field} must be at least {bound.low} "
                           f"({bound.why()}), not {value}", field=field)
    if value > bound.high:
        raise InvalidInput("out-of-bounds", f"{field} must be at most {bound.high} "
                           f"({bound.why()}), not {value}", field=field)


def _check_order(character: dict[str, Any], lower: str, upper: str, name_upper: bool) -> None:
    low, high = (next(_values(character, path.split(".")), ("", None))[1]
                 for path in (lower, upper))
    if not (isinstance(low, int | float) and isinstance(high, int | float)) or low <= high:
        return
    if name_upper:
        raise InvalidInput("out-of-bounds", f"{upper} must be at least {lower} ({low}), "
                           f"not {high}", field=upper)
    raise InvalidInput("out-of-bounds", f"{lower} must be at most {upper} ({high}), not {low}",
                       field=lower)


def _values(node: Any, parts: list[str], where: str = "") -> Iterator[tuple[str, Any]]:
    if not parts:
        yield where, node
        return
    head, rest = parts[0], parts[1:]
    if head == "*":
        items = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for key, value in items:
            yield from _values(value, rest, f"{where}.{key}")
    elif isinstance(node, dict) and head in node:
        yield from _values(node[head], rest, f"{where}.{head}" if where else head)
