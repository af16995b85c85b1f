"""After a failed Magic Test (002): the after-the-fact fix, accepting the failure,
and what the character's next action settles.

Rules (002 "Backlash"; the README's "Fixing a failure after the fact", our reading):
- Fix: each Mana or each point of Backlash adds +1 to the roll; the fix must
  reach the TN. The test becomes a success: the failure's Backlash is not taken
  and no Consequence roll is offered for it. The next failure carries +1
  Backlash; fixes before that failure add up, and that failure uses them all.
  Backlash paid for a fix still counts towards exceeding Mana.
- Accept: Backlash 1 + (TN - total) + the carried penalty, then the choice to
  roll for Consequences or bank.
- The character's next action (a command marked `@action_of`, ledger/domain/decision.py)
  accepts a pending failure (the issue's rule), and first banks Backlash whose
  bank-or-roll choice was not made (our reading of "immediately roll ... or bank
  it"). Commands about the character that are not their action settle nothing.
"""

from __future__ import annotations

from ledger.domain.characters import require_alive
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.magic.backlash import bank_event, gained_event
from ledger.domain.magic.pending import Sequence
from ledger.domain.magic.test_events import MagicTestFailureAccepted, MagicTestFixed
from ledger.domain.reactions import prelude
from ledger.domain.resources import spend_event
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.backlash import PendingFailure


def require_failure(character: Character, test_id: str) -> PendingFailure:
    failure = character.magic_tests.failure
    if failure is None or failure.test_id != test_id:
        raise RuleViolation("no-pending-magic-test-failure",
                            f"Magic Test {test_id} is not a failure awaiting a fix or acceptance")
    return failure


def check_fix_reaches_tn(failure: PendingFailure, points: int) -> None:
    if points < failure.needed:
        raise RuleViolation("fix-must-reach-tn",
                            f"the roll was {failure.total} against TN {failure.tn}: a fix needs "
                            f"{failure.needed} Mana or Backlash, not {points}", field="mana")


def fix(character_id: str, test_id: str, mana: int, backlash: int) -> Decide:
    """Turn a failure into a success with Mana and/or Backlash, +1 each."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        failure = require_failure(character, test_id)
        check_fix_reaches_tn(failure, mana + backlash)
        seq = Sequence(state)
        if mana:
            seq.add(spend_event(seq.character(character_id), "mana", mana,
                                f"fix of Magic Test {test_id}"))
        if backlash:
            seq.add(gained_event(seq.character(character_id), backlash, "fix", test_id=test_id))
        seq.add(MagicTestFixed(character_id=character_id, test_id=test_id, mana=mana,
                               backlash=backlash, needed=failure.needed,
                               carried_after=character.magic_tests.carried + 1))
        return seq.events

    return decide


def accept_events(character: Character, *, automatic: bool = False) -> list[DomainEvent]:
    failure = character.magic_tests.failure
    if failure is None:
        raise RuleViolation("no-pending-magic-test-failure", "no failed Magic Test is pending")
    return [
        MagicTestFailureAccepted(character_id=character.id, test_id=failure.test_id,
                                 backlash=failure.backlash, degree=failure.needed,
                                 carried_used=failure.carried, automatic=automatic),
        gained_event(character, failure.backlash, "failure", test_id=failure.test_id,
                     offers_choice=True, automatic=automatic),
    ]


def accept(character_id: str, test_id: str) -> Decide:
    """Take the failure: Backlash 1 + (TN - total) + the carried penalty."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        require_failure(character, test_id)
        return accept_events(character)

    return decide


@prelude
def settle_before_next_command(
    state: CampaignState, character_id: str, ctx: Context
) -> list[DomainEvent]:
    """Acting again banks an unanswered bank-or-roll choice, then accepts a pending failure."""
    character = state.characters[character_id]
    if character.dead or (character.backlash.choice is None
                          and character.magic_tests.failure is None):
        return []
    seq = Sequence(state)
    if character.backlash.choice is not None:
        seq.add(bank_event(seq.character(character_id), automatic=True))
    if character.magic_tests.failure is not None:
        seq.add(*accept_events(seq.character(character_id), automatic=True))
    return seq.events
