"""Conditions: adding them (escalation, stacking) and taking one instead of damage.

Rules (000 Conditions; the README's "Conditions and objects"):
- Points come from the catalogue (ledger/domain/conditions/catalog.py); a Condition that
  normal healing cannot cure is worth +2.
- Escalation: Fatigued on Fatigued is Exhausted; Fatigued or Exhausted on Exhausted
  is Helpless (the campaign's `helpless_points`, 4 unless the GM picks 7); Winded on
  Winded is Fatigued; Grabbed on Grabbed is Restrained. Steps chain (Winded on Winded
  with Fatigued present ends Exhausted).
- Hamstrung and Weakened stack; Hamstrung down to Speed 0 means the character
  cannot move (`Character.movement`).
- Each Condition records the SP or figure that created it (`figure`, default its points).
- Instead of damage: 2 points of incoming damage become 1 Condition point, before
  Toughness and Armor; if no Health is then lost, the Condition is one point less.
Recovery, magical healing and treatment are in ledger/domain/conditions/recovery.py.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from ledger.domain.characters import require_alive
from ledger.domain.conditions.catalog import (
    CATALOGUE,
    ESCALATIONS,
    INCURABLE_BONUS,
    Spec,
    base_points,
    escalation_points,
    lookup,
    movement,
)
from ledger.domain.context import Context, random_id
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.resources import damage_event
from ledger.domain.state import CampaignState, Character, Condition
from ledger.domain.state.conditions import Movement

NewId = Callable[[str], str]


class Request(msgspec.Struct, frozen=True, kw_only=True):
    """A Condition asked for, before the catalogue, escalation and stacking rules."""

    name: str
    points: int | None = None
    figure: int | None = None
    incurable: bool = False
    from_backlash: bool = False
    note: str = ""
    target: str = ""
    cause: str = "gm"


class DamageExchange(msgspec.Struct, frozen=True):
    """Damage traded for a Condition: what came in, what was traded, what Health lost."""

    incoming: int
    damage_type: str
    exchanged: int
    reduction: int
    health_lost: int


class ConditionAdded(DomainEvent, frozen=True, kw_only=True):
    condition: Condition
    requested: str
    escalations: list[str] = []
    replaces: list[str] = []
    exchange: DamageExchange | None = None
    movement: Movement | None = None


@evolves(ConditionAdded)
def _added(state: CampaignState, e: ConditionAdded) -> None:
    character = state.characters[e.character_id or ""]
    added = msgspec.structs.replace(e.condition, recorded_at_position=state.position + 1)
    character.conditions = [c for c in character.conditions if c.id not in e.replaces] + [added]
    character.movement = e.movement


def escalate(conditions: list[Condition], name: str) -> tuple[str, list[str], list[str]]:
    """The Condition `name` becomes on these; returns it, the ids it replaces, the rules."""
    present = list(conditions)
    replaces: list[str] = []
    rules: list[str] = []
    while True:
        step = next((s for s in ESCALATIONS
                     if s.incoming == name and any(c.name == s.on for c in present)), None)
        if step is None:
            return name, replaces, rules
        rules.append(step.rule)
        if not step.keeps:
            old = next(c for c in present if c.name == step.on)
            replaces.append(old.id)
            present.remove(old)
        name = step.result


def check_not_already_as_severe(
    character: Character, present: list[Condition], name: str, target: str, points: int
) -> list[str]:
    """A repeated Condition that does not stack: the worse one stands. Returns ids it replaces."""
    spec = CATALOGUE[name.lower()]
    if spec.stacks:
        return []
    same = [c for c in present if c.name == name
            and (not spec.placed or c.target.strip().lower() == target.strip().lower())]
    for old in same:
        if old.points >= points:
            raise RuleViolation("condition-already-as-severe",
                                f"{character.name} already has {name} at {old.points} points",
                                field="name")
    return [c.id for c in same]


def check_body_part(spec: Spec, target: str) -> None:
    if spec.placed and not target.strip():
        raise InvalidInput("condition-needs-a-body-part",
                           f"{spec.name} needs the body part it affects", field="target")


def added_event(
    state: CampaignState, character: Character, request: Request, new_id: NewId,
    *, exchange: DamageExchange | None = None,
) -> ConditionAdded:
    spec = lookup(request.name)
    check_body_part(spec, request.target)
    bonus = INCURABLE_BONUS if request.incurable else 0
    points = base_points(spec, request.points, state.settings) + bonus
    name, replaces, rules = escalate(character.conditions, spec.name)
    if rules:
        points = escalation_points(name, state.settings) + bonus
    if exchange is not None and exchange.health_lost == 0:
        points = max(1, points - 1)  # still takes effect, one point less severe
    present = [c for c in character.conditions if c.id not in replaces]
    replaces += check_not_already_as_severe(character, present, name, request.target, points)
    condition = Condition(
        id=new_id("cnd"), name=name, points=points,
        figure=points if request.figure is None else request.figure,
        incurable=request.incurable, from_backlash=request.from_backlash, note=request.note,
        target=request.target.strip(), cause="backlash" if request.from_backlash else request.cause,
    )
    after = [c for c in present if c.id not in replaces] + [condition]
    return ConditionAdded(character_id=character.id, condition=condition, requested=spec.name,
                          escalations=rules, replaces=replaces, exchange=exchange,
                          movement=movement(character, after))


def condition_events(
    state: CampaignState, character: Character, name: str, points: int | None, figure: int | None,
    *, incurable: bool = False, from_backlash: bool = False, note: str = "", target: str = "",
    cause: str = "gm", new_id: NewId = random_id,
) -> list[DomainEvent]:
    """The events that give `character` a Condition, escalation and stacking applied.

    For other rules (Backlash Consequences, stunts): pass `ctx.new_id` as `new_id`.
    Raises the same named errors as the API (unknown Condition, points out of range,
    already as severe)."""
    request = Request(name=name, points=points, figure=figure, incurable=incurable,
                      from_backlash=from_backlash, note=note, target=target, cause=cause)
    return [added_event(state, character, request, new_id)]


def add_condition(character_id: str, request: Request) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        return [added_event(state, character, request, ctx.new_id)]

    return decide


def default_reduction(character: Character, damage_type: str) -> int:
    """Toughness + Armor; in Mana Noir neither reduces Penetrating damage."""
    return 0 if damage_type == "penetrating" else max(0, character.toughness + character.armor)


def check_exchange_fits(exchanged: int, incoming: int, name: str) -> None:
    if exchanged > incoming:
        raise RuleViolation("condition-exchange-exceeds-damage",
                            f"{name} takes {exchanged} points of damage to buy, only {incoming} "
                            "came in", field="damage")


def instead_of_damage(
    character_id: str, request: Request, incoming: int, damage_type: str,
    reduction: int | None = None, reason: str = "",
) -> Decide:
    """Take a Condition for 2 damage a point; Toughness and Armor then apply to the rest."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        spec = lookup(request.name)
        exchanged = 2 * base_points(spec, request.points, state.settings)
        check_exchange_fits(exchanged, incoming, spec.name)
        applied = default_reduction(character, damage_type) if reduction is None else reduction
        lost = max(0, incoming - exchanged - applied)
        exchange = DamageExchange(incoming, damage_type, exchanged, applied, lost)
        traded = msgspec.structs.replace(request, cause="damage")
        events: list[DomainEvent] = [added_event(state, character, traded, ctx.new_id,
                                                 exchange=exchange)]
        if lost:
            events.append(damage_event(character, lost, damage_type,
                                       reason or f"damage left after taking {spec.name}"))
        return events

    return decide
