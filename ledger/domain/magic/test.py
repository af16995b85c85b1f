"""The Mana Noir Magic Test (002): TN, bonus, costs, automatic success, the roll,
and a failure's after-the-fact fix or acceptance.

Rules (002 "The Magic Test", "Careful Magic", "Resistance", "Backlash"; the README):
- TN = base + Resistance; then each careful option (slower casting, tools,
  gestures, spoken words, consumed materials) takes 1 off, never below TN 8; then
  the "-1 Mana cost for +1 TN" trade adds +1 per point, after the floor (the rules
  README). A TN that Resistance already put below 8 is not lowered further by
  careful magic, and is not raised to 8 either (docs/rules/magic-test.md).
- Bonus before the roll: 1 Mana = +1; 1 Backlash = 2 effective Mana (+2).
- The spell's Mana cost (less the trade) is paid with chosen Backlash (2 Mana
  each), then Mana; a shortfall of n Mana costs ceil(n / 2) Backlash.
- Resistance over 5 gives 1 automatic Backlash per point over (campaign setting,
  GM override per test), on success or failure alike (our reading).
- When 3 + ability + focus + bonus (+ modifier) reaches the TN, no roll: success.
- Otherwise 3d6 + ability + focus + bonus; doubles on a success give SP = Stunt Die.
- A failure is pending (`MagicTestState.failure`): Backlash 1 + (TN - total) +
  the penalty carried from earlier fixes, unless it is fixed.
- Talents on a test naming the spell's rank and Arcana (Wizard Novice +1, Shaman
  Grandmaster -1 Mana): ledger/domain/magic/talents.py.
- Fixing, accepting, and what the next action settles: ledger/domain/magic/failure.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Annotated

import msgspec
from msgspec import Meta

from ledger.domain.bounds import Count, Dice, Label, Modifier
from ledger.domain.characters import require_able
from ledger.domain.context import Context
from ledger.domain.decision import Decide, Later, later_for
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.magic import talents as magic_talents
from ledger.domain.magic.backlash import check_no_consequences_due, check_no_roll_owed, offered_event
from ledger.domain.magic.pending import resolving
from ledger.domain.magic.resistance import FACTORS, automatic_backlash, resistance_total
from ledger.domain.magic.talents import SpellRank, TalentMagic, talent_magic, targeted
from ledger.domain.magic.test_events import Costs, MagicTestMade, TargetNumber
from ledger.domain.resources import check_can_spend, spend_event
from ledger.domain.rolls import age_roll, sheet_ability, sheet_focus
from ledger.domain.rolls import focus_bonus as sheet_focus_bonus
from ledger.domain.rolls.conditions import CONSEQUENCE_FAILS, REELING, on_roll
from ledger.domain.rolls.round_effects import in_force
from ledger.domain.sheet_names import canonical_or_sheet, lookup
from ledger.domain.state import CampaignState, Character, Condition

CAREFUL = ("slower-casting", "tools", "gestures", "spoken-words", "consumed-materials")
TN_FLOOR = 8
LOWEST_ROLL = 3  # the lowest 3d6


class MagicTestRequest(msgspec.Struct, frozen=True, kw_only=True):
    base_tn: Annotated[int, Meta(ge=0, le=100, description="the spell's or power's TN")]
    ability: Annotated[str | None, Meta(description="defaults to the sheet's magic_ability")] \
        = None
    focus: str | None = None
    careful: Annotated[list[str], Meta(max_length=10, description=(
        "careful magic, -1 each: " + ", ".join(CAREFUL)))] = msgspec.field(default_factory=list)
    mana_for_tn: Annotated[Count, Meta(
        description="times the '-1 Mana cost for +1 TN' trade is taken")] = 0
    resistance_factors: Annotated[list[str], Meta(max_length=50, description=(
        "named Resistance factors: " + ", ".join(f"{k} ({v:+d})" for k, v in FACTORS.items())
    ))] = msgspec.field(default_factory=list)
    resistance: Annotated[int, Meta(ge=-100, le=100,
                                    description="other Resistance, as a number")] = 0
    auto_backlash: Annotated[Annotated[int, Meta(ge=0, le=100)] | None, Meta(description=(
        "GM only: override the automatic Backlash for this test"))] = None
    bonus_mana: Annotated[Count, Meta(description="Mana spent before the roll, +1 each")] = 0
    bonus_backlash: Annotated[Count, Meta(
        description="Backlash taken before the roll, +2 each")] = 0
    mana_cost: Annotated[Count, Meta(description="the spell's Mana cost")] = 0
    cost_backlash: Annotated[Count, Meta(
        description="Backlash chosen to pay the cost, 2 Mana each")] = 0
    modifier: Modifier = 0
    spell_rank: Annotated[SpellRank | None, Meta(description=(
        "the spell's rank, for talents: Wizard Novice +1 and Shaman Grandmaster -1 Mana "
        "(Spirit Arcana) on Novice spells"))] = None
    arcana: Annotated[Label | None, Meta(description="the spell's Arcana, e.g. Spirit")] = None
    target_character: Annotated[Annotated[str, Meta(max_length=100)] | None, Meta(description=(
        "the character the spell targets, if one: Ordinarius Grandmaster gives the caster "
        "1 automatic Backlash"))] = None
    dice: Annotated[Dice | None, Meta(description=(
        "three reported d6, the last the Stunt Die; server dice if absent"))] = None
    label: Label = ""
    ritual: Annotated[bool, Meta(description=(
        "a Ritual's test: Rituals Novice +1, Master rerolls 1s, Apex ignores the first point "
        "of Backlash it gives"))] = False
    # Talents that reroll 1s say "you may": the roller's choice, as on any roll (an outside
    # review of the readings found a Magic Test always rerolling, where doubles may matter).
    reroll_ones: Annotated[bool, Meta(description=(
        "let the caster's talents reroll 1s (Wizard Expert, Rituals Master); false keeps "
        "them"))] = True


# --- the target number and the costs -----------------------------------------------

def target_number(request: MagicTestRequest, resistance: int) -> TargetNumber:
    """Base + Resistance, less careful magic down to the floor of 8 at most; then +1 per
    point of the Mana trade, so each trade always costs its +1 TN (the rules README)."""
    before_careful = request.base_tn + resistance
    floored = max(min(before_careful, TN_FLOOR), before_careful - len(request.careful))
    tn = floored + request.mana_for_tn
    return TargetNumber(base=request.base_tn, trade=request.mana_for_tn, resistance=resistance,
                        careful=list(request.careful), careful_applied=before_careful - floored, tn=tn)


def check_careful_options(careful: list[str]) -> None:
    for option in careful:
        if option not in CAREFUL:
            raise InvalidInput("unknown-careful-option",
                               f"careful magic options are {', '.join(CAREFUL)}", field="careful",
                               allowed=CAREFUL, catalog="careful-magic")
    if len(set(careful)) != len(careful):
        raise InvalidInput("careful-option-counted-once", "each careful option counts once",
                           field="careful")


def check_trade_within_cost(request: MagicTestRequest, mana_cost: int) -> None:
    if request.mana_for_tn > mana_cost:
        raise RuleViolation("mana-trade-exceeds-cost",
                            f"the spell costs {mana_cost} Mana: at most that many "
                            "-1 Mana / +1 TN trades", field="mana_for_tn")


def check_cost_backlash_needed(cost_backlash: int, cost: int) -> None:
    if cost_backlash > math.ceil(cost / 2):
        raise RuleViolation("cost-backlash-exceeds-cost",
                            f"a cost of {cost} Mana takes at most {math.ceil(cost / 2)} Backlash",
                            field="cost_backlash")


def plan_costs(character: Character, request: MagicTestRequest, auto: int,
               talents: TalentMagic | None = None) -> Costs:
    """Costs of the spell, less what talents take off (magic/talents.py), less the trade."""
    mana_cost = request.mana_cost - (talents.mana_less if talents else 0)
    check_trade_within_cost(request, mana_cost)
    cost = mana_cost - request.mana_for_tn + (talents.mana_more if talents else 0)
    check_cost_backlash_needed(request.cost_backlash, cost)
    check_can_spend(character, "mana", request.bonus_mana)
    remaining = max(0, cost - 2 * request.cost_backlash)
    mana_paid = min(remaining, character.mana.current - request.bonus_mana)
    shortfall = remaining - mana_paid
    return Costs(bonus_mana=request.bonus_mana, bonus_backlash=request.bonus_backlash, cost=cost,
                 cost_backlash=request.cost_backlash, mana_paid=mana_paid, shortfall=shortfall,
                 shortfall_backlash=math.ceil(shortfall / 2), auto_backlash=auto,
                 target_backlash=talents.target_backlash if talents else 0)


def pay(character_id: str, costs: Costs, test_id: str) -> list[Later]:
    """Mana and Backlash paid before the roll, each event from the state the last one left."""
    steps = [("mana", costs.bonus_mana, "bonus"), ("backlash", costs.bonus_backlash, "bonus"),
             ("mana", costs.mana_paid, "cost"),
             ("backlash", costs.cost_backlash + costs.shortfall_backlash, "cost"),
             ("backlash", costs.auto_backlash, "resistance"),
             ("backlash", costs.target_backlash, "target-talent")]
    return [later_for(character_id, paying(kind, amount, source, test_id))
            for kind, amount, source in steps if amount > 0]


def paying(kind: str, amount: int, source: str, test_id: str
           ) -> Callable[[Character], DomainEvent]:
    def build(character: Character) -> DomainEvent:
        if kind == "mana":
            return spend_event(character, "mana", amount, f"Magic Test {test_id}: {source}")
        return offered_event(character, amount, source, test_id=test_id)

    return build


# --- the test ------------------------------------------------------------------------

def check_no_failure_pending(character: Character) -> None:
    failure = character.magic_tests.failure
    if failure is not None:
        raise RuleViolation("magic-test-failure-pending",
                            f"Magic Test {failure.test_id} failed: fix or accept it first",
                            resolve=resolving(character, "magic-test-failure"))


def check_ready_for_magic(character: Character) -> None:
    check_no_roll_owed(character)
    check_no_consequences_due(character)
    check_no_failure_pending(character)


def magic_ability(character: Character, named: str | None) -> tuple[str, int]:
    name = named or character.magic_ability
    if not name:
        raise RuleViolation("no-magic-ability", f"{character.name}'s sheet names no magic ability",
                            field="ability")
    if named is None:  # the sheet's own name, checked when it was set: never a 422 here
        found = lookup(character.abilities, name)
        if found is None:
            raise RuleViolation("unknown-ability", f"{character.name} has no ability {name!r}",
                                field="ability", allowed=list(character.abilities))
        return canonical_or_sheet(found[0]), found[1]
    return sheet_ability(character, name)


def focus_bonus(character: Character, focus: str | None) -> int:
    """The named focus's bonus; one the sheet lacks is refused (409 focus-not-on-sheet)."""
    if focus is None:
        return 0
    return sheet_focus_bonus(character, sheet_focus(character, focus))


