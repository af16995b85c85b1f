"""The rolls stunts give their targets: resisting Frighten, Suggest Action and Mentalist's
Trick, and escaping a Lock.

Rules and our readings (docs/rules/stunts.md):
- Frighten: the target's Willpower (Courage) against the TN the stunt fixed; on a failure,
  Cowed (3 points, the stunt's 3 SP as its figure). "Each turn the target may roll again,
  with a +1 to the roll, until they overcome the Condition": our reading is that the +1
  accumulates (+1 on the second roll, +2 on the third...), so the fear fades; a success
  ends that Cowed. In an encounter: one roll per turn, a participant's later rolls in
  their own turn (turns.py).
- Suggest Action (4 SP): a failure means one order for the next turn, a success a
  suggestion for two turns (in an encounter, counted in the target's own turns:
  turns.py). Mentalist's Trick: the target chooses as the character wants,
  and on a success knows it next turn. One roll each.
- Lock: a failed escape takes 1d6 + 1 per SP of the lock penetrating damage; a success ends it.
Resistance rolls are never active decisions: they generate no SP.
"""

from __future__ import annotations

from ledger.domain.conditions.adding import ConditionAdded, condition_events
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import NotFound, RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.resources import damage_event
from ledger.domain.rolls import age_roll, focus_bonus, notation_rolled, sheet_ability
from ledger.domain.rolls.round_effects import in_force
from ledger.domain.sheet_names import find_focus
from ledger.domain.state import CampaignState
from ledger.domain.state.stunt_spending import Lock, Resistance
from ledger.domain.stunts import turns
from ledger.domain.stunts.spending_events import LockEscapeTried, StuntResisted

FRIGHTEN_COWED = ("Cowed", 3)
OUTCOMES = {
    "Suggest Action": ("follows one order for their next turn",
                       "acts as if given a suggestion for two turns"),
    "Mentalist's Trick": ("chooses as the character wants, unaware of the trick",
                          "chooses as the character wants, and knows it next turn"),
}


def open_resistance(state: CampaignState, resistance_id: str) -> Resistance:
    found = state.stunt_spending.resistances.get(resistance_id)
    if found is None:
        raise NotFound("stunt-resistance", resistance_id)
    if found.outcome and not (found.stunt == "Frighten" and found.condition_id):
        raise RuleViolation("stunt-resistance-settled", f"{found.stunt} was already resolved: "
                            f"{found.outcome}", field="resistance_id")
    return found


def resist(resistance_id: str, reported: list[int] | None) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        r = open_resistance(state, resistance_id)
        turns.check_resist_this_turn(state, r)
        target = state.characters[r.target]
        name, value = sheet_ability(target, r.ability)
        focus = find_focus(target.focuses, r.focus)
        attempt = r.attempts + 1
        bonus = attempt - 1 if r.stunt == "Frighten" else 0
        rolled = age_roll(ctx, target.id, reported, ability=name, ability_value=value, tn=r.tn,
                          focus=focus, focus_bonus=focus_bonus(target, focus), modifier=bonus,
                          active=False, label=f"resisting {r.stunt}",
                          conditions=in_force(state, target))
        success = bool(rolled.success)
        given: list[ConditionAdded] = []
        ends = None
        if r.stunt == "Frighten":
            if success:
                outcome, ends = ("overcame Cowed" if r.condition_id else "resisted"), r.condition_id
            else:
                outcome = "Cowed"
                if r.condition_id is None and not any(c.name == "Cowed" for c in target.conditions):
                    given = [e for e in condition_events(
                        state, target, FRIGHTEN_COWED[0], None, FRIGHTEN_COWED[1],
                        note=f"Frighten ({r.id})", cause="stunt", new_id=ctx.new_id)
                        if isinstance(e, ConditionAdded)]
        else:
            outcome = OUTCOMES[r.stunt][success]
        gives = given[0].condition.id if given else None
        encounter_id, turn_number = turns.turn_now(state)
        return [rolled, StuntResisted(
            character_id=target.id, resistance_id=r.id, roll_position=state.position + 1,
            attempt=attempt, bonus=bonus, success=success, outcome=outcome, ends_condition=ends,
            gives_condition=gives, encounter_id=encounter_id, turn_number=turn_number,
            lasts_turns=turns.lasts_turns(state, r, success)), *given]

    return decide


def the_lock(state: CampaignState, lock_id: str) -> Lock:
    found = next((k for k in state.stunt_spending.locks if k.id == lock_id), None)
    if found is None:
        raise NotFound("lock", lock_id)
    return found


def escape(lock_id: str, escaped: bool, reported: list[int] | None) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        lock = the_lock(state, lock_id)
        if escaped:
            return [LockEscapeTried(character_id=lock.target, lock_id=lock.id, target=lock.target,
                                    escaped=True)]
        rolled = notation_rolled(ctx, lock.target, f"1d6+{lock.tier}", reported,
                                 state.settings.max_dice_per_roll, label="failed Lock escape")
        target = state.characters[lock.target]
        return [rolled, LockEscapeTried(character_id=lock.target, lock_id=lock.id,
                                        target=lock.target, escaped=False, damage=rolled.total,
                                        die=rolled.dice[0].value),
                damage_event(target, rolled.total, "penetrating",
                             f"failed escape from a Lock ({lock.tier} SP)")]

    return decide
