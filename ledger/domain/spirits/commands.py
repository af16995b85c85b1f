"""The spirit commands (CWN 6.2; rules: ledger/spirits*.py, docs/rules/spirits.md).

Summoning is the summoner's action; dismissing, calling, dispelling and compelling are
the action of the spirit's summoner, and only the GM or that summoner's player may give
them; banishing is the action of `by`. Damage (any writer) and fading (the GM) happen to
a spirit: they settle nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar

from msgspec import Meta

from ledger.domain.bounds import Note
from ledger.domain.command import GM, WRITER, Command, Policy, gm_only_when, gm_or_player_of
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.errors import NotFound
from ledger.domain.events import DomainEvent
from ledger.domain.spirits import actions as spirits_actions
from ledger.domain.spirits import control as spirits_control
from ledger.domain.spirits import summoning as spirits
from ledger.domain.spirits.common import summoner_of
from ledger.domain.state import CampaignState

Decided = Sequence[DomainEvent | Later]
SpiritDice = Annotated[list[Annotated[int, Meta(ge=0, le=1000)]], Meta(max_length=50)] | None


class SpiritNotFound(NotFound):
    def __init__(self, spirit_id: str) -> None:
        super().__init__("spirit", spirit_id)
        self.detail = f"No spirit {spirit_id!r}."
        self.args = (self.detail,)


class SummonerPolicy(Policy):
    """The GM, or the player of the spirit's summoner."""

    def __init__(self) -> None:
        super().__init__("own", "spirit_id")

    def target(self, command: Any, state: CampaignState) -> str | None:
        return summoner_of(state, command.spirit_id)

    def describe(self, command: type[Any] | None = None) -> str:
        return "GM or the spirit's summoner's player"


SUMMONER = SummonerPolicy()
OWN_CHARACTER = gm_or_player_of("character_id")


class SummonSpirit(spirits.SummonOrder, Command, frozen=True, kw_only=True,
                   forbid_unknown_fields=True):
    """Summon a spirit, ritual or immediate (GM or the summoner's player).

    Needs the Summoner Edge. Form I from level 1, II from 5, III from 9. `powers` are
    the rules' list; each is taken once; Ensnare, Violent Will, Mighty Form and Iron
    Eidolon need a Physical Form; Hideous Talons and Spirit of War need Violent Will.
    `rare_powers` (the GM only) names powers beyond that list, "the most common"; each
    counts as a power.
    Hit dice and hit points are input (the manifestation table is missing); a
    Namebearer adds +2 hit points per hit die. Held spirits may not total more hit
    dice than the summoner's level. Cost, committed from Summoner Effort and bound
    to the spirit until the first new day after it is gone (our reading of "for the
    day ... cannot recover until the morning after it is dispelled"): ritual =
    powers - 1 - Summon, at least 1; immediate = powers - Summon, at least 1, +1 per
    earlier immediate summoning by this summoner in the open scene. A `name` (with
    the Namebearer power) naming a gone Namebearer of this summoner summons it again:
    same id, form, level and hit dice, and its powers can only grow.
    """

    policy = OWN_CHARACTER
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    acting_field = "character_id"
    example = {"mode": "ritual", "nature": "Fire", "form": "physical", "form_level": 1,
               "appearance": "a burning hound", "powers": ["Curse", "Favor", "Spirit's Eye"],
               "hit_dice": 1, "hit_points": 6}
    example_needs = ("summoner",)
    gm_parts = "`rare_powers`"
    character_id: str

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        super().authorize(state, ctx)
        gm_only_when(bool(self.rare_powers), ctx.actor, "rare-powers-by-gm",
                     "Powers beyond the rules' list are the GM's to name.")

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return spirits.summon(self.character_id, self)(state, ctx)


