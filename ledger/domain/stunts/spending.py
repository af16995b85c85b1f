"""Spending a roll's Stunt Points on stunts (Mana Noir "Stunts", "New Stunts", Conditions).

Rules and our readings (docs/rules/stunts.md):
- The budget of a roll: the SP it generated + pool SP spent on it - SP placed from it into
  the pool - SP already spent from it (`budget`). Spending past it is refused (409
  `stunt-points-over-budget`, naming the budget).
- SP are spent in the session that generated them (the pool's per-roll figures end with
  the session): a roll of an earlier session, or of the time between sessions, is refused
  (`roll-session-over`). Before the first session there is no such limit.
- Catalogue stunts at the tiers their bodies price (ledger/domain/stunts/catalog.py); any
  other name is a stunt the GM names with its cost (the GM's part of the command).
- Grappling stunts (Clinch, Lock, Throw) need a prior Grapple: the target is Grabbed,
  Pinned or Restrained, is held in a lock of the character, or a GM-named "Grapple" of the
  character recorded it (`grapple-first`). A Grabbed target of a grappling stunt adds +2 to
  the SP used on it, once per roll: the tier is reached with 2 SP fewer (`grabbed_bonus`).
- A Condition bought with SP (name "Condition"): only from an attack roll, approved by
  the GM (recorded), at its catalogue points; the SP spent are its creating figure.
- Full Force and Opportunist use up the Minor Action: at most one of them per roll, and in
  an encounter one per turn. Lock comes the turn after the Grapple in an encounter
  (ledger/domain/stunts/turns.py).
- Talents that change a stunt's cost, and Trickster Master's Discombobulation:
  ledger/domain/stunts/talents.py.
Effects (Lock, Throw, Frighten...) are built in ledger/domain/stunts/effects.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.domain.conditions.catalog import base_points
from ledger.domain.conditions.catalog import lookup as condition_spec
from ledger.domain.context import Context
from ledger.domain.decision import Decide, Later
from ledger.domain.encounters import dying
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.rolls import Rolled
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.stunt_spending import SpentStunt
from ledger.domain.stunts import catalog, talents, turns
from ledger.domain.stunts.effects import Choice, effects_of
from ledger.domain.stunts.spending_events import StuntsSpent

GRABBED_BONUS = 2
HOLDING = ("Grabbed", "Pinned", "Restrained")
CONDITION = "condition"


class Budget:
    """A roll's SP: what it generated, what the pool added and took, what was spent."""

    def __init__(self, state: CampaignState, position: int, roll: Rolled) -> None:
        note = state.stunts.rolls.get(position) if state.stunts.active else None
        spent = state.stunt_spending.rolls.get(position)
        # In an encounter, only the first active test of a turn generates SP.
        self.generated = roll.stunt_points - state.withheld_sp.get(position, 0)
        self.from_pool = note.from_pool if note else 0
        self.contributed = note.contributed if note else 0
        self.spent = spent.spent if spent else 0

    @property
    def left(self) -> int:
        return max(0, self.generated + self.from_pool - self.contributed - self.spent)


def the_roll(state: CampaignState, ctx: Context, position: int) -> Rolled:
    """The AGE test at `position`, canon and of a character (409 otherwise)."""
    found = ctx.earlier(position) if position <= state.position else None
    roll = found.event if found else None
    if (found is None or not isinstance(roll, Rolled) or roll.kind != "age" or not roll.character_id
            or state.rewind.voided_by(position) is not None):
        raise RuleViolation("roll-not-eligible", f"position {position} is not a canon AGE test "
                            "of a character", field="roll_position")
    clock = state.clock
    if clock.session and (found.session != clock.session or not clock.session_open):
        raise RuleViolation("roll-session-over", f"the roll at {position} was made outside the "
                            "open session; SP are spent in the session that generated them",
                            field="roll_position")
    return roll


def require_target(state: CampaignState, target: str | None, name: str) -> Character:
    found = state.characters.get(target or "")
    if found is None:
        raise InvalidInput("stunt-needs-a-target", f"{name} needs its target: a character id",
                           field="target")
    return found


def grappled(state: CampaignState, by: str, target: Character) -> bool:
    spending = state.stunt_spending
    return (any(c.name in HOLDING for c in target.conditions)
            or [by, target.id] in spending.grapples
            or any((k.by, k.target) == (by, target.id) for k in spending.locks))


def grabbed_bonus(state: CampaignState, position: int, target: Character, used: bool) -> int:
    """+2 SP on the first grappling stunt a roll buys against a Grabbed target."""
    earlier = state.stunt_spending.rolls.get(position)
    if used or (earlier and any(s.bonus for s in earlier.stunts)):
        return 0
    return GRABBED_BONUS if any(c.name == "Grabbed" for c in target.conditions) else 0


