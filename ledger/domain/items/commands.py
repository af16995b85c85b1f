"""The item commands (000 Damaging Objects, 6.7 magic items; docs/rules/items.md).

Each docstring is the rule's text as the API documents it. Registering
(ledger/domain/items/register_command.py), damaging, repairing and handing over an item are
the GM's and happen to the item: they settle nobody, whoever the item hurts or whoever
holds it. A trust test, an identification, a link and an unlink naming its user are the
action of `character`, which only the GM or that character's player may give, and settle
that character first. Maintenance may come from any writer and settles nobody (upkeep, not
an act in play).
"""

from __future__ import annotations

from typing import Annotated, ClassVar

import msgspec
from msgspec import Meta

from ledger.domain.bounds import Dice
from ledger.domain.command import WRITER, Command, gm_only_when, gm_or_player_of
from ledger.domain.context import Context
from ledger.domain.errors import Forbidden
from ledger.domain.items import damage, firearms, identification, linkage, objects
from ledger.domain.items.register_command import (
    Bonus,
    DamageType,
    Decided,
    Exposure,
    Id,
    RegisterItem,
)
from ledger.domain.state import CampaignState
from ledger.domain.state.magic import POOLS

AtZero = Annotated[str, Meta(extra_json_schema={"enum": list(objects.AT_ZERO)})]
Pool = Annotated[str, Meta(extra_json_schema={"enum": list(POOLS)})]
OWN = gm_or_player_of("character")


