"""Names on a character sheet: closed lists with one canonical spelling, and open text.

- Abilities (M:AGE), the CWN attributes (scores and modifiers) and the magic skills
  Cast and Summon are closed lists: a name in any case becomes its canonical spelling,
  anything else is refused (422) with the valid names.
- Other skills and focuses are open text (the texts have no closed list): kept as written,
  and matched case-insensitively against the sheet.

Normalizing happens in `decide`, so what a new command records is canonical; events
recorded before keep their spelling and are read with the same case-insensitive lookups.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from ledger.domain.errors import InvalidInput

ABILITIES = ("Accuracy", "Communication", "Constitution", "Dexterity", "Fighting",
             "Intelligence", "Perception", "Strength", "Willpower")
ATTRIBUTES = ("str", "dex", "con", "int", "wis", "cha")
MAGIC_SKILLS = ("cast", "summon")

# Sheet maps whose keys are a closed list.
CLOSED_KEYS = {"abilities": ABILITIES, "attributes": ATTRIBUTES, "modifiers": ATTRIBUTES}

V = TypeVar("V")


def fold(name: str) -> str:
    """The form two spellings of one name share: trimmed, case-folded, single spaces."""
    return " ".join(name.split()).casefold()


def canonical(name: str, allowed: Iterable[str], field: str, rule: str = "unknown-name",
              catalog: str | None = None) -> str:
    """`name` spelled as in `allowed`, matched in any case; 422 listing them (and naming the
    catalogue that describes them) otherwise."""
    names = tuple(allowed)
    found = next((a for a in names if fold(a) == fold(name)), None)
    if found is None:
        raise InvalidInput(rule, _not_one_of(name, names, field), field=field, allowed=names,
                           catalog=catalog)
    return found


# Past this many names the refusal names the nearest instead of listing all (they are in
# `allowed`): a typo in `/events?type=` answered the 140 event types three times over.
LISTED_IN_FULL = 12


def _not_one_of(name: str, names: tuple[str, ...], field: str) -> str:
    if len(names) <= LISTED_IN_FULL:
        return f"{field}: {name!r} is not one of {', '.join(names)} (any case)"
    by_fold = {fold(a): a for a in names}
    near = [by_fold[n] for n in difflib.get_close_matches(fold(name), list(by_fold), n=3)]
    hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else ""
    return f"{field}: {name!r} is not one of the {len(names)} names in `allowed` (any case){hint}"


def canonical_ability(name: str, field: str = "ability") -> str:
    return canonical(name, ABILITIES, field)


def canonical_or_sheet(name: str, allowed: Iterable[str] = ABILITIES) -> str:
    """A recorded name in its canonical spelling when it has one, else as recorded."""
    return next((a for a in allowed if fold(a) == fold(name)), name)


def lookup(mapping: Mapping[str, V], name: str) -> tuple[str, V] | None:
    """The sheet's own key and value for `name`, matched in any case (sheets recorded
    before names were normalized may spell a key differently)."""
    wanted = fold(name)
    return next(((k, v) for k, v in mapping.items() if fold(k) == wanted), None)


def focus_name(focus: str) -> str:
    """A focus's own name: `Self-Discipline` for `Willpower (Self-Discipline)`, the texts'
    way of writing a test with its focus; any other text as it is."""
    ability, paren, rest = focus.partition("(")
    if paren and rest.rstrip().endswith(")") and any(
            fold(a) == fold(ability) for a in ABILITIES):
        return rest.rstrip()[:-1]
    return focus


def find_focus(focuses: Iterable[str], focus: str) -> str | None:
    """The sheet's spelling of `focus`, matched in any case and with or without its
    ability (`Stamina`, `constitution (stamina)`), or None when it is not there."""
    wanted = fold(focus_name(focus))
    return next((f for f in focuses if fold(focus_name(f)) == wanted), None)


def _closed_map(values: Mapping[str, Any], allowed: tuple[str, ...], field: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in values.items():
        name = canonical(key, allowed, f"{field}.{key}")
        if name in out:
            raise InvalidInput("duplicate-name", f"{field} names {name} twice (in any case)",
                               field=f"{field}.{key}")
        out[name] = value
    return out


def _skills(values: Mapping[str, Any]) -> dict[str, Any]:
    """Cast and Summon take their canonical spelling; other skills stay as written."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        name = next((s for s in MAGIC_SKILLS if fold(s) == fold(key)), key)
        if lookup(out, name) is not None:
            raise InvalidInput("duplicate-name", f"skills names {name!r} twice (in any case)",
                               field=f"skills.{key}")
        out[name] = value
    return out


def _focuses(values: list[str], field: str = "focuses") -> list[str]:
    for i, focus in enumerate(values):
        if find_focus(values[:i], focus) is not None:
            raise InvalidInput("duplicate-name", f"{field} lists {focus!r} twice (in any case)",
                               field=f"{field}.{i}")
    return values


def normalize_field(field: str, value: Any) -> Any:
    """One sheet field's value with its closed names in canonical spelling."""
    if field in CLOSED_KEYS and isinstance(value, Mapping):
        return _closed_map(value, CLOSED_KEYS[field], field)
    if field == "skills" and isinstance(value, Mapping):
        return _skills(value)
    if field in ("focuses", "double_focuses") and isinstance(value, list):
        return _focuses(value, field)
    if field == "magic_ability" and isinstance(value, str):
        return canonical_ability(value, "magic_ability")
    return value


def normalize_sheet(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """A sheet (or part of one) with every closed name in its canonical spelling."""
    return {field: normalize_field(field, value) for field, value in sheet.items()}


def normalize_path(path: str, value: Any) -> tuple[str, Any]:
    """A correction's dotted path and value, with closed names in canonical spelling:
    `modifiers.Int` -> `modifiers.int`, `skills.Cast` -> `skills.cast`."""
    top, _, rest = path.partition(".")
    if not rest:
        return path, normalize_field(top, value)
    head, _, tail = rest.partition(".")
    if top in CLOSED_KEYS:
        head = canonical(head, CLOSED_KEYS[top], path)
    elif top == "skills":
        head = next((s for s in MAGIC_SKILLS if fold(s) == fold(head)), head)
    return ".".join(p for p in (top, head, tail) if p), value