def check_careful_within_reach(character: Character, careful: list[str]) -> None:
    """002 Careful Magic, -1: "Specific spoken phrases that must be stated clearly at
    conversational voice or louder"; 000 Muted: the character "cannot speak"."""
    if "spoken-words" in careful and any(c.name == "Muted" for c in character.conditions):
        raise RuleViolation("muted-cannot-speak-the-words",
                            f"{character.name} is Muted and cannot speak (000), so cannot state "
                            "the spoken phrases careful magic asks for (002)", field="careful")


def make_test(character_id: str, request: MagicTestRequest) -> Decide:
    """A Magic Test: costs paid, then automatic success or the roll; a failure is pending."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent | Later]:
        character = require_able(state, character_id)
        check_ready_for_magic(character)
        check_careful_options(request.careful)
        check_careful_within_reach(character, request.careful)
        ability, value = magic_ability(character, request.ability)
        focus = focus_bonus(character, request.focus)
        spelled = None if request.focus is None else sheet_focus(character, request.focus)
        resistance = resistance_total(request.resistance_factors, request.resistance)
        target = target_number(request, resistance)
        auto = automatic_backlash(resistance, state.settings, request.auto_backlash)
        talents = talent_magic(character, request.spell_rank, request.arcana, request.mana_cost,
                               targeted(state, request.target_character), ritual=request.ritual)
        auto, talents, failure_less = magic_talents.rituals_apex(auto, talents)
        costs = plan_costs(character, request, auto, talents)
        test_id = ctx.new_id("mgt")
        made = MagicTestMade(
            character_id=character_id, test_id=test_id, label=request.label, ability=ability,
            ability_value=value, focus=spelled, focus_bonus=focus, target=target,
            resistance_factors=list(request.resistance_factors),
            bonus=costs.bonus_mana + 2 * costs.bonus_backlash, modifier=request.modifier,
            costs=costs, automatic=True, success=True,
            carried=character.magic_tests.carried, spell_rank=request.spell_rank,
            arcana=request.arcana, target_character=request.target_character,
            talent_bonus=talents.bonus, mana_less=talents.mana_less, mana_more=talents.mana_more,
            talents=talents.talents, ritual=request.ritual, failure_backlash_less=failure_less)
        ones = ([*magic_talents.wizard_ones(character, request.arcana), *talents.ones]
                if request.reroll_ones else [])
        return [*pay(character_id, costs, test_id),
                *resolve(ctx, made, request.dice,
                         in_force(state, character, active=True), ones)]

    return decide


def resolve(ctx: Context, made: MagicTestMade, reported: list[int] | None,
            conditions: Sequence[Condition] = (), ones_by: Sequence[str] = ()) -> list[DomainEvent]:
    """Automatic success when the lowest roll reaches the TN; otherwise roll 3d6.

    The roller's Conditions count here as on the roll: their fixed penalties lower what
    the lowest roll reaches, and Reeling rules out an automatic success, since a Stunt
    Die of 1-2 (the lowest roll has one) fails the test."""
    added = made.ability_value + made.focus_bonus + made.bonus + made.modifier + made.talent_bonus
    effects = on_roll(conditions)
    if (LOWEST_ROLL + added + effects.total >= made.target.tn and not effects.has(REELING)
            and not effects.has(CONSEQUENCE_FAILS)):
        return [made]
    rolled = age_roll(
        ctx, made.character_id, reported, ability=made.ability, ability_value=made.ability_value,
        tn=made.target.tn, focus=made.focus, focus_bonus=made.focus_bonus,
        modifier=made.bonus + made.modifier + made.talent_bonus,
        label=f"Magic Test {made.test_id}", conditions=conditions, ones_by=ones_by)
    total, success = rolled.total, bool(rolled.success)
    # Reeling fails a test whose total may reach the TN: it then misses by 0.
    degree = 0 if success else max(0, made.target.tn - total)
    outcome = msgspec.structs.replace(
        made, automatic=False, total=total, success=success, degree=degree,
        stunt_points=rolled.stunt_points, automatic_failure=rolled.automatic_failure,
        failure_backlash=0 if success else 1 + degree + made.carried - made.failure_backlash_less)
    return [rolled, outcome]
