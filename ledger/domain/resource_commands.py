"""The resource commands: Mana and Conviction spent or gained, Health damaged or healed
(rules: ledger/domain/resources.py).

All may be issued by the GM or the character's player. Spending Mana or Conviction is
the character's action, so it first settles their pending decisions; a gain, damage and
healing happen to the character and settle nobody (docs/rules/magic-test.md, "Settling,
per command").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from ledger.domain import resources
from ledger.domain.bounds import Note
from ledger.domain.command import Command, gm_or_player_of
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState

Decided = Sequence[DomainEvent | Later]
Amount = Annotated[int, Meta(ge=1, le=10_000)]
DamageType = Annotated[str, Meta(extra_json_schema={"enum": list(resources.DAMAGE_TYPES)})]
StunSpell = Literal["Stun", "Stunwave"]


class ResourceCommand(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A change to one of the character's pools; `resource` names which."""

    policy = gm_or_player_of("character_id")
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    resource: ClassVar[str] = ""
    character_id: str
    amount: Amount
    reason: Note = ""


class Spend(ResourceCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    acting_field = "character_id"

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return resources.spend(self.character_id, self.resource, self.amount,
                               self.reason)(state, ctx)


class Gain(ResourceCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return resources.gain(self.character_id, self.resource, self.amount,
                              self.reason)(state, ctx)


class SpendMana(Spend, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Spend Mana; spending more than the character has is a 409 (`insufficient-mana`)."""

    resource = "mana"
    example = {"amount": 2, "reason": "a lamp lit without a match"}
    example_needs = ("mage",)


class SpendConviction(Spend, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Spend Conviction; more than the character has is a 409 (`insufficient-conviction`)."""

    resource = "conviction"
    example = {"amount": 1, "reason": "stood firm before the Duke"}
    example_needs = ("convinced",)


class GainMana(Gain, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Gain Mana, up to the maximum, through Limited Mana Recovery when the GM set it."""

    resource = "mana"
    example = {"amount": 3, "reason": "a night's rest"}


class GainConviction(Gain, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Gain Conviction, up to the maximum."""

    resource = "conviction"
    example = {"amount": 1, "reason": "kept a promise"}


class DamageHealth(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Take damage: never refused; Health stops at 0 (Dying for wounds, Unconscious for stun)."""

    policy = gm_or_player_of("character_id")
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    example = {"amount": 3, "type": "wound", "reason": "a thug's knife"}
    character_id: str
    amount: Amount
    type: DamageType = "wound"
    reason: Note = ""
    # Damage from a Stun or Stunwave cast: its knockout wakes after ten minutes with 1
    # Health (ledger/domain/stun_spell.py).
    spell: StunSpell | None = None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return resources.damage(self.character_id, self.amount, self.type,
                                self.reason, self.spell)(state, ctx)


class HealHealth(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Heal Health, up to the maximum.

    `magical` healing never restores Health that Backlash took (409
    `backlash-harm-never-heals-magically`).
    """

    policy = gm_or_player_of("character_id")
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    example = {"amount": 2, "reason": "bandaged", "magical": False}
    character_id: str
    amount: Amount
    reason: Note = ""
    magical: bool = False

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return resources.heal(self.character_id, self.amount, self.reason,
                              self.magical)(state, ctx)
