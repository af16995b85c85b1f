"""Talents that change a Magic Test (Mana Noir "Talents"; docs/rules/talents.md), read from
the caster's sheet when the test names the spell's rank (`spell_rank`) and `arcana`.

- Wizard Novice: "+1 to any Novice-level magical Test" (`TalentMagic.bonus`). Its "+1
  damage to any Novice-level Spell attack" is shown only: the ledger does not roll spell
  damage.
- Shaman Grandmaster: "Novice-level Spirit Arcana spells cost -1 Mana" (`mana_less`).
  Our reading: the cost never goes below 0 (the text gives no minimum here, unlike Wizard
  Expert's "minimum of 1 Mana"), and the -1 comes off before the "-1 Mana for +1 TN" trade,
  which may then take at most what is left.
- Wizard Expert: "Chose one Arcana; all Spells from that Arcana cost -1 Mana (minimum of
  1 Mana)". The Arcana is the talent's `choice` on the sheet; the test names its `arcana`.
  Its "you may reroll ones on their magical Tests" is applied (`wizard_ones`): each 1 of
  the test's three dice is rerolled once (ledger/domain/rolls/ones.py). With Shaman Grandmaster on the same
  spell, Shaman's -1 comes first and Wizard's never takes the cost below 1. It needs no rank.
- Ordinarius Expert (the target's): "If a spell targets you, it costs +2 Mana" (`mana_more`),
  added after the "-1 Mana for +1 TN" trade, which it does not widen, when the test names
  `target_character`. Its "+1 within Willpower meters" is distance: the GM's.
- Ordinarius Grandmaster (the target's): "Spells, Rituals or Powers that are meant to target
  you will automatically generate 1 Backlash", for the caster (`target_backlash`), when the
  test names `target_character`. It is paid before the roll with the other automatic
  Backlash, on success or failure. A GM override of `auto_backlash` replaces the
  Resistance part only, not this one.
- Rituals, on a test marked `ritual` (a Ritual's Magic Test): Novice "+1 to any roll
  involving Rituals" (`bonus`), Master "reroll 1s on any Ritual roll" (`ones`), Apex "ignore
  the first point of Backlash given to you during a Ritual" (`rituals_apex`). Our reading:
  the ledger knows no Ritual of several tests, so the test marked `ritual` is the Ritual,
  and the first point it gives is the first automatic Backlash (Resistance, then the
  target's talent) or, when it gives none, the first point of its failure Backlash
  (`MagicTestMade.failure_backlash_less`). Backlash the caster chooses to pay (bonus,
  cost, shortfall) is paid, not given: it is never ignored.
A test that names no rank gets no rank's effect: the ledger does not guess a spell's rank.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from ledger.domain.errors import InvalidInput
from ledger.domain.state import CampaignState, Character
from ledger.domain.stunts.talents import has

SpellRank = Literal["novice", "expert", "master"]
SPIRIT_ARCANA = frozenset({"spirit", "spirit arcana", "spirits"})


class TalentMagic(msgspec.Struct, frozen=True, kw_only=True):
    bonus: int = 0  # added to the test
    mana_less: int = 0  # taken off the spell's Mana cost
    mana_more: int = 0  # added to it after the trade (the target's Ordinarius Expert)
    target_backlash: int = 0  # automatic Backlash for the caster from the target's talent
    talents: list[str] = msgspec.field(default_factory=list)
    ones: list[str] = msgspec.field(default_factory=list)  # talents rerolling the test's 1s
    ignore_backlash: bool = False  # Rituals Apex on a Ritual's test


def fold(name: str) -> str:
    return " ".join(name.split()).lower()


def is_arcana(arcana: str | None, chosen: str) -> bool:
    """The test's Arcana is the chosen one ("Fire" and "Fire Arcana" alike)."""
    if arcana is None:
        return False
    names = {fold(arcana), fold(arcana).removesuffix(" arcana")}
    return bool(names & {fold(chosen), fold(chosen).removesuffix(" arcana")})


def wizard_arcana(character: Character) -> str | None:
    """The Arcana chosen with Wizard at Expert or above, if the sheet names one."""
    if not has(character, "Wizard", "expert"):
        return None
    return next((g.choice for g in character.talents + character.specializations
                 if fold(g.name) == "wizard" and g.choice), None)


def wizard_ones(character: Character, arcana: str | None) -> list[str]:
    """Wizard Expert rerolls the 1s of a test of the chosen Arcana's spell."""
    chosen = wizard_arcana(character)
    return [f"Wizard Expert ({chosen})"] if chosen and is_arcana(arcana, chosen) else []


def is_spirit(arcana: str | None) -> bool:
    return arcana is not None and " ".join(arcana.split()).lower() in SPIRIT_ARCANA


def talent_magic(character: Character, rank: SpellRank | None, arcana: str | None,
                 mana_cost: int, target: Character | None = None, *,
                 ritual: bool = False) -> TalentMagic:
    """What the caster's talents (and the target's) change on a test of a spell of `rank`
    and `arcana`."""
    bonus, less = 0, 0
    named: list[str] = []
    if rank == "novice" and has(character, "Wizard", "novice"):
        bonus, named = 1, [*named, "Wizard Novice"]
    if rank == "novice" and is_spirit(arcana) and has(character, "Shaman", "grandmaster") \
            and mana_cost > 0:
        less, named = 1, [*named, "Shaman Grandmaster"]
    chosen = wizard_arcana(character)
    if chosen and is_arcana(arcana, chosen) and mana_cost - less > 1:
        less, named = less + 1, [*named, f"Wizard Expert ({chosen})"]
    backlash, more = 0, 0
    if target is not None and has(target, "Ordinarius", "expert"):
        more, named = 2, [*named, f"Ordinarius Expert ({target.name})"]
    if target is not None and has(target, "Ordinarius", "grandmaster"):
        backlash, named = 1, [*named, f"Ordinarius Grandmaster ({target.name})"]
    ones: list[str] = []
    if ritual and has(character, "Rituals", "novice"):
        bonus, named = bonus + 1, [*named, "Rituals Novice"]
    if ritual and has(character, "Rituals", "master"):
        ones = ["Rituals Master"]
    apex = ritual and has(character, "Rituals", "apex")
    return TalentMagic(bonus=bonus, mana_less=less, mana_more=more, target_backlash=backlash,
                       talents=named,
                       ones=ones, ignore_backlash=apex)


def rituals_apex(auto: int, talents: TalentMagic) -> tuple[int, TalentMagic, int]:
    """Rituals Apex's ignored point: off the automatic Backlash (Resistance, then the target's
    talent) when the test gives some, else off the failure's (the third value)."""
    if not talents.ignore_backlash:
        return auto, talents, 0
    named = [*talents.talents, "Rituals Apex"]
    if auto > 0:
        return auto - 1, msgspec.structs.replace(talents, talents=named), 0
    if talents.target_backlash > 0:
        return auto, msgspec.structs.replace(
            talents, target_backlash=talents.target_backlash - 1, talents=named), 0
    return auto, msgspec.structs.replace(talents, talents=named), 1


def targeted(state: CampaignState, character_id: str | None) -> Character | None:
    """The character a test names as its spell's target (422 naming the field if unknown)."""
    if character_id is None:
        return None
    target = state.characters.get(character_id)
    if target is None:
        raise InvalidInput("unknown-target-character", f"no character {character_id!r}",
                           field="target_character")
    return target
