"""The commands of talents limited per encounter or per turn (rules: talents.py beside this
module; docs/rules/talents.md). Spending Conviction is the character's action, so each
settles the character's pending decisions first, as `SpendConviction` does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar

from msgspec import Meta

from ledger.domain.bounds import Note
from ledger.domain.command import Command, gm_or_player_of
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.encounters import talents
from ledger.domain.events import DomainEvent
from ledger.domain.resource_commands import Amount, DamageType
from ledger.domain.state import CampaignState

Decided = Sequence[DomainEvent | Later]


class AvoidDamage(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Adventurer Grandmaster: spend 1 Conviction to avoid one attack's damage entirely.

    Once per combat encounter: outside an encounter 409
    `adventurer-grandmaster-needs-an-encounter`, a second time in the same encounter 409
    `adventurer-grandmaster-once-per-encounter`; without the talent 409
    `talent-not-on-sheet`. The damage is recorded as avoided; Health is unchanged.
    """

    policy = gm_or_player_of("character_id")
    acting_field = "character_id"
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    example = {"amount": 7, "type": "wound", "reason": "a shotgun blast"}
    example_needs = ("adventurer-in-encounter",)
    character_id: str
    amount: Amount
    type: DamageType = "wound"
    reason: Note = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return talents.avoid_damage(state, self.character_id, self.amount, self.type,
                                    self.reason)


class SpendConvictionForAlly(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Leader Apex: spend the leader's Conviction on behalf of an ally (`ally`: an id or a
    name), who gets its benefit.

    Once per turn of the encounter under way (409 `leader-apex-once-per-turn`); outside an
    encounter it is recorded without a turn. Without the talent 409 `talent-not-on-sheet`;
    the ally is another character (409 `leader-apex-is-for-an-ally`).
    """

    policy = gm_or_player_of("character_id")
    acting_field = "character_id"
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    example = {"ally": "{ally_id}", "amount": 1, "reason": "steadied Ivo's aim"}
    example_needs = ("leader-and-ally",)
    character_id: str
    ally: Annotated[str, Meta(min_length=1, max_length=200)]
    amount: Amount = 1
    reason: Note = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return talents.conviction_for_ally(state, ctx, self.character_id, self.ally,
                                           self.amount, self.reason)
