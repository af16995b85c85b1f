"""Suffering Consequences after a failed Consequence roll (002), and harm that
never heals magically.

Rules (002 "Backlash", "Consequences"; the README's reading):
- How much Backlash to spend: chosen (1 to the temporary Backlash), or 1d6 for
  every full 4 points of temporary Backlash (our reading: "full"; only temporary
  Backlash can be spent, so only it counts, and the roll is capped at it; with
  fewer than 4 points the amount must be chosen).
- Which Consequences: drawn on the tables (ledger/domain/magic/consequence_roll.py), or
  chosen with the GM's approval (the API lets only the GM choose). General costs
  its severity (Minor 1, Moderate 2, Major 3); for Supernatural Type and Domains
  the Backlash spent is input.
- Consequences repeat until the amount is spent; the last one spends only what
  remains (our reading). Only temporary Backlash is spent.
- Damage and Conditions a Consequence causes are flagged as caused by Backlash.
  Such Conditions never heal magically (ledger/domain/conditions/recovery.py); Health
  lost to them is tracked (`BacklashState.harm`, ledger/domain/magic/harm.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from ledger.domain.bounds import Count, Label, Note, Text
from ledger.domain.characters import require_alive
from ledger.domain.conditions.adding import ConditionAdded, condition_events
from ledger.domain.context import Context
from ledger.domain.decision import Decide, Later
from ledger.domain.errors import InvalidInput, RuleViolation, fields_under
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.magic.consequence_roll import CATEGORIES, SEVERITIES, notation_event, require_due
from ledger.domain.resources import DAMAGE_TYPES, damage_event
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.backlash import Consequence, ConsequencesDue

POINTS_PER_AMOUNT_DIE = 4
# 002, General: "-1 penalty to all rolls next round" (Minor), "-2" and "Your next minor
# action fails" (Moderate), "-3" and "Your next major action fails" (Major).
EFFECTS = ("penalty-next-round", "next-minor-action-fails", "next-major-action-fails")
EFFECT_SEVERITY = {"next-minor-action-fails": "moderate", "next-major-action-fails": "major"}
# 002, General: "up to 1d3 points of Complications or damage" (Minor), "up to 1d6 points of
# Complications or 1d6 damage" (Moderate), "up to 2d6 points of Complications or damage"
# (Major): the most its dice can give.
DAMAGE_BY_SEVERITY = {"minor": 3, "moderate": 6, "major": 12}


class ConditionInput(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A Condition a Consequence causes; always recorded as caused by Backlash."""

    name: Annotated[str, Meta(min_length=1, max_length=100)]
    points: Annotated[Annotated[int, Meta(ge=1, le=20)] | None, Meta(description=(
        "Required for a ranged Condition."))] = None
    figure: Annotated[Annotated[int, Meta(ge=0, le=100)] | None, Meta(description=(
        "The SP or figure that created it (recovery TN 9 + figure); default its points."))] = None
    incurable: bool = False
    target: Label = ""
    note: Note = ""


