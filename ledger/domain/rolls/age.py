"""AGE tests: 3d6 with a Stunt Die, the sheet's ability and focus, and the roller's
Conditions (ledger/domain/rolls/conditions.py)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from ledger.domain.context import Context
from ledger.domain.dice import DiceExhausted
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.notation import Die
from ledger.domain.roll_marks import KEPT, REROLLED
from ledger.domain.roll_tags import ATTACK, TagEffects
from ledger.domain.roll_text import age_result_text
from ledger.domain.rolls.conditions import CONSEQUENCE_FAILS, NAUSEATED, REELING, OnRoll, on_roll
from ledger.domain.rolls.event import Rolled, RollModifier
from ledger.domain.rolls.sources import next_index, provenance, source_for
from ledger.domain.sheet_names import canonical_ability, find_focus, lookup
from ledger.domain.state import Character, Condition

NAUSEA_FACES = (5, 6)  # "reroll any die that has a result of 5-6"
REELING_FACES = (1, 2)  # "their Stunt Die comes up a 1 or 2 on a test, they automatically fail"


class AgeDice(msgspec.Struct, frozen=True):
    """The dice of an AGE test in the order drawn: the three (the third is the Stunt Die),
    then one reroll for each of them that showed 5-6 when Nauseated, or 1 when a talent
    rerolls 1s (ledger/domain/rolls/ones.py), in their order. A die is rerolled once."""

    dice: list[Die]
    provenance: dict[str, object]

    @property
    def values(self) -> list[int]:
        """The three results that count: a rerolled die counts its second result."""
        rerolls = iter(self.dice[3:])
        return [next(rerolls).value if d.mark == REROLLED else d.value for d in self.dice[:3]]

    @property
    def rerolled(self) -> list[int | None]:
        """The first result of each of the three dice that was rerolled, else None."""
        return [d.value if d.mark == REROLLED else None for d in self.dice[:3]]

    @property
    def stunt_die(self) -> int:
        return self.values[2]

    @property
    def doubles(self) -> bool:
        return len(set(self.values)) < 3


def _again(value: int, nauseated: bool, ones: bool) -> bool:
    """Whether a die of the three is rerolled: a 5-6 when Nauseated, a 1 when a talent
    rerolls 1s. The reroll stands, whatever it shows."""
    return (nauseated and value in NAUSEA_FACES) or (ones and value == 1)


def _reported_count(reported: list[int], nauseated: bool, ones: bool = False) -> int:
    return 3 + sum(_again(v, nauseated, ones) for v in reported[:3])


def _mismatch(count: int, nauseated: bool, ones: bool) -> str:
    which = [w for w, on in (("5-6", nauseated), ("1", ones)) if on]
    if not which:
        return "an AGE test reports exactly 3 dice"
    return (f"this AGE test reports its 3 dice, then one reroll for each "
            f"{' or '.join(which)} among them: {count} dice here")


def roll_age_dice(ctx: Context, reported: list[int] | None, nauseated: bool = False,
                  ones: bool = False) -> AgeDice:
    """Draw 3d6 (or check three reported d6, the last being the Stunt Die). Each 5-6 among
    them when Nauseated, and each 1 when a talent rerolls 1s, is rerolled once, the
    rerolls drawn after the three (reported dice list them after the three, in order).
    Without either, exactly three dice are drawn, as always."""
    if reported is not None and len(reported) != _reported_count(reported, nauseated, ones):
        detail = _mismatch(_reported_count(reported, nauseated, ones), nauseated, ones)
        raise InvalidInput("reported-dice-mismatch", detail, field="dice")
    inner, source = source_for(ctx, reported)
    first = next_index(ctx)
    try:
        three = [inner.draw(6) for _ in range(3)]
        again = [_again(v, nauseated, ones) for v in three]
        rerolls = [Die(6, inner.draw(6), KEPT) for v in again if v]
    except DiceExhausted as exc:
        raise InvalidInput("reported-dice-mismatch", str(exc), field="dice") from None
    dice = [Die(6, v, REROLLED if r else KEPT) for v, r in zip(three, again, strict=True)]
    return AgeDice(dice + rerolls, provenance(ctx, source, first))


def stunt_points(success: bool, doubles: bool, stunt_die: int, active: bool) -> int:
    """Doubles on a successful active test give SP equal to the Stunt Die; never on reactions."""
    return stunt_die if success and doubles and active else 0


def age_roll(
    ctx: Context,
    character_id: str | None,
    reported: list[int] | None,
    *,
    ability: str,
    ability_value: int,
    tn: int | None,
    focus: str | None = None,
    focus_bonus: int = 0,
    modifier: int = 0,
    active: bool = True,
    label: str = "",
    conditions: Sequence[Condition] = (),
    tagged: TagEffects | None = None,
    tags: Sequence[str] = (),
    ones_by: Sequence[str] = (),
    named: Sequence[RollModifier] = (),
    notes: Sequence[str] = (),
) -> Rolled:
    """Roll one AGE test and record it whole: every die, the total, success and SP.

    Every AGE roll of the ledger (plain tests, Magic Tests, Consequence rolls, recovery
    and trust tests, Stunt Attacks and resistance to stunts) goes through here with the
    roller's `conditions`, so they all follow the same rules: the Conditions' fixed
    penalties add to the total, Nauseated rerolls, Reeling fails on a Stunt Die of 1-2.
    `ones_by` names the talents that reroll the 1s of this roll (ledger/domain/rolls/ones.py);
    `named` are talents' modifiers, each in the total and named on the roll, `notes` close
    its text."""
    effects = on_roll(conditions, attack=ATTACK in tags)
    rolled = roll_age_dice(ctx, reported, nauseated=effects.has(NAUSEATED), ones=bool(ones_by))
    tagged = tagged or TagEffects()
    bonus = ability_value + focus_bonus + modifier + tagged.bonus
    total = sum(rolled.values) + bonus + effects.total + sum(m.modifier for m in named)
    reeled = effects.has(REELING) and rolled.stunt_die in REELING_FACES
    failed = reeled or effects.has(CONSEQUENCE_FAILS)  # a Backlash Consequence (round_effects)
    success = False if failed else None if tn is None else total >= tn
    sp = stunt_points(bool(success), rolled.doubles, rolled.stunt_die, active)
    talent_sp = tagged.sp if sp else 0  # talents add SP only to a roll that generates them
    sp += talent_sp
    return Rolled(
        character_id=character_id, kind="age", expression="3d6", dice=rolled.dice,
        total=total, label=label, stunt_die=rolled.stunt_die, ability=ability,
        ability_value=ability_value, focus=focus, focus_bonus=focus_bonus,
        modifier=modifier, tn=tn, success=success, doubles=rolled.doubles,
        stunt_points=sp, active=active, condition_modifiers=effects.modifiers,
        condition_procedures=effects.procedures, conditions_not_applied=effects.not_applied,
        automatic_failure=failed, tags=list(tags), talent_bonus=tagged.bonus,
        talent_sp=talent_sp, talents=list(tagged.talents), ones_rerolled_by=list(ones_by),
        talent_modifiers=list(named), talent_notes=list(notes),
        result_text=_text(rolled, bonus, total, sp, tn, success, effects, reeled, ones_by,
                          named, notes),
        **rolled.provenance,  # type: ignore[arg-type]
    )


def with_stunt_points(rolled: Rolled, sp: int) -> Rolled:
    """The same roll with other Stunt Points (a Stunt Attack's own SP), its text rewritten
    from the roll's own record: dice, bonus, the Conditions' modifiers and notes."""
    dice = AgeDice(rolled.dice, {})
    effects = OnRoll(rolled.condition_modifiers, rolled.condition_procedures,
                     rolled.conditions_not_applied)
    bonus = rolled.ability_value + rolled.focus_bonus + rolled.modifier
    text = _text(dice, bonus, rolled.total, sp, rolled.tn, rolled.success, effects,
                 rolled.automatic_failure, rolled.ones_rerolled_by, rolled.talent_modifiers,
                 rolled.talent_notes)
    return msgspec.structs.replace(rolled, stunt_points=sp, result_text=text)


def _text(rolled: AgeDice, bonus: int, total: int, sp: int, tn: int | None,
          success: bool | None, effects: OnRoll, reeled: bool,
          ones_by: Sequence[str] = (), named: Sequence[RollModifier] = (),
          closing: Sequence[str] = ()) -> str:
    notes = [f"{p.name}: {p.effect}" for p in effects.procedures]
    if ones_by and any(v == 1 for v in rolled.rerolled):
        notes.append(f"1s rerolled ({', '.join(ones_by)})")
    if reeled:
        notes.append(f"fails automatically (Reeling, Stunt Die {rolled.stunt_die})")
    notes += [f"not applied: {c.name} ({c.effect})" for c in effects.not_applied]
    notes += list(closing)
    return age_result_text(rolled.values, bonus, total, sp, tn, success,
                           named=[*((m.name, m.modifier) for m in effects.modifiers),
                                  *((m.name, m.modifier) for m in named)],
                           rerolled=rolled.rerolled, notes=notes)


def sheet_ability(character: Character, ability: str) -> tuple[str, int]:
    """An ability's canonical name (422 for a name that is no ability) and the sheet's
    score for it, matched in any case (409 when the sheet lacks it)."""
    name = canonical_ability(ability)
    found = lookup(character.abilities, name)
    if found is None:
        raise RuleViolation("unknown-ability", f"{character.name} has no ability {name!r}",
                            field="ability", allowed=list(character.abilities))
    return name, found[1]


def sheet_focus(character: Character, focus: str) -> str:
    """The sheet's spelling of a focus, matched in any case; a focus the sheet lacks is
    refused (409), as in the Magic Test, rather than rolled without its bonus."""
    found = find_focus(character.focuses, focus)
    if found is None:
        raise RuleViolation("focus-not-on-sheet", f"{character.name} has no focus {focus!r}",
                            field="focus", allowed=character.focuses)
    return found