def priced(state: CampaignState, ctx: Context, position: int, by: str, choice: Choice,
           target: str | None, bonus_used: bool) -> SpentStunt:
    """One stunt with its tier, the SP it costs this roll, and what it does."""
    if choice.name.strip().lower() == CONDITION:
        if position not in state.stunt_spending.attacks:
            raise RuleViolation("conditions-need-an-attack-roll", "SP buy a Condition only "
                                "from an attack roll", field="roll_position")
        if ctx.actor.role not in ("gm", "system"):
            raise RuleViolation("condition-needs-gm-approval", "the GM decides whether the "
                                "attack fits the Condition: the GM records it", field="stunts")
        aimed = require_target(state, target, "a Condition")
        bought = condition_spec(choice.condition or "")
        cost = base_points(bought, choice.sp, state.settings)
        return SpentStunt(name="Condition", tier=cost, paid=cost, target=aimed.id,
                          condition=bought.name, effect=f"{bought.name} ({cost} points)")
    roller = state.characters[by]
    if choice.name.strip().lower() == dying.MAJOR_ACTION.lower() or dying.survival_roll_of(
            state, position):  # Cinematic Dying: a survival test's SP buy only a Major action
        dying.major_action_from(state, position, roller, choice.name)
        return SpentStunt(name=dying.MAJOR_ACTION, tier=dying.MAJOR_ACTION_SP,
                          paid=dying.MAJOR_ACTION_SP, effect="a Major action on their turn "
                          "while dying (Cinematic mode)")
    if choice.name.strip().lower() == talents.TRICKSTER_STUNT[0].lower():
        return discombobulation(roller, target)
    spec = catalog.find(choice.name)
    if spec is None:
        return gm_named(ctx, roller, choice, target)
    tier = catalog.tier_of(spec, choice.sp)
    bonus = 0
    if spec.needs_target:
        aimed = require_target(state, target, spec.name)
        if spec.grappling:
            if not grappled(state, by, aimed):
                raise RuleViolation("grapple-first", f"{spec.name} needs a prior Grapple of "
                                    f"{aimed.name}", field="target")
            if spec.name == "Lock":
                turns.check_lock_next_turn(state, by, aimed)
            bonus = grabbed_bonus(state, position, aimed, bonus_used)
    less, sources = talents.discount(roller, spec.name, tier)  # Warrior Expert's choice
    # Grabbed's +2 adds to "the SP being used", and a talent's discount leaves at least 1:
    # some SP of the roll pay every stunt (an outside rules check bought a Lock for 0 SP
    # from a missed attack, with both together).
    return SpentStunt(name=spec.name, tier=tier, paid=max(1, tier - bonus - less), bonus=bonus,
                      effect=spec.tiers[tier], target=target if spec.needs_target else None,
                      minor_action=spec.minor_action, discount=less, talents=sources)


def discombobulation(roller: Character, target: str | None) -> SpentStunt:
    """Trickster Master's special stunt, "Discombobulation, 3"."""
    name, cost, effect = talents.TRICKSTER_STUNT
    if not talents.has(roller, "Trickster", "master"):
        raise RuleViolation("stunt-needs-trickster-master", f"{name} is Trickster Master's "
                            f"stunt; {roller.name} lacks it", field="stunts")
    return SpentStunt(name=name, tier=cost, paid=cost, effect=effect, target=target,
                      talents=["Trickster Master"])


def gm_named(ctx: Context, roller: Character, choice: Choice, target: str | None
             ) -> SpentStunt:
    if ctx.actor.role not in ("gm", "system"):
        raise RuleViolation("unknown-stunt", f"{choice.name!r} is not in the stunt catalogue; "
                            "the GM names other stunts with their cost", field="stunts",
                            allowed=[s.name for s in catalog.STUNTS.values()], catalog="stunts")
    if choice.sp is None:
        raise InvalidInput("stunt-cost", f"the GM names {choice.name!r} with its cost in SP",
                           field="sp")
    less, sources = talents.discount(roller, choice.name, choice.sp)
    return SpentStunt(name=choice.name.strip(), tier=choice.sp, paid=choice.sp - less,
                      gm_named=True, effect=choice.note, target=target, discount=less,
                      talents=sources)


def spend_stunts(position: int, choices: Sequence[Choice], target: str | None) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent | Later]:
        roll = the_roll(state, ctx, position)
        by = roll.character_id or ""
        budget = Budget(state, position, roll)
        stunts: list[SpentStunt] = []
        for choice in choices:
            stunts.append(priced(state, ctx, position, by, choice, target,
                                 any(s.bonus for s in stunts)))
        check_minor_action(state, position, stunts)
        turns.check_minor_action_this_turn(state, by, stunts)
        paid = sum(s.paid for s in stunts)
        if paid > budget.left:
            withheld = state.withheld_sp.get(position, 0)
            why = (f" ({withheld} SP withheld: in an encounter only the first active test in "
                   "the character's own turn generates SP)" if withheld else "")
            raise RuleViolation("stunt-points-over-budget", f"the roll at {position} has "
                                f"{budget.left} SP left to spend, not {paid}{why}",
                                field="stunts")
        extra = effects_of(state, ctx, position, by, stunts, choices)
        gm = any(s.condition and s.name == "Condition" for s in stunts)
        encounter_id, turn_number = turns.turn_now(state)
        spent = StuntsSpent(
            character_id=by, roll_position=position, stunts=stunts, target=target,
            generated=budget.generated, from_pool=budget.from_pool,
            contributed=budget.contributed, spent_before=budget.spent, budget=budget.left,
            paid=paid, locks=extra.locks, resistances=extra.resistances,
            approved_by=(ctx.actor.token_id or ctx.actor.role) if gm else None,
            encounter_id=encounter_id, turn_number=turn_number)
        return [spent, *extra.later]

    return decide


def check_minor_action(state: CampaignState, position: int, stunts: list[SpentStunt]) -> None:
    earlier = state.stunt_spending.rolls.get(position)
    minor = [s.name for s in (earlier.stunts if earlier else []) + stunts if s.minor_action]
    if len(minor) > 1:
        raise RuleViolation("minor-action-used", f"{' and '.join(minor)} each use up the Minor "
                            "Action: one of them per roll", field="stunts")