class ItemCommand(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A command to the item the path names."""

    path: ClassVar[tuple[str, ...]] = ("item_id",)
    example_needs: ClassVar[tuple[str, ...]] = ("item",)
    item_id: str


class DamageItem(ItemCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Damage an object (GM): a hit above its Durability takes 1 Integrity.

    Durability is the material's figure against the damage `type` (its modifier, or
    its absolute figure such as a liquid's 20 vs. Acid), the lowest or highest of
    several materials (the item's `exposure`, or this hit's), plus the enchantment's
    extra Durability. Damage must exceed it. At 0 Integrity the object is
    `nonfunctional` (repairable) or `destroyed`, as `at_zero` rules. A destroyed
    object takes no more hits (409 item-destroyed). Carrying a character's Dexterity
    into the TN to hit is part of the attack roll, not of this command.
    """

    example = {"amount": 12, "type": "fire"}
    amount: Annotated[int, Meta(ge=0, le=10_000)]
    type: DamageType = "impact"
    exposure: Exposure | None = None
    at_zero: AtZero = "nonfunctional"

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return damage.damage_item(self.item_id, self.amount, self.type, self.exposure,
                                  self.at_zero)(state, ctx)


class RepairItem(ItemCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Record a repair (GM): an Advanced Test against TN Durability + 10.

    Each threshold success restores 1 Integrity, never above the maximum, nor above
    `cap` when the GM rules that the resources at hand cannot fully repair it. The
    event records the TN. Our reading: a repair with at least one threshold success
    also mends a firearm broken by a trust test, and a nonfunctional object works
    again once its Integrity is above 0. Destroyed and exploded items cannot be
    repaired (409).
    """

    example = {"threshold_successes": 2, "character_id": "{character_id}"}
    threshold_successes: Annotated[int, Meta(ge=0, le=1000)]
    cap: Annotated[int, Meta(ge=0, le=1000)] | None = None
    character: Id | None = msgspec.field(default=None, name="character_id")

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return damage.repair_item(self.item_id, self.threshold_successes, self.cap,
                                  self.character)(state, ctx)


class HandOverItem(ItemCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Record who carries the item now (GM); `null` for nobody. Links are unaffected."""

    example = {"holder": "{character_id}"}
    holder: Id | None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return objects.hand_over(self.item_id, self.holder)(state, ctx)


class UserCommand(ItemCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A command of the item's user, `character`: the GM's or that character's player's."""

    policy = OWN
    acting_field = "character"
    character: Id = msgspec.field(name="character_id")


class TrustTest(UserCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A firearm trust test (GM or the user's player): Willpower (+ Firearms focus).

    Against the class's TN (or `tn`), adding the weapon's enchantment bonus (up to +3)
    and `ammo_bonus` for enchanted ammunition (up to another +3); `modifier` is any
    other magical effect the GM allows. 3d6 from the server, or `dice` reported. The
    roll is a Rolled event; it generates no Stunt Points (our reading: a test of nerve,
    not an action). On a failure the Stunt Die decides: 1-2 the weapon explodes, the
    user takes its listed damage +2 (rolled; `damage_dice` may report it) and the
    weapon is unusable; 3-4 it breaks (unusable until repaired) and the user takes 2
    damage; 5-6 it jams until maintained. Once per encounter per user (our reading:
    the open scene; 409 without one), unless the weapon took damage since that user's
    last test (a break counts; a jam does not).
    """

    example = {"character_id": "{character_id}", "dice": [4, 5, 3]}
    example_needs = ("firearm",)
    tn: Annotated[int, Meta(ge=0, le=100)] | None = None
    ammo_bonus: Bonus = 0
    modifier: Annotated[int, Meta(ge=-100, le=100)] = 0
    focus: Annotated[str, Meta(min_length=1, max_length=100)] = "Firearms"
    dice: Dice | None = None
    damage_dice: Dice | None = None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return firearms.trust_test(
            self.item_id, self.character, tn=self.tn, ammo_bonus=self.ammo_bonus,
            modifier=self.modifier, focus=self.focus, reported=self.dice,
            damage_dice=self.damage_dice)(state, ctx)


class MaintainFirearm(ItemCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Maintain a jammed firearm so it can be used again (GM or any player; a player names
    only their own character as `character_id`, the one who maintained it)."""

    policy = WRITER
    example = {"character_id": "{character_id}"}
    example_needs = ("jammed-firearm",)
    character: Id | None = msgspec.field(default=None, name="character_id")

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        """Any player may maintain it, but names only their own character as the one who
        did (an outside attack found a player could credit anyone)."""
        super().authorize(state, ctx)
        actor = ctx.actor
        if actor.role == "player" and self.character not in (None, actor.character_id):
            raise Forbidden("not-your-character",
                            "A player names only their own character as the one who "
                            "maintains the firearm.")

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return firearms.maintain(self.item_id, self.character)(state, ctx)


class IdentifyItem(UserCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Begin identifying a magic item (GM or the character's player): a day's study.

    If the item has a minimum magic skill for its use, that skill at that level is
    needed; otherwise Cast-0 or Summon-0. Our reading of "a day's study": this records
    the study beginning on the current day, and the next new day completes it (an
    ItemIdentified event with that day). A character who dies first abandons it.
    """

    example = {"character_id": "{character_id}"}
    example_needs = ("magic-item",)

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return identification.identify(self.item_id, self.character)(state, ctx)


class LinkItem(UserCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Link a magic item to a user (GM or the user's player).

    Needs a magical Edge (Spellcaster, Summoner, Graced), the Cast or Summon skill, or
    a `helper` with a magical Edge (409 link-needs-magical-know-how). While linked the
    user carries 1 permanent System Strain (permanent and current +1); a mage or
    summoner also commits 1 Effort, bound to the link, from `pool` (required with both
    Edges; 409 effort-exhausted without it). One user at a time: a new user's imprint
    ends the old link (its Strain point stops being permanent, its Effort returns at
    the next new day).
    """

    example = {"character_id": "{character_id}", "pool": "mage"}
    example_needs = ("magic-item",)
    helper: Id | None = None
    pool: Pool | None = None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return linkage.link(self.item_id, self.character, self.helper, self.pool)(state, ctx)


class UnlinkItem(ItemCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """End the current link (the GM, or the linked user's player naming `character`).

    An hour of careful meditation, recorded as a TimeAdvanced of 60 minutes; the item
    need not be present. Same know-how as linking. The Strain point stops being
    permanent (permanent -1, current unchanged: it heals as ordinary Strain) and a
    committed Effort returns at the first new day after. A user's death also ends the
    link (our reading), with the same events.
    """

    policy = OWN
    acting_field = "character"
    gm_parts = "leaving out `character_id` (then it settles nobody)"
    example = {"character_id": "{character_id}"}
    example_needs = ("linked-item",)
    character: Id | None = msgspec.field(default=None, name="character_id")
    helper: Id | None = None

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        # Without `character` the unlink names no user: only the GM may give it.
        gm_only_when(self.character is None, ctx.actor, "gm-only", "Only the GM may do this.")
        super().authorize(state, ctx)

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return linkage.unlink(self.item_id, self.character, self.helper)(state, ctx)


COMMANDS: tuple[type[Command], ...] = (
    RegisterItem, DamageItem, RepairItem, HandOverItem, TrustTest, MaintainFirearm,
    IdentifyItem, LinkItem, UnlinkItem)
