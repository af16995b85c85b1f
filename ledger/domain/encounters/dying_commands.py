"""The commands of Dying and First Aid (rules: dying.py beside this module;
docs/rules/encounters.md, "Dying")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar

from msgspec import UNSET, Meta, UnsetType

from ledger.domain.bounds import Dice, Modifier, Note
from ledger.domain.command import Command, gm_or_player_of
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.encounters import dying
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState

Decided = Sequence[DomainEvent | Later]


class RollDyingTest(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The test a dying character owes, Constitution (Stamina), under the campaign's
    `dying_mode`.

    Gritty: first a TN 9 test, or the character falls unconscious until they regain 1
    Health. Pulpy and Cinematic: once the survival time (2 + Constitution rounds) has run
    out, a survival test at TN 9, +2 per test already made; a success adds rounds equal to
    the Stunt Die, a failure leaves the character to perish (the GM records the death). In
    Cinematic mode its doubles give Stunt Points, 3 of which buy a Major action
    (`POST …/stunts/spend`, stunt "Major action"). Server dice, or the three dice in `dice`.
    409 `character-not-dying`, `no-dying-test-owed`.
    """

    policy = gm_or_player_of("character_id")
    acting_field = "character_id"
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    example = {"dice": [4, 5, 3]}
    example_needs = ("dying-character",)
    character_id: str
    dice: Dice | UnsetType = UNSET
    modifier: Modifier = 0

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        reported = None if isinstance(self.dice, UnsetType) else self.dice
        return dying.test(state, ctx, self.character_id, reported, self.modifier)


class GiveFirstAid(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Record successful First Aid given to the character (`by`: who gave it, optional).

    It is treatment for a dying character: Dying ends and the survival time with it (Health
    stays at 0). It revives a character knocked out by stun damage or by the Unconscious
    Condition. It does not wake a Gritty dying unconsciousness (1 Health), an overcasting
    collapse or an Exhausted collapse. 409 `first-aid-not-needed`.
    """

    policy = gm_or_player_of("character_id")
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    example = {"note": "pressure on the wound"}
    example_needs = ("dying-character",)
    character_id: str
    by: Annotated[str, Meta(min_length=1, max_length=200)] | None = None
    note: Note = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return dying.first_aid(state, self.character_id, self.by, self.note)