class SpiritCommand(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A command to the spirit the path names; by default its summoner's to give."""

    policy: ClassVar[Policy] = SUMMONER
    path: ClassVar[tuple[str, ...]] = ("spirit_id",)
    acting_field = "spirit_id"
    example_needs: ClassVar[tuple[str, ...]] = ("spirit",)
    spirit_id: str

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        if self.policy is SUMMONER and self.spirit_id not in state.spirits:
            raise SpiritNotFound(self.spirit_id)  # no summoner to check against
        super().authorize(state, ctx)

    def acting(self, state: CampaignState) -> str | None:
        """The summoner acts (settled first) when the command is the summoner's to give."""
        return summoner_of(state, self.spirit_id) if self.policy is SUMMONER else None

    @classmethod
    def settling_text(cls) -> str:
        return "the spirit's summoner | yes" if cls.policy is SUMMONER else "none | no"


class DismissSpirit(SpiritCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Dismiss a present ritual spirit; it still holds its summoning Effort.

    Immediate spirits cannot be dismissed or called.
    """

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return spirits_actions.dismiss(self.spirit_id)(state, ctx)


class CallSpirit(SpiritCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Call a dismissed ritual spirit back to its summoner."""

    example_needs = ("dismissed-spirit",)

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return spirits_actions.call(self.spirit_id)(state, ctx)


class DispelSpirit(SpiritCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Dispel a held spirit (its summoner); its Effort returns at the next new day.

    The spirit must be visible: a dismissed spirit is called first (our reading).
    """

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return spirits_actions.dispel(self.spirit_id)(state, ctx)


class DamageSpirit(SpiritCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Damage a spirit (GM or any player); at 0 hit points it is destroyed.

    A destroyed spirit's Effort returns at the first new day after.
    """

    policy = WRITER
    example = {"amount": 2, "reason": "a thrown lantern"}
    amount: Annotated[int, Meta(ge=1, le=10_000)]
    reason: Note = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return spirits_actions.damage(self.spirit_id, self.amount, self.reason)(state, ctx)


class CompelSpirit(SpiritCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Compel a resisting spirit: 1 Effort for the scene and a Cha/Summon check.

    2d6 + Cha modifier + Summon (server dice, or two reported `dice`) against 8
    (`distasteful`), 11 (`suicidal`) or 13 (`contrary` to its nature), +2 for a
    Namebearer. On a failure the spirit breaks free: it is uncontrolled, no longer
    counts towards the hit-dice cap, and its summoning Effort returns next new day.
    """

    example = {"command": "distasteful", "dice": [5, 4]}
    command: Annotated[str, Meta(extra_json_schema={
        "enum": list(spirits_control.COMPEL_DIFFICULTY)})]
    dice: SpiritDice = None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return spirits_control.compel(self.spirit_id, self.command, self.dice)(state, ctx)


class BanishSpirit(SpiritCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Banish a visible spirit (any summoner, `by`): 1 Effort for the day, opposed check.

    `by` rolls 2d6 + Cha + Summon against the spirit's summoner's 2d6 + Cha + Summon,
    or against 2d6 + the spirit's skill bonus + 2 when it is uncontrolled (send
    `skill_bonus` if it was never recorded). Only a higher total succeeds (a tie
    keeps the spirit, our reading) and deals 1d8 per Summon level of `by` (none at
    Summon-0). Dice are server dice unless reported (`dice`, `opposing_dice`,
    `damage_dice`); every roll is recorded as a Rolled event.
    """

    policy = gm_or_player_of("by")
    acting_field = "by"
    gm_parts = "reported `opposing_dice`"
    example = {"by": "{banisher_id}", "dice": [6, 5], "opposing_dice": [1, 2],
               "damage_dice": [3]}
    example_needs = ("spirit", "banisher")
    by: Annotated[str, Meta(min_length=1, max_length=100)]
    dice: SpiritDice = None
    opposing_dice: SpiritDice = None
    damage_dice: SpiritDice = None
    skill_bonus: Annotated[int, Meta(ge=-10, le=50)] | None = None

    def acting(self, state: CampaignState) -> str | None:
        return self.by

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        """The opposing roll is never the banisher's: it is another summoner's (a banisher
        cannot banish their own spirit) or the uncontrolled spirit's, so a player reporting
        it would choose whether the banishment succeeds."""
        super().authorize(state, ctx)
        gm_only_when(self.opposing_dice is not None, ctx.actor, "opposing-dice-by-gm",
                     "The opposing roll is the spirit's summoner's (or the spirit's): the GM "
                     "reports it, or leave out opposing_dice for server dice.")

    @classmethod
    def settling_text(cls) -> str:
        return "`by` | yes"

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return spirits_control.banish(
            self.spirit_id, self.by, dice=self.dice, opposing_dice=self.opposing_dice,
            damage_dice=self.damage_dice, skill_bonus=self.skill_bonus)(state, ctx)


class FadeSpirit(SpiritCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Record that an uncontrolled spirit faded away, finding no energy (GM)."""

    policy = GM
    example = {"reason": "no energy in the empty warehouse"}
    example_needs = ("uncontrolled-spirit",)
    reason: Note = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return spirits_actions.fade(self.spirit_id, self.reason)(state, ctx)


COMMANDS: tuple[type[Command], ...] = (SummonSpirit, DismissSpirit, CallSpirit, DispelSpirit,
                                       DamageSpirit, CompelSpirit, BanishSpirit, FadeSpirit)
