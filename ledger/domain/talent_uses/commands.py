"""The commands of talents used on their own (rules: rules.py beside this module;
docs/rules/talents.md). Each spends Conviction or marks the character's next test, an
action of the character, so each settles the character's pending decisions first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar

from msgspec import Meta

from ledger.domain.bounds import Dice, Note
from ledger.domain.command import Command, gm_only_when, gm_or_player_of
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState
from ledger.domain.talent_uses import rules

Decided = Sequence[DomainEvent | Later]


class RerollRitual(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Rituals Grandmaster: spend 1 Conviction so that whoever failed the Ritual roll at
    `roll_position` (an AGE test tagged `rituals`) rerolls it, as it was made.

    The reroll is a new roll of its roller (server dice, or reported `dice`). 409
    `ritual-roll-not-eligible` for a roll that is not a canon, failed Ritual roll,
    `ritual-roll-already-rerolled` for a second reroll, `talent-not-on-sheet` without the
    talent.
    """

    policy = gm_or_player_of("character_id")
    acting_field = "character_id"
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    gm_parts = "reported `dice` for another character's roll"
    example = {"roll_position": "{roll_position}", "dice": [4, 5, 6]}
    example_needs = ("failed-ritual-roll",)
    character_id: str
    roll_position: Annotated[int, Meta(ge=1, description="the failed Ritual roll's position")]
    dice: Annotated[Dice | None, Meta(description="reported dice; server dice if absent")] = None

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        """The reroll is its roller's roll: the Grandmaster's player reports its dice only
        when the roll was their own character's."""
        super().authorize(state, ctx)
        found = ctx.earlier(self.roll_position) if 0 < self.roll_position <= state.position \
            else None
        roller = getattr(found.event, "character_id", None) if found else None
        gm_only_when(self.dice is not None and roller != ctx.actor.character_id, ctx.actor,
                     "reroll-dice-by-roller", "The reroll is another character's roll: the GM "
                     "reports its dice, or leave out dice for server dice.")

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return rules.reroll_ritual(state, ctx, self.character_id, self.roll_position, self.dice)


class RerollSpiritsTest(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Shaman Master: once per encounter, reroll your own test involving Spirits (an AGE
    test tagged `spirits` at `roll_position`, made in the encounter under way), as it was
    made.

    409 `shaman-master-needs-an-encounter` outside one, `shaman-master-once-per-encounter`
    for a second reroll in it, `spirits-roll-not-eligible`, `talent-not-on-sheet`.
    """

    policy = gm_or_player_of("character_id")
    acting_field = "character_id"
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    example = {"roll_position": "{roll_position}", "dice": [4, 5, 6]}
    example_needs = ("spirits-roll-in-encounter",)
    character_id: str
    roll_position: Annotated[int, Meta(ge=1, description="the Spirits test's position")]
    dice: Annotated[Dice | None, Meta(description="reported dice; server dice if absent")] = None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return rules.reroll_spirits(state, ctx, self.character_id, self.roll_position,
                                    self.dice)


class TradeForAlly(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Leader Master: take up to -3 on your next test to give an ally (`ally`: an id or a
    name) the same bonus on their next test. Each waits for that character's next AGE test.

    409 `talent-not-on-sheet` without the talent, `leader-master-is-for-an-ally` for
    oneself.
    """

    policy = gm_or_player_of("character_id")
    acting_field = "character_id"
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    example = {"ally": "{ally_id}", "amount": 2, "reason": "covering fire, on my call"}
    example_needs = ("leader-and-ally",)
    character_id: str
    ally: Annotated[str, Meta(min_length=1, max_length=200)]
    amount: Annotated[int, Meta(ge=1, le=3, description="taken from you, given to the ally")]
    reason: Note = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return rules.leader_trade(state, self.character_id, self.ally, self.amount, self.reason)


class AvoidBacklash(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Wizard Apex: spend 1 Conviction to avoid or get rid of 1 temporary Backlash, once per
    turn of the encounter under way.

    Never permanent Backlash (409 `wizard-apex-no-temporary-backlash` without temporary
    Backlash); not while Consequences are due (409 `wizard-apex-consequences-due`); 409
    `wizard-apex-once-per-turn`, `talent-not-on-sheet`.
    """

    policy = gm_or_player_of("character_id")
    acting_field = "character_id"
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    example = {"reason": "shrugs off the fizzle"}
    example_needs = ("wizard-with-backlash",)
    character_id: str
    reason: Note = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return rules.avoid_backlash(state, self.character_id, self.reason)
