"""Linking with magic items (001 6.4.2; the README's "Item linkage").

- Linking or unlinking needs a magical Edge (Spellcaster, Summoner, Graced), or the
  Cast or Summon skill (level 0 or more, even as a purely intellectual study), or
  a helper with a magical Edge.
- While linked, the user carries 1 permanent System Strain (permanent and current
  +1). A mage or summoner also commits 1 Effort, bound to the link; with both
  Edges the user chooses the pool.
- When a link ends, its Strain point stops being permanent (permanent -1; the
  current point stays and heals as ordinary Strain) and the Effort returns at the
  first new day after.
- One user at a time: a new user's imprint ends the old link with the same effects.
- Unlinking is an hour of meditation (recorded as 60 minutes of game time); the
  item need not be present.
- Our reading: a user's death ends their links, with the same events.
"""

from __future__ import annotations

from ledger.domain.characters import require_alive, require_character
from ledger.domain.clock import advance
from ledger.domain.context import Context
from ledger.domain.decision import Decide, Later
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.items.damage import check_not_destroyed
from ledger.domain.items.objects import check_magical, require_item
from ledger.domain.magic.effort import commit_event, release_events, skill
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.items import Item, LinkRecord

MAGICAL_EDGES = ("spellcaster", "summoner", "graced")
# Arcanists commit Effort for a link: the Edge names the pool.
EDGE_POOLS = {"spellcaster": "mage", "summoner": "summoner"}
UNLINK_MINUTES = 60


class ItemLinked(DomainEvent, frozen=True, kw_only=True):
    item_id: str
    helper: str | None
    pool: str | None
    strain_current_before: int
    strain_current_after: int
    strain_permanent_before: int
    strain_permanent_after: int


class ItemLinkEnded(DomainEvent, frozen=True, kw_only=True):
    item_id: str
    why: str  # "unlinked", "new-user-imprinted", "user-died"
    helper: str | None = None
    strain_permanent_before: int
    strain_permanent_after: int


@evolves(ItemLinked)
def _linked(state: CampaignState, e: ItemLinked) -> None:
    user, item = state.characters[e.character_id or ""], state.items[e.item_id]
    user.strain.current = e.strain_current_after
    user.strain.permanent = e.strain_permanent_after
    item.linked_to = user.id
    item.links.append(LinkRecord(user=user.id, linked_at=state.position + 1, helper=e.helper,
                                 pool=e.pool))


@evolves(ItemLinkEnded)
def _link_ended(state: CampaignState, e: ItemLinkEnded) -> None:
    state.characters[e.character_id or ""].strain.permanent = e.strain_permanent_after
    item = state.items[e.item_id]
    link = item.current_link()
    if link is not None:
        link.ended_at = state.position + 1
        link.why = e.why
    item.linked_to = None


def edges(character: Character) -> set[str]:
    return {edge.strip().lower() for edge in character.edges}


def has_magical_edge(character: Character) -> bool:
    return bool(edges(character) & set(MAGICAL_EDGES))


def check_link_know_how(user: Character, helper: Character | None, action: str) -> None:
    """A magical Edge, Cast or Summon of one's own, or a helper with a magical Edge."""
    if has_magical_edge(user) or skill(user, "cast") >= 0 or skill(user, "summon") >= 0:
        return
    if helper is not None and has_magical_edge(helper):
        return
    raise RuleViolation(
        "link-needs-magical-know-how",
        f"{action} needs a magical Edge, the Cast or Summon skill, or a helper with a "
        f"magical Edge; {user.name} has none of these", field="helper")


def link_pool(user: Character, pool: str | None) -> str | None:
    """The Effort pool a mage or summoner commits; chosen when the user has both."""
    pools = sorted(EDGE_POOLS[e] for e in edges(user) if e in EDGE_POOLS)
    if pool is None and len(pools) > 1:
        raise InvalidInput("effort-pool-required", f"{user.name} has Mage and Summoner Effort: "
                           "choose the pool the link commits", field="pool")
    if pool is not None and pool not in pools:
        raise InvalidInput("effort-pool-not-available", f"{user.name} has no {pool} Effort "
                           "(no Spellcaster or Summoner Edge for it)", field="pool")
    return pool or (pools[0] if pools else None)


def check_linkable(item: Item, user: Character) -> None:
    check_magical(item)
    check_not_destroyed(item)
    if item.linked_to == user.id:
        raise RuleViolation("already-linked", f"{item.name} is already linked to {user.name}")


def link_ended_events(state: CampaignState, item: Item, why: str,
                      helper: str | None = None) -> list[DomainEvent]:
    """The end of the current link: its Strain stops being permanent, its Effort is released."""
    if item.linked_to is None:
        return []
    user = require_character(state, item.linked_to)
    ended = ItemLinkEnded(character_id=user.id, item_id=item.id, why=why, helper=helper,
                          strain_permanent_before=user.strain.permanent,
                          strain_permanent_after=max(0, user.strain.permanent - 1))
    return [ended, *release_events(user, f"item:{item.id}")]


def link(item_id: str, character_id: str, helper_id: str | None = None,
         pool: str | None = None) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        item = require_item(state, item_id)
        user = require_alive(state, character_id)
        helper = require_alive(state, helper_id) if helper_id else None
        check_linkable(item, user)
        check_link_know_how(user, helper, "linking")
        chosen = link_pool(user, pool)
        committed = [commit_event(ctx, user, chosen, 1, "bound", f"linked to {item.name}",
                                  source=f"item:{item.id}")] if chosen else []
        strain = user.strain
        linked = ItemLinked(
            character_id=user.id, item_id=item.id, helper=helper_id, pool=chosen,
            strain_current_before=strain.current, strain_current_after=strain.current + 1,
            strain_permanent_before=strain.permanent,
            strain_permanent_after=strain.permanent + 1)
        return [*link_ended_events(state, item, "new-user-imprinted"), linked, *committed]

    return decide


def unlink(item_id: str, character_id: str | None = None, helper_id: str | None = None) -> Decide:
    """An hour of careful meditation; the item need not be present."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent | Later]:
        item = require_item(state, item_id)
        if item.linked_to is None:
            raise RuleViolation("item-not-linked", f"{item.name} is linked to nobody")
        if character_id is not None and character_id != item.linked_to:
            raise RuleViolation("not-the-linked-user", f"{item.name} is not linked to "
                                f"{character_id!r}", field="character_id")
        user = require_alive(state, item.linked_to)
        helper = require_alive(state, helper_id) if helper_id else None
        check_link_know_how(user, helper, "unlinking")
        hour = advance(UNLINK_MINUTES)(state, ctx)
        return [*hour, *link_ended_events(state, item, "unlinked", helper_id)]

    return decide


def end_links_of_the_dead(state: CampaignState, event: DomainEvent,
                          ctx: Context) -> list[DomainEvent]:
    out: list[DomainEvent] = []
    for item in state.items.values():
        if item.linked_to is not None and item.linked_to == event.character_id:
            out.extend(link_ended_events(state, item, "user-died"))
    return out
