"""The Consequence roll (002) and drawing a Consequence on the tables.

Rules (002 "Backlash", "Consequences"; the README's reading):
- The roll is offered after Backlash from magic (roll now, or bank it) and owed
  when total Backlash first exceeds Mana or at the sunrise/sunset deadline.
- The magic ability (the sheet's `magic_ability`) against TN 8 + total Backlash
  (temporary + permanent). No focus applies. It is not an active test, so it
  never gives Stunt Points (our reading). The player may fail it on purpose, to
  burn off Backlash: no dice are rolled then.
- On a success, no Consequence now. On a failure, Consequences are due
  (ledger/domain/magic/consequences.py). With no temporary Backlash there is nothing
  to spend, so a failure then brings no Consequences (our reading).
- A roll resolves the oldest owed roll and the bank-or-roll choice at once.
- Drawing: 1d6 category (1-2 General, 3-4 Supernatural Type, 5-6 Domains); for
  General, 1d6 severity (1-2 Minor, costs 1; 3-4 Moderate, 2; 5-6 Major, 3).
  The drawn result waits in the state until its details are recorded.
"""

from __future__ import annotations

from ledger.domain.characters import require_alive
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.magic.pending import resolving
from ledger.domain.magic.test import magic_ability
from ledger.domain.rolls import Rolled, age_roll, notation_rolled
from ledger.domain.rolls.round_effects import in_force
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.backlash import ConsequencesDue, Drawn

CONSEQUENCE_TN_BASE = 8
CATEGORIES = ("general", "supernatural-type", "domains")
SEVERITIES = {"minor": 1, "moderate": 2, "major": 3}  # General: the Backlash each costs


class ConsequenceRolled(DomainEvent, frozen=True, kw_only=True):
    ability: str
    ability_value: int
    tn: int
    total: int | None  # None when failed on purpose
    success: bool
    deliberate: bool
    temporary: int  # temporary Backlash at the roll
    resolves_owed: str | None = None  # reason of the owed roll it settles
    resolves_choice: bool = False
    consequences_due: bool = False


class ConsequenceDrawn(DomainEvent, frozen=True, kw_only=True):
    drawn: Drawn


@evolves(ConsequenceRolled)
def _rolled(state: CampaignState, e: ConsequenceRolled) -> None:
    backlash = state.characters[e.character_id or ""].backlash
    if e.resolves_owed is not None and backlash.owed:
        backlash.owed.pop(0)
    if e.resolves_choice:
        backlash.choice = None
    if e.consequences_due:
        backlash.consequences_due = ConsequencesDue(since=state.position + 1, tn=e.tn,
                                                    total=e.total)


@evolves(ConsequenceDrawn)
def _drawn(state: CampaignState, e: ConsequenceDrawn) -> None:
    due = state.characters[e.character_id or ""].backlash.consequences_due
    if due is not None:
        due.drawn = e.drawn


def check_roll_offered(character: Character) -> None:
    if not character.backlash.owed and character.backlash.choice is None:
        raise RuleViolation("no-consequence-roll-offered",
                            f"{character.name} owes no Consequence roll and has no fresh "
                            "Backlash to roll for")


def check_last_consequences_recorded(character: Character) -> None:
    if character.backlash.consequences_due is not None:
        raise RuleViolation("consequences-of-last-roll-pending",
                            "record the Consequences of the last failed roll first",
                            resolve=resolving(character, "consequences"))


def require_due(character: Character) -> ConsequencesDue:
    due = character.backlash.consequences_due
    if due is None:
        raise RuleViolation("no-consequences-due",
                            f"{character.name} has no failed Consequence roll to suffer for")
    return due


def consequence_roll(character_id: str, reported: list[int] | None = None,
                     fail_deliberately: bool = False) -> Decide:
    """Roll the magic ability against TN 8 + total Backlash, or fail it on purpose."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        check_roll_offered(character)
        check_last_consequences_recorded(character)
        if not character.magic_ability:  # a Magic Test may name its ability; this roll may not
            raise RuleViolation(
                "no-magic-ability", f"{character.name}'s sheet names no magic ability, which a "
                "Consequence roll uses: the GM sets `magic_ability` (PATCH …/characters/"
                f"{character.id}), then the roll can be made", field="magic_ability")
        ability, value = magic_ability(character, None)
        tn = CONSEQUENCE_TN_BASE + character.backlash.total
        events: list[DomainEvent] = []
        total: int | None = None
        rolled_success = False
        if fail_deliberately and reported is not None:
            raise InvalidInput("no-dice-for-a-deliberate-failure",
                               "a roll failed on purpose rolls no dice", field="dice")
        if not fail_deliberately:
            rolled = age_roll(ctx, character_id, reported, ability=ability, ability_value=value,
                              tn=tn, active=False, label="Consequence roll",
                              conditions=in_force(state, character))
            total, rolled_success = rolled.total, bool(rolled.success)
            events.append(rolled)
        # Reeling may fail a roll whose total reached the TN: the roll's own outcome counts.
        success = total is not None and rolled_success
        owed = character.backlash.owed
        events.append(ConsequenceRolled(
            character_id=character_id, ability=ability, ability_value=value, tn=tn, total=total,
            success=success, deliberate=fail_deliberately, temporary=character.backlash.temporary,
            resolves_owed=owed[0].reason if owed else None,
            resolves_choice=character.backlash.choice is not None,
            consequences_due=not success and character.backlash.temporary > 0))
        return events

    return decide


def notation_event(state: CampaignState, ctx: Context, character_id: str, expression: str,
                   reported: list[int] | None, label: str) -> Rolled:
    """Dice notation (server or reported dice), recorded as any notation roll is."""
    return notation_rolled(ctx, character_id, expression, reported,
                           state.settings.max_dice_per_roll, label=label)


def d6(state: CampaignState, ctx: Context, character_id: str, reported: int | None,
       label: str) -> tuple[int, Rolled]:
    """One d6 (server or reported), recorded as a Rolled event."""
    rolled = notation_event(state, ctx, character_id, "1d6",
                            None if reported is None else [reported], label)
    return rolled.total, rolled


def category_of(die: int) -> str:
    return CATEGORIES[(die - 1) // 2]


def severity_of(die: int) -> str:
    return list(SEVERITIES)[(die - 1) // 2]


def draw(character_id: str, reported: list[int] | None = None) -> Decide:
    """Roll a Consequence's category, and for General its severity; it waits to be recorded."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        if require_due(character).drawn is not None:
            raise RuleViolation("drawn-consequence-not-recorded",
                                "record the Consequence already drawn before drawing another")
        given = list(reported or [])
        die, rolled = d6(state, ctx, character_id, given.pop(0) if given else None,
                         "Consequence category")
        events: list[DomainEvent] = [rolled]
        drawn = Drawn(category=category_of(die))
        if drawn.category == "general":
            die, rolled = d6(state, ctx, character_id, given.pop(0) if given else None,
                             "Consequence severity")
            events.append(rolled)
            drawn = Drawn(category="general", severity=severity_of(die),
                          cost=SEVERITIES[severity_of(die)])
        if reported is not None and (given or len(reported) != len(events)):
            raise InvalidInput("reported-dice-mismatch",
                               f"this draw used {len(events)} dice, {len(reported)} reported",
                               field="dice")
        return [*events, ConsequenceDrawn(character_id=character_id, drawn=drawn)]

    return decide
