"""Commands that spend a roll's Stunt Points, roll attacks and resolve what stunts started
(rules: spending.py, effects.py, attacks.py, resisting.py; docs/rules/stunts.md).

Who may issue each is its policy here: SP of a roll are spent by the GM or the roll's
player (stunts the GM names, and Conditions bought with SP, are the GM's: the GM approves
that the attack fits the Condition, and the event records who); an attack is rolled by
the GM or the attacker's player; a stunt's target rolls to resist or escape (the GM or
the target's player).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from ledger.domain.command import WRITER, Command, Policy, gm_or_player_of
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.events import DomainEvent
from ledger.domain.rolls import Rolled
from ledger.domain.rolls.commands import AttackTrade, SpendConviction
from ledger.domain.state import CampaignState
from ledger.domain.stunts import attacks, resisting
from ledger.domain.stunts.commands import CharacterId, require_own
from ledger.domain.stunts.effects import Choice
from ledger.domain.stunts.spending import spend_stunts

Decided = Sequence[DomainEvent | Later]
Dice = Annotated[list[Annotated[int, Meta(ge=1, le=6)]], Meta(max_length=3)]
Id = Annotated[str, Meta(min_length=1, max_length=100)]
Label = Annotated[str, Meta(max_length=200)]


class SpendRollStuntPoints(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Spend the SP of the roll at `roll_position` on one or more stunts.

    The budget is the SP the roll generated, plus pool SP spent on it, less SP placed from
    it into the pool and SP already spent from it; spending past it is a 409
    (`stunt-points-over-budget`, naming the budget). Stunts come from the `stunts`
    catalogue at the tiers their bodies price (`sp` picks a tier); the GM may name any
    other stunt with its cost. "Condition" with `condition` buys that Condition for the
    target at its catalogue points, from an attack roll only, approved by the GM (the
    SP spent are its creating figure: recovery TN 9 + SP). Lock, Throw, Frighten, Suggest
    Action and Mentalist's Trick act on `target`; a Grabbed target of a grappling stunt
    adds +2 to its SP. The GM or the roll's player only (403).
    """

    policy: ClassVar[Policy] = Policy("writer")
    gm_parts = ("SP of a roll that is not the player's own, stunts the GM names, and "
                "Conditions bought with SP")
    example = {"roll_position": "{roll_position}",
               "stunts": [{"name": "Skillful Attack"}, {"name": "Glean Motives"}]}
    example_needs = ("pool-roll",)
    roll_position: Annotated[int, Meta(ge=1)]
    stunts: Annotated[list[Choice], Meta(min_length=1, max_length=20)]
    target: CharacterId | None = None

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        WRITER.check(self, ctx.actor, state)
        found = ctx.earlier(self.roll_position) if self.roll_position <= state.position else None
        if found is not None and isinstance(found.event, Rolled) and found.event.character_id:
            require_own(ctx.actor, found.event.character_id)

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return spend_stunts(self.roll_position, self.stunts, self.target)(state, ctx)


class MakeAttack(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Roll an attack: an AGE test against the target's Defense (`tn`).

    `kind` "stunt-attack" generates 2 SP on a hit, without doubles (with doubles, the
    greater of 2 and the Stunt Die); "opportunist" is the prepared attack an Opportunist
    stunt bought, and generates no SP. SP from an attack roll may buy Conditions.
    """

    policy = gm_or_player_of("character_id")
    path = ("character_id",)
    acting_field = "character_id"
    example = {"kind": "stunt-attack", "ability": "willpower", "tn": 10, "dice": [6, 5, 4]}
    example_needs = ("two-characters",)
    character_id: CharacterId
    kind: Literal["attack", "stunt-attack", "opportunist"] = "attack"
    ability: Id
    focus: Id | None = None
    modifier: Annotated[int, Meta(ge=-100, le=100)] = 0
    tn: Annotated[int, Meta(ge=0, le=100)]
    dice: Dice | None = None
    label: Label = ""
    target: CharacterId | None = None
    # As on any roll (POST …/rolls): talents that act on an attack take their input here.
    spend_conviction: SpendConviction = False
    attack_trade: AttackTrade = 0

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return attacks.attack(self.character_id, self.kind, ability=self.ability,
                              focus=self.focus, modifier=self.modifier, tn=self.tn,
                              reported=self.dice, label=self.label, target=self.target,
                              spend_conviction=self.spend_conviction,
                              attack_trade=self.attack_trade)(state, ctx)


class TargetsRoll(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A roll of a stunt's target: the GM's, or the target's player's."""

    policy: ClassVar[Policy] = Policy("writer")
    gm_parts = "a target that is not the player's own character"

    def target_of(self, state: CampaignState) -> str | None:
        raise NotImplementedError

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        WRITER.check(self, ctx.actor, state)
        target = self.target_of(state)
        if target is not None:
            require_own(ctx.actor, target)


class ResistStunt(TargetsRoll, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The target's roll against a stunt (Frighten, Suggest Action at 4 SP, Mentalist's
    Trick), at the TN the stunt fixed; it never generates SP. Frighten's failure gives
    Cowed; the target may roll again later with +1 per earlier roll (it accumulates), and a
    success ends that Cowed. The GM or the target's player only (403)."""

    example = {"resistance_id": "{resistance_id}", "dice": [6, 6, 5]}
    example_needs = ("stunt-resistance",)
    resistance_id: Id
    dice: Dice | None = None

    def target_of(self, state: CampaignState) -> str | None:
        found = state.stunt_spending.resistances.get(self.resistance_id)
        return found.target if found else None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return resisting.resist(self.resistance_id, self.dice)(state, ctx)


class TryLockEscape(TargetsRoll, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The locked target's attempt to escape, as the table resolved it (`escaped`). A failed
    escape takes 1d6 + 1 per SP of the Lock penetrating damage (`dice`: the d6, or the
    server rolls it); a success ends the Lock. The GM or the target's player only (403)."""

    example = {"lock_id": "{lock_id}", "escaped": False, "dice": [3]}
    example_needs = ("lock",)
    lock_id: Id
    escaped: bool
    dice: Annotated[list[Annotated[int, Meta(ge=1, le=6)]], Meta(max_length=1)] | None = None

    def target_of(self, state: CampaignState) -> str | None:
        found = next((k for k in state.stunt_spending.locks if k.id == self.lock_id), None)
        return found.target if found else None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return resisting.escape(self.lock_id, self.escaped, self.dice)(state, ctx)


COMMANDS: tuple[type[Command], ...] = (SpendRollStuntPoints, MakeAttack, ResistStunt,
                                       TryLockEscape)
