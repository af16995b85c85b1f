"""The character commands: registering, sheet edits, GM corrections and death
(ledger/domain/characters.py; bounds: docs/rules/characters.md).

All are the GM's. None is an action of the character: a sheet is written, corrected or
closed by the table, so none settles anyone's pending decisions (docs/rules/magic-test.md,
"Settling, per command").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar

import msgspec
from msgspec import UNSET, Meta, UnsetType

from ledger.domain import characters, limits
from ledger.domain.bounds import Note
from ledger.domain.command import GM, Command
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState

Decided = Sequence[DomainEvent | Later]


def _within(bound: limits.Bound) -> Meta:
    """The bounds of ledger/domain/limits.py, saying where each comes from in the docs."""
    return Meta(ge=bound.low, le=bound.high,
                description=f"{bound.low} to {bound.high} ({bound.why()})",
                extra={"range_error": f"must be at least {{min}} and at most {{max}} "
                                      f"({bound.why()})"})


Name = Annotated[str, Meta(min_length=limits.NAME_LENGTH.low, max_length=limits.NAME_LENGTH.high)]
Level = Annotated[int, _within(limits.LEVEL)]
Ability = Annotated[int, _within(limits.ABILITY)]
Attribute = Annotated[int, _within(limits.ATTRIBUTE)]
Modifier = Annotated[int, _within(limits.MODIFIER)]
Skill = Annotated[int, _within(limits.SKILL)]
Rating = Annotated[int, _within(limits.RATING)]
PoolValue = Annotated[int, _within(limits.POOL)]
StrainValue = Annotated[int, _within(limits.STRAIN)]
StrainMax = Annotated[int, _within(limits.STRAIN_MAX)]
Unset = UnsetType


class SheetPool(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Health, Mana or Conviction on a sheet (current never above max)."""

    current: PoolValue
    max: PoolValue


class SheetStrain(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    current: StrainValue = 0
    permanent: StrainValue = 0
    max: StrainMax = 10


class SheetGraded(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True,
                  omit_defaults=True):
    """A specialization, talent or graced art and its degree, with the choice a degree asks
    for (`choice`: Wizard Expert's Arcana, docs/rules/talents.md)."""

    name: Name
    degree: Annotated[str, Meta(min_length=1, max_length=50)]
    choice: Annotated[str, Meta(min_length=1, max_length=100)] | None = None


class SheetImplant(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: Name
    strain: Annotated[float, _within(limits.IMPLANT_STRAIN)]


class SheetFields(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The sheet fields a registration or an edit sets; a field left out is unchanged.
    Closed names (abilities, skills, edges...) are spelled as docs/rules/characters.md says."""

    name: Name | Unset = UNSET
    level: Level | Unset = UNSET
    abilities: dict[str, Ability] | Unset = UNSET
    magic_ability: str | Unset | None = UNSET
    focuses: list[str] | Unset = UNSET
    double_focuses: list[str] | Unset = UNSET
    attributes: dict[str, Attribute] | Unset = UNSET
    modifiers: dict[str, Modifier] | Unset = UNSET
    skills: dict[str, Skill] | Unset = UNSET
    edges: list[str] | Unset = UNSET
    traits: list[str] | Unset = UNSET
    specializations: list[SheetGraded] | Unset = UNSET
    talents: list[SheetGraded] | Unset = UNSET
    graced_arts: list[SheetGraded] | Unset = UNSET
    art_points: Rating | Unset = UNSET
    toughness: Rating | Unset = UNSET
    armor: Rating | Unset = UNSET
    speed: Rating | Unset = UNSET
    defense: Rating | Unset = UNSET
    health: SheetPool | Unset = UNSET
    mana: SheetPool | Unset = UNSET
    conviction: SheetPool | Unset = UNSET
    strain: SheetStrain | Unset = UNSET
    cyberware: list[SheetImplant] | Unset = UNSET

    def sheet(self) -> dict[str, Any]:
        """The sheet fields given, in declaration order, as plain data."""
        given: dict[str, Any] = msgspec.to_builtins(self)
        return {k: v for k, v in given.items() if k in characters.SHEET_FIELDS}


class RegisterCharacter(SheetFields, Command, frozen=True, kw_only=True,
                        forbid_unknown_fields=True):
    """Register a character (GM).

    `name` is required; any other sheet field may be given, within the bounds of
    docs/rules/characters.md (422 naming the field and the bound), with a `magic_ability`
    that names one of the sheet's abilities.
    """

    policy = GM
    example = {"name": "Mara", "level": 3, "abilities": {"Willpower": 3},
               "magic_ability": "Willpower", "mana": {"current": 10, "max": 10}}
    example_needs: ClassVar[tuple[str, ...]] = ()
    name: Name

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return characters.register_character(self.sheet())(state, ctx)


class CharacterCommand(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A GM command about the character the path names; it settles nobody."""

    policy = GM
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    character_id: str


class UpdateSheet(SheetFields, Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Update the sheet (GM); only the fields given change, within the same bounds. A field
    given is replaced whole: `{"abilities": {"Constitution": 2}}` leaves Constitution as
    the only ability, so send the whole map (read it first) to change one entry."""

    policy = GM
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    example = {"level": 4, "toughness": 1}
    character_id: str

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return characters.update_sheet(self.character_id, self.sheet())(state, ctx)


class CorrectCharacter(CharacterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """GM correction of one listed value by dotted path (e.g. `mana.current`), with a reason.

    Values keep the bounds of docs/rules/characters.md; `dead` is not correctable (death
    has its own command). A bound broken answers 422 naming the field and the bound.
    """

    example = {"field": "health.current", "value": 8, "reason": "misread the damage roll"}
    field: Annotated[str, Meta(min_length=1, max_length=100)]
    value: Any
    reason: Annotated[str, Meta(min_length=1, max_length=500)]

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return characters.correct(self.character_id, self.field, self.value,
                                  self.reason)(state, ctx)


class RecordDeath(CharacterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Record a character's death (GM)."""

    example = {"cause": "fell from the bell tower"}
    cause: Note = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return characters.record_death(self.character_id, self.cause)(state, ctx)
