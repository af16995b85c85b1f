"""Characters: registration, sheet updates, death and GM corrections."""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput, NotFound, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.focus import HIGH_LEVEL
from ledger.domain.limits import check_character
from ledger.domain.sheet_names import find_focus, lookup, normalize_path, normalize_sheet
from ledger.domain.state import CampaignState, Character

# Sheet fields a registration or update may set. Tracked values change through
# their own commands (spend, damage...) or through a GM correction.
SHEET_FIELDS = (
    "name", "level", "abilities", "magic_ability", "focuses", "double_focuses", "attributes",
    "modifiers",
    "skills", "edges", "traits", "specializations", "talents", "graced_arts", "art_points",
    "toughness", "armor", "speed", "defense", "health", "mana", "conviction", "strain", "cyberware",
)
# What a GM correction may set besides the sheet (docs/rules/characters.md). The rest
# changes only through its own command: death, Conditions, Effort, spells, spirits...
TRACKED_CORRECTABLE = ("backlash.temporary", "backlash.permanent", "movement", "dying",
                       "unconscious", "mana_recovery_limit")


class CharacterRegistered(DomainEvent, frozen=True, kw_only=True):
    sheet: dict[str, Any]


class SheetUpdated(DomainEvent, frozen=True, kw_only=True):
    changes: dict[str, Any]
    before: dict[str, Any]


class CharacterDied(DomainEvent, frozen=True, kw_only=True):
    cause: str


class Corrected(DomainEvent, frozen=True, kw_only=True):
    """A GM correction of one tracked value, with its reason (shows in the audit)."""

    field: str
    before: Any
    after: Any
    reason: str


@evolves(CharacterRegistered)
def _registered(state: CampaignState, e: CharacterRegistered) -> None:
    assert e.character_id is not None
    state.characters[e.character_id] = msgspec.convert(
        {**e.sheet, "id": e.character_id}, Character
    )


@evolves(SheetUpdated)
def _sheet_updated(state: CampaignState, e: SheetUpdated) -> None:
    character = state.characters[e.character_id or ""]
    merged = msgspec.to_builtins(character) | e.changes
    state.characters[character.id] = msgspec.convert(merged, Character)


@evolves(CharacterDied)
def _died(state: CampaignState, e: CharacterDied) -> None:
    state.characters[e.character_id or ""].dead = True


@evolves(Corrected)
def _corrected(state: CampaignState, e: Corrected) -> None:
    character = state.characters[e.character_id or ""]
    merged = msgspec.to_builtins(character)
    _set_path(merged, e.field, e.after)
    state.characters[character.id] = msgspec.convert(merged, Character)


def require_character(state: CampaignState, character_id: str) -> Character:
    character = state.characters.get(character_id)
    if character is None:
        raise NotFound("character", character_id)
    return character


def require_alive(state: CampaignState, character_id: str) -> Character:
    character = require_character(state, character_id)
    if character.dead:
        raise RuleViolation("character-is-dead", f"{character.name} is dead")
    return character


def unable_to_act(character: Character) -> str | None:
    """Why the character can take no action, or None (000): Unconscious, "helpless, unable
    to take any actions" (knocked out or by the Condition); Comatose, "unconscious, but
    cannot be revived without considerable effort" (an outside rules check found it
    acting); Helpless, "cannot take any actions"; Dying, "A dying character is helpless",
    except that Cinematic mode lets them "take a Minor action each round" (which action
    that is stays the table's)."""
    if character.unconscious or any(c.name == "Unconscious" for c in character.conditions):
        return "Unconscious"
    if any(c.name == "Comatose" for c in character.conditions):
        return "Comatose, and so unconscious"
    if any(c.name == "Helpless" for c in character.conditions):
        return "Helpless"
    if character.dying and (character.dying_state is None
                            or character.dying_state.mode != "cinematic"):
        return "Dying, and so helpless"
    return None


def check_able(character: Character) -> None:
    """409 `helpless-takes-no-actions` when the character can take no action."""
    why = unable_to_act(character)
    if why is not None:
        raise RuleViolation("helpless-takes-no-actions",
                            f"{character.name} is {why}: \"unable to take any actions\" (000)")


def require_able(state: CampaignState, character_id: str) -> Character:
    """The living character, able to act."""
    character = require_alive(state, character_id)
    check_able(character)
    return character


