"""Wounds wait for treatment: Injured at 3 to 5 points needs a day of full treatment
and rest before a recovery roll; Injured (and Broken or Maimed) at 6 heals only by magic.

Our reading: treatment begins with a command on the current day and counts once a
new day dawns with the character among those who rested (a NewDay's `rested`).
Once treated, a Wound may be rolled for until it heals.
"""

from __future__ import annotations

from ledger.domain.characters import require_alive
from ledger.domain.clock import NewDay
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import NotFound, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.reactions import reacts_to
from ledger.domain.state import CampaignState, Character, Condition


class TreatmentStarted(DomainEvent, frozen=True, kw_only=True):
    condition_id: str
    day: int


class ConditionTreated(DomainEvent, frozen=True, kw_only=True):
    """A day of full treatment and rest is done: recovery rolls may be attempted."""

    condition_id: str
    day: int


def stored_condition(
    state: CampaignState, character_id: str | None, condition_id: str
) -> Condition:
    """A Condition the history says exists (for evolvers)."""
    found = state.characters[character_id or ""].condition(condition_id)
    if found is None:
        raise KeyError(condition_id)
    return found


def require_condition(character: Character, condition_id: str) -> Condition:
    found = character.condition(condition_id)
    if found is None:
        raise NotFound("condition", condition_id)
    return found


@evolves(TreatmentStarted)
def _treatment_started(state: CampaignState, e: TreatmentStarted) -> None:
    stored_condition(state, e.character_id, e.condition_id).treatment_day = e.day


@evolves(ConditionTreated)
def _treated(state: CampaignState, e: ConditionTreated) -> None:
    stored_condition(state, e.character_id, e.condition_id).treated = True


def needs_treatment(condition: Condition) -> bool:
    return condition.name == "Injured" and 3 <= condition.points < 6


def check_not_maimed(condition: Condition) -> None:
    if condition.name in ("Injured", "Broken or Maimed") and condition.points >= 6:
        raise RuleViolation("maimed-heals-only-by-magic",
                            f"{condition.name} at {condition.points} points heals only by magic")


def start_treatment(character_id: str, condition_id: str) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        condition = require_condition(require_alive(state, character_id), condition_id)
        check_not_maimed(condition)
        if not needs_treatment(condition):
            raise RuleViolation("treatment-not-needed",
                                "only Injured at 3 to 5 points waits for a day of treatment")
        if condition.treatment_day is not None:
            raise RuleViolation("treatment-already-begun",
                                f"treatment began on day {condition.treatment_day}")
        return [TreatmentStarted(character_id=character_id, condition_id=condition_id,
                                 day=state.clock.day)]

    return decide


@reacts_to(NewDay)
def _a_day_of_treatment_and_rest(state: CampaignState, event: DomainEvent,
                                 ctx: Context) -> list[DomainEvent]:
    out: list[DomainEvent] = []
    if not isinstance(event, NewDay):
        return out
    for character_id in event.rested:
        character = state.characters.get(character_id)
        for c in character.conditions if character else []:
            if c.treatment_day is not None and not c.treated and c.treatment_day < event.day:
                out.append(ConditionTreated(character_id=character_id, condition_id=c.id,
                                            day=event.day))
    return out
