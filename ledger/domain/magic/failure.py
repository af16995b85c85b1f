"""After a failed Magic Test (002): the after-the-fact fix, accepting the failure,
and what the character's next action settles.

Rules (002 "Backlash"; the README's "Fixing a failure after the fact", our reading):
- Fix: each Mana or each point of Backlash adds +1 to the roll; the fix must
  reach the TN. The test becomes a success: the failure's Backlash is not taken
  and no Consequence roll is offered for it. The next failure carries +1
  Backlash; fixes before that failure add up, and that failure uses them all.
  Backlash paid for a fix still counts towards exceeding Mana. A test that failed
  whatever its total (Reeling's Stunt Die of 1-2, a Consequence's failed action)
  cannot be fixed: +1s do not change why it failed.
- Accept: Backlash 1 + (TN - total) + the carried penalty, then the choice to
  roll for Consequences or bank.
- The character's next action (a command whose acting character they are, ledger/domain/command.py)
  accepts a pending failure (the issue's rule), and first banks Backlash whose
  bank-or-roll choice was not made (our reading of "immediately roll ... or bank
  it"). Commands about the character that are not their action settle nothing.
"""

from __future__ import annotations

from ledger.domain.characters import require_alive
from ledger.domain.context import Context
from ledger.domain.decision import Decide, Later, later_for
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.magic.backlash import bank_event, gained_event, offered_event
from ledger.domain.magic.test_events import MagicTestFailureAccepted, MagicTestFixed
from ledger.domain.resources import spend_event
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.backlash import PendingFailure


def require_failure(character: Character, test_id: str) -> PendingFailure:
    failure = character.magic_tests.failure
    if failure is None or failure.test_id != test_id:
        raise RuleViolation("no-pending-magic-test-failure",
                            f"Magic Test {test_id} is not a failure awaiting a fix or acceptance")
    return failure


def check_fixable(failure: PendingFailure) -> None:
    """A fix adds +1 a point to the roll; a roll that failed whatever its total (000
    Reeling: "their Stunt Die comes up a 1 or 2 on a test, they automatically fail it"; 002
    General: "Your next major action fails") stays failed, so it can only be accepted."""
    if failure.automatic:
        raise RuleViolation("automatic-failure-cannot-be-fixed",
                            f"Magic Test {failure.test_id} failed automatically (Reeling's Stunt "
                            "Die of 1-2, or a Consequence that fails the action): adding to the "
                            "roll cannot turn it, so it can only be accepted")


def check_fix_reaches_tn(failure: PendingFailure, points: int) -> None:
    if points < failure.needed:
        raise RuleViolation("fix-must-reach-tn",
                            f"the roll was {failure.total} against TN {failure.tn}: a fix needs "
                            f"{failure.needed} Mana or Backlash, not {points}", field="mana")


def fix(character_id: str, test_id: str, mana: int, backlash: int) -> Decide:
    """Turn a failure into a success with Mana and/or Backlash, +1 each."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent | Later]:
        character = require_alive(state, character_id)
        failure = require_failure(character, test_id)
        check_fixable(failure)
        check_fix_reaches_tn(failure, mana + backlash)
        events: list[DomainEvent | Later] = []
        if mana:
            events.append(later_for(character_id, lambda c: spend_event(
                c, "mana", mana, f"fix of Magic Test {test_id}")))
        if backlash:
            events.append(later_for(character_id, lambda c: gained_event(
                c, backlash, "fix", test_id=test_id)))
        events.append(MagicTestFixed(character_id=character_id, test_id=test_id, mana=mana,
                                     backlash=backlash, needed=failure.needed,
                                     carried_after=character.magic_tests.carried + 1))
        return events

    return decide


def accept_events(character: Character, *, automatic: bool = False) -> list[DomainEvent]:
    failure = character.magic_tests.failure
    if failure is None:
        raise RuleViolation("no-pending-magic-test-failure", "no failed Magic Test is pending")
    return [
        MagicTestFailureAccepted(character_id=character.id, test_id=failure.test_id,
                                 backlash=failure.backlash, degree=failure.needed,
                                 carried_used=failure.carried, automatic=automatic),
        offered_event(character, failure.backlash, "failure", test_id=failure.test_id,
                      automatic=automatic),
    ]


def accept(character_id: str, test_id: str) -> Decide:
    """Take the failure: Backlash 1 + (TN - total) + the carried penalty."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        require_failure(character, test_id)
        return accept_events(character)

    return decide


def settle_before_next_command(
    state: CampaignState, character_id: str, ctx: Context
) -> list[DomainEvent | Later]:
    """Acting again banks an unanswered bank-or-roll choice, then accepts a pending failure."""
    character = state.characters[character_id]
    events: list[DomainEvent | Later] = []
    if character.dead:
        return events
    if character.backlash.choice is not None:
        events.append(later_for(character_id, lambda c: bank_event(c, automatic=True)))
    if character.magic_tests.failure is not None:
        events.append(later_for(character_id, lambda c: accept_events(c, automatic=True)))
    return events
