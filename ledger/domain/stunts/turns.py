"""Stunt limits counted in the turns of an encounter (Mana Noir "New Stunts";
docs/rules/stunts.md, "Limits counted in turns").

- Lock: "Once the character has successfully Grappled a target, they may perform another
  Stunt Attack, or generate SP with a successful attack next turn": in an encounter, the
  Grapple it relies on came in an earlier turn (`check_lock_next_turn`, 409
  `lock-comes-next-turn`). A holding Condition gained during the encounter is noted with
  its turn (`GrappleNoted`, a reaction to `ConditionAdded`: `note_grapples`); a Grapple the
  GM names records the spend's turn; one from before the encounter, or a Lock already
  held, came earlier.
- Full Force and Opportunist "give up" the Minor Action: in an encounter, one of them per
  character per turn, whichever roll pays (`check_minor_action_this_turn`).
- Frighten: "Each turn the target may roll again": in an encounter, one roll per turn, and
  a participant's later rolls come in their own turn (`check_resist_this_turn`).
- Suggest Action at 4 SP: the order holds for the target's next turn, the suggestion for
  two turns: in an encounter, counted in the target's own turns that start after the roll
  (`lasts_turns`; `StuntTurnPassed`, a reaction to `TurnAdvanced`: `count_target_turns`);
  the encounter's end ends the count (`end_with_the_encounter`).
Outside an encounter nothing is counted: the limits stay as before (one Minor Action stunt
per roll, a prior Grapple, later Frighten rolls whenever the table makes them).
"""

from __future__ import annotations

from ledger.domain.conditions.adding import ConditionAdded
from ledger.domain.context import Context
from ledger.domain.encounters.events import EncounterEnded, TurnAdvanced
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.stunt_spending import Resistance, SpentStunt
from ledger.domain.stunts.talents import has

HOLDING = ("Grabbed", "Pinned", "Restrained")
SUGGEST_TURNS = {False: 1, True: 2}  # failed: one order; succeeded: a suggestion for two turns


class GrappleNoted(DomainEvent, frozen=True, kw_only=True):
    """A holding Condition came to `character_id` in this turn of the encounter."""

    encounter_id: str
    condition_id: str
    name: str
    turn_number: int


class StuntTurnPassed(DomainEvent, frozen=True, kw_only=True):
    """One of the target's own turns under a stunt's outcome ended (or the encounter did)."""

    resistance_id: str
    stunt: str
    turns_left: int
    why: str = "own-turn-ended"  # or "encounter-ended"


@evolves(GrappleNoted)
def _noted(state: CampaignState, e: GrappleNoted) -> None:
    if state.encounter is not None and state.encounter.id == e.encounter_id:
        state.encounter.grapples[e.condition_id] = e.turn_number


@evolves(StuntTurnPassed)
def _passed(state: CampaignState, e: StuntTurnPassed) -> None:
    state.stunt_spending.resistances[e.resistance_id].turns_left = e.turns_left


def turn_now(state: CampaignState) -> tuple[str | None, int | None]:
    """The open encounter's id and turn number; (None, None) outside one."""
    encounter = state.encounter
    return (encounter.id, encounter.turn_number) if encounter is not None else (None, None)


