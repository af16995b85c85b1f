"""Backlash (002): gaining it, banking it, the owed Consequence roll, and the
sunrise/sunset deadline.

Rules (002 "Backlash"; the README's "Magic Tests and Backlash"):
- Total Backlash = temporary + permanent; only temporary Backlash is ever spent.
- Backlash gained from magic offers a choice: roll for Consequences now, or bank
  it for +1 Backlash (`bank`). Our reading: a character who acts again without
  choosing has banked (the next action banks it, see ledger/domain/magic/failure.py).
  New records name both facts: `BacklashChoiceOffered` (the gain that offers the
  choice) and `BacklashBanked` (the +1 of banking). Older records carry them as
  the `offers_choice` and `resolves_choice` flags of `BacklashGained`, which fold
  as they always did (docs/history.md, "Lifecycle events").
- When total Backlash first exceeds current Mana, one Consequence roll is owed
  at once (`owe_roll_on_crossing`). Until it is resolved no new Magic Test is
  accepted. While the excess remains nothing more is owed, until the next
  sunrise or sunset: then each character still over gains +1 Backlash and owes
  another roll (`deadline_at_sunrise_or_sunset`).
- A temporary source of superhuman ability gives +1 temporary Backlash
  (`superhuman_use`). Permanent Backlash: ledger/domain/magic/permanent.py.
- Consequence rolls, Consequences, and harm that never heals magically:
  ledger/domain/magic/consequences.py.
"""

from __future__ import annotations

from ledger.domain.characters import require_alive
from ledger.domain.clock import SunMarked
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.magic.pending import resolving
from ledger.domain.magic.permanent import PermanentBacklashChanged
from ledger.domain.resources import ResourceSpent
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.backlash import BacklashChoice, OwedRoll


class BacklashGained(DomainEvent, frozen=True, kw_only=True):
    amount: int
    before: int  # temporary Backlash before and after
    after: int
    permanent: int
    # "bonus", "cost", "resistance", "failure", "fix", "bank", "sunrise", "sunset", "superhuman"
    source: str
    test_id: str | None = None
    # Older records only: new ones record BacklashChoiceOffered and BacklashBanked instead.
    offers_choice: bool = False  # Backlash from magic: roll now, or bank it
    resolves_choice: bool = False  # banking answers the pending choice
    automatic: bool = False  # recorded because the character acted again, not asked
    note: str = ""


class ConsequenceRollOwed(DomainEvent, frozen=True, kw_only=True):
    reason: str  # "over-mana", "sunrise", "sunset"
    total: int
    mana: int


class BacklashChoiceOffered(DomainEvent, frozen=True, kw_only=True):
    """Backlash gained from magic, which offers the choice: roll for Consequences now, or
    bank it. Folds as an older BacklashGained with `offers_choice` does."""

    amount: int
    before: int  # temporary Backlash before and after
    after: int
    permanent: int
    source: str  # "bonus", "cost", "resistance", "target-talent", "failure"
    test_id: str | None = None
    automatic: bool = False  # recorded because the character acted again, not asked


class BacklashBanked(DomainEvent, frozen=True, kw_only=True):
    """The choice answered by banking: +1 Backlash instead of a Consequence roll. Folds as an
    older BacklashGained with `resolves_choice` does."""

    banked: int  # the Backlash gained that the choice was about
    amount: int
    before: int  # temporary Backlash before and after
    after: int
    permanent: int
    automatic: bool = False  # banked because the character acted again without choosing


@evolves(BacklashGained)
def _gained(state: CampaignState, e: BacklashGained) -> None:
    backlash = state.characters[e.character_id or ""].backlash
    backlash.temporary = e.after
    if e.resolves_choice:
        backlash.choice = None
    if e.offers_choice:
        backlash.choice = backlash.choice or BacklashChoice(since=state.position + 1)
        backlash.choice.gained += e.amount


@evolves(BacklashChoiceOffered)
def _offered(state: CampaignState, e: BacklashChoiceOffered) -> None:
    backlash = state.characters[e.character_id or ""].backlash
    backlash.temporary = e.after
    backlash.choice = backlash.choice or BacklashChoice(since=state.position + 1)
    backlash.choice.gained += e.amount


@evolves(BacklashBanked)
def _banked(state: CampaignState, e: BacklashBanked) -> None:
    backlash = state.characters[e.character_id or ""].backlash
    backlash.temporary = e.after
    backlash.choice = None


@evolves(ConsequenceRollOwed)
def _owed(state: CampaignState, e: ConsequenceRollOwed) -> None:
    state.characters[e.character_id or ""].backlash.owed.append(
        OwedRoll(reason=e.reason, since=state.position + 1))


