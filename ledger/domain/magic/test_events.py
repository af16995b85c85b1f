"""Events of the Magic Test (002) and the state they change (rules: ledger/domain/magic/test.py)."""

from __future__ import annotations

import msgspec

from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState
from ledger.domain.state.backlash import PendingFailure


class TargetNumber(msgspec.Struct, frozen=True, kw_only=True):
    """How the final TN was reached: base + Resistance - careful (the floor of 8 limits what
    careful magic takes off), then + trade. Before issue 12 the trade came first."""

    base: int
    trade: int
    resistance: int
    careful: list[str]
    careful_applied: int
    tn: int


class Costs(msgspec.Struct, frozen=True, kw_only=True):
    """What was paid before the roll, in Mana and Backlash."""

    bonus_mana: int
    bonus_backlash: int
    cost: int  # the spell's Mana cost after the trade
    cost_backlash: int  # Backlash chosen to pay the cost
    mana_paid: int
    shortfall: int  # Mana the character lacked for the cost
    shortfall_backlash: int  # ceil(shortfall / 2)
    auto_backlash: int  # Resistance over 5 (or the GM's override)
    target_backlash: int = 0  # the target's Ordinarius Grandmaster (magic/talents.py)


class MagicTestMade(DomainEvent, frozen=True, kw_only=True):
    test_id: str
    label: str = ""
    ability: str
    ability_value: int
    focus: str | None
    focus_bonus: int
    target: TargetNumber
    resistance_factors: list[str]
    bonus: int
    modifier: int
    costs: Costs
    automatic: bool  # success without a roll
    success: bool
    total: int | None = None
    degree: int = 0  # TN - total on a failure
    carried: int = 0  # the penalty carried from fixes, used when the failure is taken
    failure_backlash: int = 0  # 1 + degree + carried: what accepting the failure costs
    stunt_points: int = 0
    # Talents (ledger/domain/magic/talents.py): the spell's rank and Arcana as given, the
    # bonus added to the test, the Mana taken off the cost (before the trade), and by whom.
    spell_rank: str | None = None
    arcana: str | None = None
    target_character: str | None = None
    talent_bonus: int = 0
    mana_less: int = 0
    mana_more: int = 0  # added by the target's Ordinarius Expert (recorded since this round)
    talents: list[str] = msgspec.field(default_factory=list)
    # A Ritual's test, and the point of failure Backlash Rituals Apex ignores when the test
    # gave no automatic Backlash before it (magic/talents.py `rituals_apex`).
    ritual: bool = False
    failure_backlash_less: int = 0
    # The roll failed whatever its total (Reeling's Stunt Die of 1-2, a Consequence's "next
    # major action fails"), so no fix can turn it. Recorded since this round; older tests
    # read False, as they were folded then.
    automatic_failure: bool = False


class MagicTestFixed(DomainEvent, frozen=True, kw_only=True):
    test_id: str
    mana: int
    backlash: int
    needed: int
    carried_after: int


class MagicTestFailureAccepted(DomainEvent, frozen=True, kw_only=True):
    test_id: str
    backlash: int
    degree: int
    carried_used: int
    automatic: bool = False  # accepted because the character acted again


@evolves(MagicTestMade)
def _made(state: CampaignState, e: MagicTestMade) -> None:
    if e.success or e.total is None:
        return
    state.characters[e.character_id or ""].magic_tests.failure = PendingFailure(
        test_id=e.test_id, tn=e.target.tn, total=e.total, needed=e.degree,
        backlash=e.failure_backlash, carried=e.carried, since=state.position + 1,
        automatic=e.automatic_failure)


@evolves(MagicTestFixed)
def _fixed(state: CampaignState, e: MagicTestFixed) -> None:
    tests = state.characters[e.character_id or ""].magic_tests
    tests.failure = None
    tests.carried = e.carried_after


@evolves(MagicTestFailureAccepted)
def _accepted(state: CampaignState, e: MagicTestFailureAccepted) -> None:
    tests = state.characters[e.character_id or ""].magic_tests
    tests.failure = None
    tests.carried = 0
