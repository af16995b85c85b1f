"""The Mana Noir commands: Magic Tests and the Backlash bank (docs/rules/magic-test.md).

Each docstring is the rule's text as the API documents it. Every command here may be
issued by the GM or the character's player. A Magic Test and a superhuman use are the
character's actions (they settle the character's pending decisions first); the others
resolve a pending decision, so they settle nothing first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar

from msgspec import Meta

from ledger.domain.bounds import Dice, Note
from ledger.domain.command import Command, gm_only_when, gm_or_player_of
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.events import DomainEvent
from ledger.domain.magic import backlash, consequence_roll, consequences, failure
from ledger.domain.magic.test import MagicTestRequest, make_test
from ledger.domain.state import CampaignState

Reported = Annotated[Dice | None, Meta(description="three reported d6; server dice if absent")]
Decided = Sequence[DomainEvent | Later]


class MagicCommand(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    policy = gm_or_player_of("character_id")
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    acting_field = "character_id"
    character_id: str


class MakeMagicTest(MagicTestRequest, Command, frozen=True, kw_only=True,
                    forbid_unknown_fields=True):
    """Make a Magic Test: final TN, costs, automatic success or the roll.

    TN = base + Resistance (named factors from the rules, each with its value, plus
    `resistance` as a number); then each careful option (slower-casting, tools,
    gestures, spoken-words, consumed-materials) takes 1 off, never below TN 8; then
    `mana_for_tn` (the "-1 Mana cost for +1 TN" trade) adds 1 per point, after the
    floor (the rules README): base 11 with all five options and one trade is TN 9.
    Careful magic does not lower a TN that Resistance already put below 8.
    Resistance above 5 gives 1 automatic Backlash per point over 5 when the
    campaign setting `auto_backlash_over_resistance_5` is on (default); the GM may
    set `auto_backlash` for one test (403 for players). Our reading: it is taken
    on success and failure alike.

    Before the roll: `bonus_mana` (+1 each) and `bonus_backlash` (+2 each). The
    spell's `mana_cost`, less the trade, is paid with `cost_backlash` (2 Mana
    each), then Mana; a shortfall of n Mana costs ceil(n / 2) Backlash. Backlash
    from magic offers the choice to roll for Consequences or bank it.

    Talents (docs/rules/talents.md), when `spell_rank` is given: Wizard Novice adds +1 to
    a Novice spell's test; Shaman Grandmaster takes 1 off a Novice `arcana` Spirit spell's
    Mana cost (before the trade). The test records `talent_bonus`, `mana_less`, `talents`.
    A test marked `ritual` gets Rituals Novice's +1 and Master's rerolled 1s, and Rituals
    Apex ignores the first point of Backlash it gives (automatic first, else the failure's).

    When 3 + ability + focus (+2) + bonus + modifier, with the caster's Condition
    penalties, reaches the TN the test succeeds with no roll (never while Reeling).
    Otherwise 3d6 (reported `dice` or server dice), with the caster's Conditions as
    on any AGE test; doubles on a success give Stunt Points equal to the Stunt Die. A failure is pending:
    `…/magic-tests/{tid}/fix` or `…/accept`; the character's next action accepts
    it, and first banks a bank-or-roll choice left unanswered (our reading of
    "immediately roll or bank"). 409 `backlash-consequence-roll-owed` while a
    Consequence roll is owed; 409 `backlash-consequences-pending` while a failed
    roll's Consequences are unrecorded; `magic-test-failure-pending` when accepting
    the pending failure first would owe a roll (nothing is recorded). Each of these
    409s lists the commands that resolve it in `resolve`.
    """

    policy = MagicCommand.policy
    path = MagicCommand.path
    acting_field = "character_id"
    gm_parts = "`auto_backlash`"
    example = {"base_tn": 10, "careful": ["gestures"], "mana_cost": 1, "dice": [3, 4, 5],
               "label": "Ward of Ash"}
    example_needs = ("mage",)
    character_id: str

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        super().authorize(state, ctx)
        gm_only_when(self.auto_backlash is not None, ctx.actor, "auto-backlash-override-gm-only",
                     "Only the GM may override the automatic Backlash.")

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return make_test(self.character_id, self)(state, ctx)


class FixMagicTest(MagicCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Fix a failed Magic Test after the fact with Mana and/or Backlash.

    Our reading (the text gives no rate): each Mana or each point of Backlash adds
    +1 to the roll, and the fix must reach the TN (409 `fix-must-reach-tn`). The
    test becomes a success: the failure's Backlash is not taken and no Consequence
    roll is offered for it. The next failure taken carries +1 Backlash; fixes add
    up until a failure uses them all. Backlash paid for the fix still counts when
    total Backlash first exceeds Mana (a roll is then owed).
    """

    path = ("character_id", "test_id")
    resolves = "the failure"
    example = {"mana": 1}
    example_needs = ("failed-test",)
    test_id: str
    mana: Annotated[int, Meta(ge=0, le=1000, description="Mana spent, +1 each")] = 0
    backlash: Annotated[int, Meta(ge=0, le=1000, description="Backlash taken, +1 each")] = 0

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return failure.fix(self.character_id, self.test_id, self.mana, self.backlash)(state, ctx)


class AcceptMagicTestFailure(MagicCommand, frozen=True, kw_only=True,
                             forbid_unknown_fields=True):
    """Take a failed Magic Test: Backlash 1 + (TN - total) + the carried penalty.

    The carried penalty (+1 per fix since the last failure taken) is used up. The
    Backlash offers the choice to roll for Consequences now or bank it, and owes a
    roll if total Backlash first exceeds Mana.
    """

    path = ("character_id", "test_id")
    resolves = "the failure"
    example_needs = ("failed-test",)
    test_id: str

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return failure.accept(self.character_id, self.test_id)(state, ctx)


class BankBacklash(MagicCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Bank Backlash just gained from magic instead of rolling: +1 Backlash.

    Answers the pending bank-or-roll choice (409 `no-backlash-to-bank` without
    one). An owed roll stays owed.
    """

    resolves = "the bank-or-roll choice"
    example_needs = ("backlash-choice",)

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return backlash.bank(self.character_id)(state, ctx)


class RollForConsequences(MagicCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Roll for Backlash Consequences: the magic ability against TN 8 + total Backlash.

    Offered after Backlash from magic, owed when total Backlash (temporary +
    permanent) first exceeds current Mana and at each sunrise or sunset while it
    still does (then with +1 Backlash). The ability is the sheet's
    `magic_ability`; no focus. Our reading: it is not an active test, so it never
    gives Stunt Points. `fail_deliberately` fails it with no dice, to burn off
    Backlash. A success brings no Consequence now; a failure makes Consequences
    due (`…/backlash/consequences`). It resolves the oldest owed roll and the
    bank-or-roll choice. If the excess remains, nothing more is owed until the
    next sunrise or sunset.
    """

    resolves = "the choice or the owed roll"
    example = {"dice": [6, 6, 5]}
    example_needs = ("backlash-choice",)
    dice: Reported = None
    fail_deliberately: bool = False

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return consequence_roll.consequence_roll(self.character_id, self.dice,
                                                 self.fail_deliberately)(state, ctx)


class DrawConsequence(MagicCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Roll a Consequence on the tables; it waits in the state until recorded.

    Category 1d6: 1-2 General, 3-4 Supernatural Type, 5-6 Domains. General
    severity 1d6: 1-2 Minor (costs 1 Backlash), 3-4 Moderate (2), 5-6 Major (3).
    Record it with `{"drawn": true, "description": …}` in `…/backlash/consequences`.
    """

    resolves = "the Consequences due"
    example = {"dice": [1, 2]}
    example_needs = ("consequences-due",)
    dice: Annotated[Dice | None, Meta(
        description="reported d6: category, then severity for General")] = None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return consequence_roll.draw(self.character_id, self.dice)(state, ctx)


class RecordConsequences(MagicCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Record the Consequences of a failed Consequence roll, spending Backlash.

    First, once: how much Backlash to spend, `amount` (1 to the temporary
    Backlash) or `roll_amount` (our reading: 1d6 per full 4 points of temporary
    Backlash, capped at it; fewer than 4 points must choose). Then each
    Consequence: drawn (`…/consequences/draw`) or chosen with the GM's approval
    (only a GM token may choose `category`/`severity`). General costs its
    severity (1, 2, 3); Supernatural Type and Domains spend the `backlash` given.
    Consequences repeat until the amount is spent; the last spends only what
    remains (our reading). Only temporary Backlash is spent. `damage` and
    `conditions` are recorded as caused by Backlash: they never heal magically.
    """

    resolves = "the Consequences due"
    gm_parts = "a chosen `category` or `severity`"
    example = {"amount": 1, "consequences": [
        {"description": "Every mirror in the room frosts over", "category": "general",
         "severity": "minor"}]}
    example_needs = ("consequences-due",)
    amount: Annotated[Annotated[int, Meta(ge=1, le=1000)] | None, Meta(
        description="Backlash to spend, chosen")] = None
    roll_amount: Annotated[bool, Meta(description="roll 1d6 per full 4 points instead")] = False
    amount_dice: Annotated[Dice | None, Meta(description="reported d6 for a rolled amount")] = None
    consequences: Annotated[list[consequences.ConsequenceInput], Meta(max_length=50)] = []

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        super().authorize(state, ctx)
        gm_only_when(any(not item.drawn for item in self.consequences), ctx.actor,
                     "consequence-choice-needs-gm", "Choosing a Consequence needs the GM's "
                     "approval: draw it, or let the GM record it.")

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return consequences.record(self.character_id, self.consequences, self.amount,
                                   self.roll_amount, self.amount_dice)(state, ctx)


class UseSuperhumanAbility(MagicCommand, frozen=True, kw_only=True,
                           forbid_unknown_fields=True):
    """Use an ability raised above 5 by a temporary source: +1 temporary Backlash.

    (Abilities bought above 5 give permanent Backlash instead, +1 per 5 points of
    the ability, derived from the sheet; the Disbelief trait gives +1 permanent.)
    """

    example = {"ability": "Strength", "note": "a borrowed strength lifts the car"}
    example_needs = ("mage",)
    ability: Annotated[str, Meta(min_length=1, max_length=100)]
    note: Note = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return backlash.superhuman_use(self.character_id, self.ability, self.note)(state, ctx)


COMMANDS: tuple[type[Command], ...] = (
    MakeMagicTest, FixMagicTest, AcceptMagicTestFailure, BankBacklash, RollForConsequences,
    DrawConsequence, RecordConsequences, UseSuperhumanAbility)
