"""Damaging and repairing objects (000 Damaging Objects; the README's "Objects").

- Durability acts as the object's Armor: each hit whose damage exceeds it, after
  the material's modifier for the damage type, takes 1 Integrity. At 0 Integrity
  the object is nonfunctional or destroyed, as the GM rules per hit.
- Repair is an Advanced Test against TN Durability + 10; each threshold success
  restores 1 Integrity, never above the maximum nor above a GM cap.
"""

from __future__ import annotations

from ledger.domain.characters import require_alive
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.items.objects import AT_ZERO, EXPOSURES, check_choice, require_item
from ledger.domain.items.tables import check_damage_type, durability
from ledger.domain.state import CampaignState
from ledger.domain.state.items import Item


class ItemDamaged(DomainEvent, frozen=True, kw_only=True):
    item_id: str
    amount: int
    damage_type: str
    exposure: str
    durability: int
    exceeded: bool
    integrity_before: int
    integrity_after: int
    status_before: str
    status_after: str


class ItemRepaired(DomainEvent, frozen=True, kw_only=True):
    item_id: str
    threshold_successes: int
    tn: int
    cap: int | None
    integrity_before: int
    integrity_after: int
    status_before: str
    status_after: str


@evolves(ItemDamaged)
def _damaged(state: CampaignState, e: ItemDamaged) -> None:
    item = state.items[e.item_id]
    item.integrity.current = e.integrity_after
    item.status = e.status_after
    if e.exceeded:
        item.damaged_at = state.position + 1


@evolves(ItemRepaired)
def _repaired(state: CampaignState, e: ItemRepaired) -> None:
    item = state.items[e.item_id]
    item.integrity.current = e.integrity_after
    item.status = e.status_after


def check_not_destroyed(item: Item) -> None:
    if item.status == "destroyed":
        raise RuleViolation("item-destroyed", f"{item.name} is destroyed")


def check_repairable(item: Item) -> None:
    check_not_destroyed(item)
    if item.status == "exploded":
        raise RuleViolation("exploded-weapon-unusable", f"{item.name} exploded and is unusable")


def status_at_zero(status: str, at_zero: str) -> str:
    """At 0 Integrity the object is nonfunctional or destroyed, as the GM rules."""
    if at_zero == "destroyed":
        return "destroyed"
    return status if status == "exploded" else "nonfunctional"


def item_damage_event(item: Item, amount: int, damage_type: str, exposure: str | None,
                      at_zero: str = "nonfunctional") -> ItemDamaged:
    """Damage above Durability (after the material's modifier) takes 1 Integrity."""
    used = durability(item, damage_type, exposure)
    exceeded = amount > used
    before = item.integrity.current
    after = max(0, before - 1) if exceeded else before
    status = status_at_zero(item.status, at_zero) if exceeded and after == 0 else item.status
    return ItemDamaged(
        character_id=item.holder, item_id=item.id, amount=amount, damage_type=damage_type,
        exposure=exposure or item.exposure, durability=used, exceeded=exceeded,
        integrity_before=before, integrity_after=after, status_before=item.status,
        status_after=status)


def damage_item(item_id: str, amount: int, damage_type: str, exposure: str | None = None,
                at_zero: str = "nonfunctional") -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        item = require_item(state, item_id)
        check_damage_type(damage_type)
        check_choice(exposure, EXPOSURES, "exposure")
        check_choice(at_zero, AT_ZERO, "at_zero")
        check_not_destroyed(item)
        return [item_damage_event(item, amount, damage_type, exposure, at_zero)]

    return decide


def repaired_status(item: Item, integrity_after: int, threshold_successes: int) -> str:
    if item.status == "nonfunctional" and integrity_after > 0:
        return "working"
    if item.status == "broken" and threshold_successes > 0:
        return "working"
    return item.status


def repair_item(item_id: str, threshold_successes: int, cap: int | None = None,
                character_id: str | None = None) -> Decide:
    """Advanced Test against TN Durability + 10: 1 Integrity per threshold success."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        item = require_item(state, item_id)
        if character_id is not None:
            require_alive(state, character_id)
        check_repairable(item)
        ceiling = item.integrity.max if cap is None else min(cap, item.integrity.max)
        before = item.integrity.current
        after = max(before, min(ceiling, before + threshold_successes))
        return [ItemRepaired(
            character_id=character_id, item_id=item.id, threshold_successes=threshold_successes,
            tn=durability(item) + 10, cap=cap, integrity_before=before, integrity_after=after,
            status_before=item.status,
            status_after=repaired_status(item, after, threshold_successes))]

    return decide