class ConsequenceInput(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    description: Text
    drawn: Annotated[bool, Meta(description="use the Consequence drawn on the tables")] = False
    category: Annotated[str | None, Meta(description="chosen (GM): " + ", ".join(CATEGORIES))] \
        = None
    severity: Annotated[str | None, Meta(
        description="chosen General severity (GM): " + ", ".join(SEVERITIES))] = None
    backlash: Annotated[Annotated[int, Meta(ge=0, le=1000)] | None, Meta(description=(
        "Supernatural Type and Domains: the Backlash it spends"))] = None
    damage: Annotated[Count, Meta(description="Health damage it causes (caused by Backlash)")] = 0
    damage_type: Annotated[str, Meta(extra_json_schema={"enum": list(DAMAGE_TYPES)})] = "wound"
    conditions: Annotated[list[ConditionInput], Meta(max_length=20)] = \
        msgspec.field(default_factory=list)
    effect: Annotated[Literal[EFFECTS] | None, Meta(description=(  # type: ignore[valid-type]
        "a General Consequence's effect in combat time: penalty-next-round (any severity: "
        "-1/-2/-3 to all rolls next round), next-minor-action-fails (moderate), "
        "next-major-action-fails (major)"))] = None


class ConsequenceAmountSet(DomainEvent, frozen=True, kw_only=True):
    amount: int
    rolled: bool
    rolled_total: int | None = None


class ConsequenceSuffered(DomainEvent, frozen=True, kw_only=True):
    consequence: Consequence
    before: int  # temporary Backlash
    after: int
    remaining: int  # of the amount to spend


class ConsequenceEffectChosen(DomainEvent, frozen=True, kw_only=True):
    """The General Consequence just suffered has an effect counted in combat time (002):
    its penalty to all rolls next round, or its next minor or major action failing
    (ledger/domain/encounters/consequence_effects.py). It changes no state itself."""

    consequence_id: str
    effect: str
    severity: str


@evolves(ConsequenceEffectChosen)
def _effect_chosen(state: CampaignState, e: ConsequenceEffectChosen) -> None:
    return None


@evolves(ConsequenceAmountSet)
def _amount_set(state: CampaignState, e: ConsequenceAmountSet) -> None:
    due = state.characters[e.character_id or ""].backlash.consequences_due
    if due is not None:
        due.amount = e.amount


@evolves(ConsequenceSuffered)
def _suffered(state: CampaignState, e: ConsequenceSuffered) -> None:
    backlash = state.characters[e.character_id or ""].backlash
    backlash.temporary = e.after
    backlash.harm += e.consequence.health_lost
    due = backlash.consequences_due
    if due is None:
        return
    due.spent += e.consequence.backlash_spent
    due.suffered.append(e.consequence)
    if e.consequence.drawn:
        due.drawn = None
    if e.remaining == 0:
        backlash.consequences_due = None


# --- the amount ------------------------------------------------------------------------

def check_amount_within_backlash(amount: int, temporary: int) -> None:
    if not 1 <= amount <= temporary:
        raise RuleViolation("amount-exceeds-temporary-backlash",
                            f"spend 1 to {temporary} Backlash (only temporary Backlash is spent)",
                            field="amount")


def amount_events(ctx: Context, state: CampaignState, character: Character, chosen: int | None,
                  roll: bool, reported: list[int] | None) -> list[DomainEvent]:
    due = require_due(character)
    if due.amount is not None and (chosen is not None or roll):
        raise RuleViolation("consequence-amount-already-set",
                            f"this roll's amount is already {due.amount}", field="amount")
    if due.amount is not None:
        return []
    if (chosen is None) == (not roll):
        raise RuleViolation("consequence-amount-needed",
                            "choose how much Backlash to spend, or roll it (not both)",
                            field="amount")
    temporary = character.backlash.temporary
    if chosen is not None:
        check_amount_within_backlash(chosen, temporary)
        return [ConsequenceAmountSet(character_id=character.id, amount=chosen, rolled=False)]
    dice = temporary // POINTS_PER_AMOUNT_DIE
    if dice == 0:
        raise RuleViolation("rolled-amount-needs-4-backlash",
                            f"1d6 per full 4 points: {temporary} temporary Backlash rolls no die; "
                            "choose the amount", field="roll_amount")
    rolled = notation_event(state, ctx, character.id, f"{dice}d6", reported, "Backlash to spend")
    return [rolled, ConsequenceAmountSet(character_id=character.id,
                                         amount=min(rolled.total, temporary), rolled=True,
                                         rolled_total=rolled.total)]


# --- each Consequence --------------------------------------------------------------------

def classify(item: ConsequenceInput, due: ConsequencesDue) -> tuple[str, str | None, int]:
    """Category, severity and the Backlash it costs, drawn or chosen."""
    if item.drawn:
        if due.drawn is None:
            raise RuleViolation("no-drawn-consequence", "draw a Consequence first", field="drawn")
        if item.category or item.severity:
            raise InvalidInput("drawn-consequence-is-rolled",
                               "a drawn Consequence takes the category the dice gave",
                               field="category")
        category, severity, cost = due.drawn.category, due.drawn.severity, due.drawn.cost
    else:
        if item.category not in CATEGORIES:
            raise InvalidInput("consequence-category", f"categories are {', '.join(CATEGORIES)}",
                               field="category")
        category, severity = item.category, item.severity
        if category == "general" and severity not in SEVERITIES:
            raise InvalidInput("consequence-severity", "General severity is minor, moderate or "
                               "major", field="severity")
        cost = SEVERITIES[severity] if category == "general" and severity else None
    return category, severity, checked_cost(category, cost, item.backlash)


def checked_cost(category: str, cost: int | None, given: int | None) -> int:
    if category == "general":
        if given is not None and given != cost:
            raise InvalidInput("general-consequence-cost-is-fixed",
                               f"this General Consequence costs {cost} Backlash", field="backlash")
        return cost or 0
    if given is None or given < 1:
        raise InvalidInput("consequence-backlash-needed",
                           "a Supernatural Type or Domains Consequence needs the Backlash it "
                           "spends (the rules give no table for it)", field="backlash")
    return given


def check_effect(effect: str | None, category: str, severity: str | None) -> None:
    """The effects are the General table's, each at the severity whose text gives it."""
    if effect is None:
        return
    wanted = EFFECT_SEVERITY.get(effect)
    if category != "general" or (wanted is not None and severity != wanted):
        raise InvalidInput("consequence-effect-not-of-its-severity",
                           f"{effect} is a General Consequence's effect"
                           + (f", of a {wanted} one" if wanted else ""), field="effect")


def check_damage(damage: int, category: str, severity: str | None) -> None:
    """A General Consequence's damage is at most what its severity's dice give."""
    most = DAMAGE_BY_SEVERITY.get(severity or "") if category == "general" else None
    if most is not None and damage > most:
        raise InvalidInput("consequence-damage-beyond-its-severity",
                           f"a {severity} General Consequence does up to {most} damage (002)",
                           field="damage")


def suffer(ctx: Context, character_id: str, item: ConsequenceInput, index: int = 0) -> Later:
    """Damage and Conditions flagged as Backlash's, then the Consequence spending Backlash;
    each event from the state the ones before it left."""

    def start(state: CampaignState) -> list[DomainEvent | Later]:
        character = state.characters[character_id]
        due = character.backlash.consequences_due
        if due is None or due.remaining is None or due.remaining <= 0:
            raise RuleViolation("consequences-exceed-amount",
                                "the amount is spent: no further Consequence",
                                field="consequences")
        with fields_under(f"consequences.{index}"):
            category, severity, cost = classify(item, due)
            check_effect(item.effect, category, severity)
            check_damage(item.damage, category, severity)
        spent, remaining = min(cost, due.remaining, character.backlash.temporary), due.remaining
        health_before = character.health.current
        condition_ids: list[str] = []
        steps: list[DomainEvent | Later] = []
        if item.damage:
            steps.append(damage_event(character, item.damage, item.damage_type,
                                      f"Backlash Consequence: {item.description}",
                                      from_backlash=True))
        for j, wanted in enumerate(item.conditions):
            steps.append(Later(added_conditions(ctx, character_id, wanted, condition_ids,
                                                f"consequences.{index}.conditions.{j}")))

        def suffered(now: CampaignState) -> list[DomainEvent]:
            after = now.characters[character_id]
            consequence = Consequence(
                id=ctx.new_id("csq"), category=category, severity=severity,
                backlash_spent=spent, description=item.description, drawn=item.drawn,
                health_lost=health_before - after.health.current, condition_ids=condition_ids)
            before = after.backlash.temporary
            chosen = [] if item.effect is None else [ConsequenceEffectChosen(
                character_id=character_id, consequence_id=consequence.id, effect=item.effect,
                severity=severity or "")]
            return [ConsequenceSuffered(character_id=character_id, consequence=consequence,
                                        before=before, after=before - spent,
                                        remaining=remaining - spent), *chosen]

        return [*steps, Later(suffered)]

    return Later(start)


def added_conditions(ctx: Context, character_id: str, wanted: ConditionInput, ids: list[str],
                     place: str = "") -> Callable[[CampaignState], list[DomainEvent]]:
    """`place` prefixes a refusal's field with where the Condition was asked for."""

    def build(state: CampaignState) -> list[DomainEvent]:
        with fields_under(place):
            events = condition_events(
                state, state.characters[character_id], wanted.name, wanted.points,
                wanted.figure, incurable=wanted.incurable, from_backlash=True,
                note=wanted.note, target=wanted.target, new_id=ctx.new_id)
        ids.extend(e.condition.id for e in events if isinstance(e, ConditionAdded))
        return events

    return build


def record(character_id: str, items: list[ConsequenceInput], amount: int | None = None,
           roll_amount: bool = False, amount_dice: list[int] | None = None) -> Decide:
    """Set how much Backlash to spend (once), then suffer each Consequence in turn."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent | Later]:
        character = require_alive(state, character_id)
        return [*amount_events(ctx, state, character, amount, roll_amount, amount_dice),
                *(suffer(ctx, character_id, item, i) for i, item in enumerate(items))]

    return decide
