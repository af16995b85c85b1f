"""Rolling a test owed by combat time (rules: owed.py beside this module;
docs/rules/encounters.md, "Tests owed in and after a fight")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar

from msgspec import Meta

from ledger.domain.bounds import Dice, Label, Modifier
from ledger.domain.characters import require_alive
from ledger.domain.command import Command, gm_or_player_of
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.encounters import owed
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState


class RollOwedTest(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Roll a test the character owes (see `pending` on the character): the Confused
    test, Willpower (Self-Discipline) against TN 13, owed at the start of each of their
    turns in an encounter; or the Fatigue test owed after a combat that lasted more rounds
    than their Constitution, Constitution (Stamina) against `tn` (or the campaign's
    `fatigue_tn`), and `failure_condition`, a Condition added on a failure (the texts give
    neither). The focus adds +2 when on the sheet. Never Stunt Points. 422
    `fatigue-test-needs-a-tn`, `confused-test-is-fixed`; 404 for a test not owed.
    """

    policy = gm_or_player_of("character_id")
    acting_field = "character_id"
    path: ClassVar[tuple[str, ...]] = ("character_id", "test_id")
    example = {"dice": [4, 5, 3]}
    example_needs = ("confused-in-encounter",)
    character_id: str
    test_id: str
    dice: Annotated[Dice | None, Meta(description="reported dice; server dice if absent")] = None
    modifier: Modifier = 0
    tn: Annotated[int, Meta(ge=0, le=100, description="Fatigue: its TN")] | None = None
    failure_condition: Annotated[Label | None, Meta(
        description="Fatigue: the Condition a failure adds (escalation applies)")] = None

    def decide(self, state: CampaignState, ctx: Context) -> Sequence[DomainEvent | Later]:
        character = require_alive(state, self.character_id)
        return owed.roll_owed(state, ctx, character, self.test_id, self.dice, self.modifier,
                              self.tn, self.failure_condition or None)