def note_grapples(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    encounter = state.encounter
    if (not isinstance(event, ConditionAdded) or encounter is None
            or event.condition.name not in HOLDING):
        return []
    return [GrappleNoted(character_id=event.character_id, encounter_id=encounter.id,
                         condition_id=event.condition.id, name=event.condition.name,
                         turn_number=encounter.turn_number)]


def check_lock_next_turn(state: CampaignState, by: str, target: Character) -> None:
    """In an encounter, a Lock needs a Grapple from an earlier turn (409 otherwise)."""
    encounter = state.encounter
    if encounter is None:
        return
    now = encounter.turn_number
    held = [encounter.grapples.get(c.id, 0) for c in target.conditions if c.name in HOLDING]
    named = f"{by}>{target.id}"
    if [by, target.id] in state.stunt_spending.grapples:
        held.append(encounter.grapples.get(named, 0))
    if any((k.by, k.target) == (by, target.id) for k in state.stunt_spending.locks):
        held.append(0)
    if held and min(held) >= now:
        raise RuleViolation("lock-comes-next-turn", f"{target.name} was grappled in this turn "
                            f"(turn {now}); the Lock comes next turn", field="stunts")


def check_minor_action_this_turn(state: CampaignState, by: str, stunts: list[SpentStunt]
                                 ) -> None:
    encounter = state.encounter
    if encounter is None or not any(s.minor_action for s in stunts):
        return
    if encounter.minor_actions.get(by) == encounter.turn_number:
        raise RuleViolation("minor-action-used", "Full Force and Opportunist each use up the "
                            f"Minor Action: it went on one of them already in turn "
                            f"{encounter.turn_number}", field="stunts")


def check_resist_this_turn(state: CampaignState, r: Resistance) -> None:
    encounter = state.encounter
    if encounter is None or r.attempts == 0:
        return
    if r.encounter_id == encounter.id and r.turn_number == encounter.turn_number:
        raise RuleViolation("stunt-resistance-once-per-turn", f"{r.stunt}'s target rolls "
                            f"again once per turn; turn {encounter.turn_number} had its roll",
                            field="resistance_id")
    current = encounter.current()
    in_order = any(p.character_id == r.target for p in encounter.order)
    if in_order and (current is None or current.character_id != r.target):
        raise RuleViolation("stunt-resistance-in-own-turn", f"{r.stunt}'s target rolls again "
                            "in their own turn", field="resistance_id")


def lasts_turns(state: CampaignState, r: Resistance, success: bool) -> int:
    """Suggest Action's outcome, in the target's own turns, when the target is in the order.
    Manipulation Grandmaster doubles it: "double the usual duration for the social effect
    or Stunt" (000; an outside review of the readings found it only shown, though the
    ledger counts these turns and knows who spent the stunt)."""
    encounter = state.encounter
    if (r.stunt != "Suggest Action" or encounter is None
            or not any(p.character_id == r.target for p in encounter.order)):
        return 0
    spender = state.characters.get(r.by)
    doubled = spender is not None and has(spender, "Manipulation", "grandmaster")
    return SUGGEST_TURNS[success] * (2 if doubled else 1)


def counted(state: CampaignState) -> list[Resistance]:
    encounter = state.encounter
    return [r for r in state.stunt_spending.resistances.values()
            if r.turns_left > 0 and encounter is not None and r.encounter_id == encounter.id]


def count_target_turns(state: CampaignState, event: DomainEvent, ctx: Context
                       ) -> list[DomainEvent]:
    """The target's own turn ended: one turn fewer for the outcomes counted on them. A
    turn counts only if it started after the roll (a delayed turn has not ended)."""
    encounter = state.encounter
    if not isinstance(event, TurnAdvanced) or encounter is None:
        return []
    ended = encounter.participant(event.ended)
    ending_turn = event.turn_number - 1
    return [StuntTurnPassed(character_id=r.target, resistance_id=r.id, stunt=r.stunt,
                            turns_left=r.turns_left - 1)
            for r in counted(state)
            if ended is not None and ended.character_id == r.target
            and ending_turn > r.turn_number]


def end_with_the_encounter(state: CampaignState, event: DomainEvent, ctx: Context
                           ) -> list[DomainEvent]:
    """The encounter ended (the state no longer holds it): the outcomes counted in it end."""
    if not isinstance(event, EncounterEnded):
        return []
    return [StuntTurnPassed(character_id=r.target, resistance_id=r.id, stunt=r.stunt,
                            turns_left=0, why="encounter-ended")
            for r in state.stunt_spending.resistances.values()
            if r.turns_left > 0 and r.encounter_id == event.encounter_id]