def gained_event(character: Character, amount: int, source: str, **facts: object) -> BacklashGained:
    """Backlash that offers no choice (a fix, superhuman use, the sunrise or sunset deadline):
    before/after recorded from `character`. Magic's own Backlash: `offered_event`."""
    before = character.backlash.temporary
    return BacklashGained(character_id=character.id, amount=amount, before=before,
                          after=before + amount, permanent=character.backlash.permanent,
                          source=source, **facts)  # type: ignore[arg-type]


def offered_event(character: Character, amount: int, source: str, *, test_id: str | None = None,
                  automatic: bool = False) -> BacklashChoiceOffered:
    """Backlash from magic, which offers the bank-or-roll choice."""
    before = character.backlash.temporary
    return BacklashChoiceOffered(character_id=character.id, amount=amount, before=before,
                                 after=before + amount, permanent=character.backlash.permanent,
                                 source=source, test_id=test_id, automatic=automatic)


# --- guards ---------------------------------------------------------------------

def check_no_roll_owed(character: Character) -> None:
    if character.backlash.owed:
        owed = character.backlash.owed[0]
        raise RuleViolation(
            "backlash-consequence-roll-owed",
            f"{character.name} owes a Consequence roll ({owed.reason}): total Backlash "
            f"{character.backlash.total} against Mana {character.mana.current}. Roll it "
            "(POST …/backlash/consequence-roll) before a new Magic Test",
            resolve=resolving(character, "consequence-roll-owed"))


def check_no_consequences_due(character: Character) -> None:
    if character.backlash.consequences_due is not None:
        raise RuleViolation(
            "backlash-consequences-pending",
            f"{character.name} failed a Consequence roll: record its Consequences "
            "(POST …/backlash/consequences) before a new Magic Test",
            resolve=resolving(character, "consequences"))


def check_choice_pending(character: Character) -> None:
    if character.backlash.choice is None:
        raise RuleViolation("no-backlash-to-bank",
                            f"{character.name} has no freshly gained Backlash to bank or roll for")


# --- commands -------------------------------------------------------------------

def bank_event(character: Character, *, automatic: bool = False) -> BacklashBanked:
    check_choice_pending(character)
    backlash = character.backlash
    assert backlash.choice is not None
    return BacklashBanked(character_id=character.id, banked=backlash.choice.gained, amount=1,
                          before=backlash.temporary, after=backlash.temporary + 1,
                          permanent=backlash.permanent, automatic=automatic)


def bank(character_id: str) -> Decide:
    """Bank the Backlash just gained instead of rolling: +1 Backlash."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        return [bank_event(require_alive(state, character_id))]

    return decide


def superhuman_use(character_id: str, ability: str, note: str = "") -> Decide:
    """An ability raised above 5 by a temporary source was used: +1 temporary Backlash."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        return [gained_event(character, 1, "superhuman", note=f"{ability}: {note}".strip(": "))]

    return decide


# --- owing a Consequence roll -------------------------------------------------------

def _crossed(event: DomainEvent, character: Character) -> bool:
    """Did this event take total Backlash from at most Mana to above it?"""
    mana, total = character.mana.current, character.backlash.total
    if isinstance(event, ResourceSpent):
        return event.resource == "mana" and total <= event.before and total > event.after
    if isinstance(event, BacklashGained | BacklashChoiceOffered | BacklashBanked):
        return event.before + event.permanent <= mana < total
    if isinstance(event, PermanentBacklashChanged) and not event.at_registration:
        return character.backlash.temporary + event.before <= mana < total
    return False


def owe_roll_on_crossing(
    state: CampaignState, event: DomainEvent, ctx: Context
) -> list[DomainEvent]:
    character = state.characters.get(event.character_id or "")
    if character is None or character.dead or not _crossed(event, character):
        return []
    return [ConsequenceRollOwed(character_id=character.id, reason="over-mana",
                                total=character.backlash.total, mana=character.mana.current)]


def deadline_at_sunrise_or_sunset(
    state: CampaignState, event: DomainEvent, ctx: Context
) -> list[DomainEvent]:
    assert isinstance(event, SunMarked)
    out: list[DomainEvent] = []
    for character in state.characters.values():
        if character.dead or character.backlash.total <= character.mana.current:
            continue
        gained = gained_event(character, 1, event.marker, automatic=True)
        out += [gained, ConsequenceRollOwed(character_id=character.id, reason=event.marker,
                                            total=character.backlash.total + 1,
                                            mana=character.mana.current)]
    return out