def _checked_sheet(given: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """The sheet as it will be recorded: known fields, closed names in canonical spelling
    (ledger/sheet_names.py), within bounds, and a magic ability the sheet has."""
    unknown = [k for k in given if k not in SHEET_FIELDS]
    if unknown:
        raise InvalidInput("unknown-sheet-field", f"not a sheet field: {unknown[0]}",
                           field=unknown[0], allowed=SHEET_FIELDS)
    sheet = normalize_sheet(given)
    try:
        character = msgspec.convert(base | sheet, Character)
    except msgspec.ValidationError as exc:
        raise InvalidInput("sheet-shape", str(exc), field="sheet") from None
    check_character(msgspec.to_builtins(character), sheet)
    if "magic_ability" in sheet or "abilities" in sheet:
        check_magic_ability_on_sheet(character)
    check_double_focuses(character)
    if "double_focuses" in sheet:  # recorded as the sheet spells the focus
        sheet["double_focuses"] = [find_focus(character.focuses, f) for f in character.double_focuses]
    return sheet


def check_double_focuses(character: Character) -> None:
    """A double focus (+4) is one of the sheet's focuses, taken from 11th level (000,
    "Focus": "At 11th level ... You may also take a double focus"): 422 otherwise, also
    when an edit or a correction would leave one behind (a lower level, a focus removed)."""
    for i, focus in enumerate(character.double_focuses):
        if find_focus(character.focuses, focus) is None:
            raise InvalidInput("double-focus-not-a-focus", f"{focus!r} is not among the "
                               "sheet's focuses", field=f"double_focuses.{i}",
                               allowed=character.focuses)
        if character.level < HIGH_LEVEL:
            raise InvalidInput("double-focus-before-11th-level", f"a double focus is taken "
                               f"from 11th level; {character.name} is level {character.level}",
                               field=f"double_focuses.{i}")


def check_magic_ability_on_sheet(character: Character) -> None:
    """The magic ability names one of the sheet's abilities, or every Magic Test would be
    refused: a sheet that sets either is refused instead (422)."""
    named = character.magic_ability
    if named is not None and lookup(character.abilities, named) is None:
        raise InvalidInput("magic-ability-not-on-sheet",
                           f"magic_ability {named} is not among the sheet's abilities "
                           f"({', '.join(character.abilities) or 'none'})",
                           field="magic_ability", allowed=list(character.abilities))


def register_character(sheet: dict[str, Any]) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character_id = ctx.new_id("chr")
        checked = _checked_sheet(sheet, {"id": character_id})
        return [CharacterRegistered(character_id=character_id, sheet=checked)]

    return decide


def update_sheet(character_id: str, changes: dict[str, Any]) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_character(state, character_id)
        current = msgspec.to_builtins(character)
        checked = _checked_sheet(changes, current)
        # What the sheet already says is no change: an edit that changes nothing records
        # nothing (a newcomer's trial found `changes: {}` events in the history).
        changed = {k: v for k, v in checked.items() if current.get(k) != v}
        if not changed:
            return []
        before = {k: current.get(k) for k in changed}
        return [SheetUpdated(character_id=character_id, changes=changed, before=before)]

    return decide


def record_death(character_id: str, cause: str) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        require_alive(state, character_id)
        return [CharacterDied(character_id=character_id, cause=cause)]

    return decide


def correct(character_id: str, field: str, value: Any, reason: str) -> Decide:
    """Set a correctable value by its dotted path, e.g. `mana.current` or `skills.cast`,
    within the bounds of ledger/domain/limits.py."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_character(state, character_id)
        data = msgspec.to_builtins(character)
        _check_correctable(field)
        path, after = _sheet_path(data, *normalize_path(field, value))
        try:
            before = _get_path(data, path)
        except KeyError:
            raise InvalidInput("correction-field", f"no tracked value {field!r}", field="field") from None
        _set_path(data, path, after)
        try:
            corrected = msgspec.convert(data, Character)
        except msgspec.ValidationError as exc:
            raise InvalidInput("correction-value", str(exc), field="value") from None
        check_character(data, [path])
        if path.split(".")[0] in ("magic_ability", "abilities"):
            check_magic_ability_on_sheet(corrected)
        check_double_focuses(corrected)
        return [Corrected(character_id=character_id, field=path, before=before, after=after,
                          reason=reason)]

    return decide


def _check_correctable(field: str) -> None:
    if field == "dead":
        raise InvalidInput("correction-field", "death is not a correction: record it with its "
                           "command (POST …/death)", field="field")
    top = field.split(".")[0]
    if top in SHEET_FIELDS or any(field == f or field.startswith(f + ".")
                                  for f in TRACKED_CORRECTABLE):
        return
    raise InvalidInput("correction-field", f"{field!r} is not correctable: a correction sets a "
                       "sheet field or one of " + ", ".join(TRACKED_CORRECTABLE), field="field")


def _sheet_path(data: dict[str, Any], path: str, value: Any) -> tuple[str, Any]:
    """A path into a sheet map (`skills.Shoot`) names the key as the sheet spells it."""
    top, _, rest = path.partition(".")
    head, dot, tail = rest.partition(".")
    if head and isinstance(data.get(top), dict):
        found = lookup(data[top], head)
        if found is not None:
            return f"{top}.{found[0]}{dot}{tail}", value
    return path, value


def _get_path(data: dict[str, Any], path: str) -> Any:
    node: Any = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(path)
        node = node[part]
    return node


def _set_path(data: dict[str, Any], path: str, value: Any) -> None:
    parts = path.split(".")
    node: Any = data
    for part in parts[:-1]:
        node = node[part]
    node[parts[-1]] = value
