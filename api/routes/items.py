"""Items and objects: registration, damage, repair, firearm trust tests, identification, links."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth
from api import schemas_items as schemas
from api.answers import StateView, json_response, write
from api.errors import ApiError
from api.schemas import AtQuery
from api.timetravel import state_for
from api.voids import at_fields
from ledger.domain.items import (
    damage as items_damage,
)
from ledger.domain.items import (
    firearms,
    linkage,
)
from ledger.domain.items import (
    identification as items_identification,
)
from ledger.domain.items import (
    objects as items,
)
from ledger.domain.state import CampaignState

blp = Blueprint("items", __name__, url_prefix="/v1/campaigns/<campaign_id>/items",
                description="Magic items and objects: Durability, Integrity, firearms, links")


def item_state(item_id: str) -> StateView:
    def view(state: CampaignState) -> Any:
        return items.item_view(state.items[item_id])

    return view


def newest_item(state: CampaignState) -> Any:
    return items.item_view(list(state.items.values())[-1])


@blp.route("", methods=["POST"])
@blp.arguments(schemas.ItemCreate)
def register(body: dict[str, Any], campaign_id: str) -> Response:
    """Register an item or object (GM).

    Materials from the rules' list take its figures unless given: liquid (Durability 0,
    Integrity 2; 20 vs. Acid, 10 vs. Cold, 5 vs. Fire and Lightning), steel (15, 10),
    alloy (13, 12), precious-metal (11, 4), mystic-metal (18+, 12+), metals -3 to Acid
    and Cold and +5 vs. Fire, Lightning and Sonic; wood (4, 4) and hardwood (8, 6), -3 to
    Acid, Cold, Fire and Lightning. Any other material, and any other damage-type figure,
    is the GM's input. Impact, Ballistic and Penetrating make no difference to objects.
    Several materials: `exposure` says whether the most vulnerable parts are exposed
    (`lowest` Durability) or not (`highest`), and `integrity` is required (the rules give
    none). `durability_bonus` is an enchanted item's extra Durability (input).
    A firearm (`kind: firearm`) gives its `class`; the rules' classes set the trust-test
    TN (9: blunderbuss, cannon, musket, revolver; 11: pocket-pistol, semiautomatic-pistol,
    hunting-rifle, shotgun; 13: artillery, carbine, pump-shotgun, semiautomatic-rifle,
    automatic-rifle, sniper-rifle; 15: rocket-propelled-grenade, vehicle-mounted-weapon),
    any other class needs `tn`. Its listed `damage` (dice notation) is input.
    `enchantment_bonus` (magical items only; at most +3 for a firearm) adds to the trust
    test. `min_skill` is the magic skill an item needs for its use (and to identify it).
    """
    auth.require_gm(campaign_id)
    return write(campaign_id, items.register_item(body), status=201, view=newest_item)


@blp.route("", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def list_items(query: dict[str, Any], campaign_id: str) -> Response:
    """Every item, with who holds and who is linked to which, at the head or `?at=`.

    `by_character` maps each character to the items it `holds` and is `linked` to; each
    item keeps its link history (user, linked_at and ended_at positions, why it ended).
    """
    auth.require_reader(campaign_id)
    state = state_for(campaign_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state),
                          "items": [items.item_view(i) for i in state.items.values()],
                          "by_character": items.holdings(state)})


@blp.route("/<item_id>", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def get_item(query: dict[str, Any], campaign_id: str, item_id: str) -> Response:
    """One item (holder, link history, identifications, status), at the head or `?at=`."""
    auth.require_reader(campaign_id)
    state = state_for(campaign_id, query["at"], query["view"])
    item = state.items.get(item_id)
    if item is None:
        raise ApiError(404, "item-not-found", f"No item {item_id!r} at that position.")
    return json_response({**at_fields(campaign_id, state), "item": items.item_view(item)})


@blp.route("/<item_id>/damage", methods=["POST"])
@blp.arguments(schemas.ItemDamageIn)
def damage(body: dict[str, Any], campaign_id: str, item_id: str) -> Response:
    """Damage an object (GM): a hit above its Durability takes 1 Integrity.

    Durability is the material's figure against the damage `type` (its modifier, or
    its absolute figure such as a liquid's 20 vs. Acid), the lowest or highest of
    several materials (the item's `exposure`, or this hit's), plus the enchantment's
    extra Durability. Damage must exceed it. At 0 Integrity the object is
    `nonfunctional` (repairable) or `destroyed`, as `at_zero` rules. A destroyed
    object takes no more hits (409 item-destroyed). Carrying a character's Dexterity
    into the TN to hit is part of the attack roll, not of this command.
    """
    auth.require_gm(campaign_id)
    decide = items_damage.damage_item(item_id, body["amount"], body["type"],
                                      body["exposure"], body["at_zero"])
    return write(campaign_id, decide, view=item_state(item_id))


@blp.route("/<item_id>/repair", methods=["POST"])
@blp.arguments(schemas.RepairIn)
def repair(body: dict[str, Any], campaign_id: str, item_id: str) -> Response:
    """Record a repair (GM): an Advanced Test against TN Durability + 10.

    Each threshold success restores 1 Integrity, never above the maximum, nor above
    `cap` when the GM rules that the resources at hand cannot fully repair it. The
    event records the TN. Our reading: a repair with at least one threshold success
    also mends a firearm broken by a trust test, and a nonfunctional object works
    again once its Integrity is above 0. Destroyed and exploded items cannot be
    repaired (409).
    """
    auth.require_gm(campaign_id)
    decide = items_damage.repair_item(item_id, body["threshold_successes"], body["cap"],
                                      body["character"])
    return write(campaign_id, decide, view=item_state(item_id))


@blp.route("/<item_id>/hand-over", methods=["POST"])
@blp.arguments(schemas.HandOverIn)
def hand_over(body: dict[str, Any], campaign_id: str, item_id: str) -> Response:
    """Record who carries the item now (GM); `null` for nobody. Links are unaffected."""
    auth.require_gm(campaign_id)
    return write(campaign_id, items.hand_over(item_id, body["holder"]), view=item_state(item_id))


@blp.route("/<item_id>/trust-test", methods=["POST"])
@blp.arguments(schemas.TrustTestIn)
def trust_test(body: dict[str, Any], campaign_id: str, item_id: str) -> Response:
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
    auth.require_gm_or_player(campaign_id, body["character"])
    decide = firearms.trust_test(item_id, body["character"], tn=body["tn"],
                                 ammo_bonus=body["ammo_bonus"], modifier=body["modifier"],
                                 focus=body["focus"], reported=body["dice"],
                                 damage_dice=body["damage_dice"])
    return write(campaign_id, decide, view=item_state(item_id))


@blp.route("/<item_id>/maintain", methods=["POST"])
@blp.arguments(schemas.MaintainIn)
def maintain(body: dict[str, Any], campaign_id: str, item_id: str) -> Response:
    """Maintain a jammed firearm so it can be used again (GM or any player)."""
    auth.require_writer(campaign_id)
    return write(campaign_id, firearms.maintain(item_id, body["character"]),
                 view=item_state(item_id))


@blp.route("/<item_id>/identify", methods=["POST"])
@blp.arguments(schemas.IdentifyIn)
def identify(body: dict[str, Any], campaign_id: str, item_id: str) -> Response:
    """Begin identifying a magic item (GM or the character's player): a day's study.

    If the item has a minimum magic skill for its use, that skill at that level is
    needed; otherwise Cast-0 or Summon-0. Our reading of "a day's study": this records
    the study beginning on the current day, and the next new day completes it (an
    ItemIdentified event with that day). A character who dies first abandons it.
    """
    auth.require_gm_or_player(campaign_id, body["character"])
    decide = items_identification.identify(item_id, body["character"])
    return write(campaign_id, decide, view=item_state(item_id))


@blp.route("/<item_id>/link", methods=["POST"])
@blp.arguments(schemas.LinkIn)
def link(body: dict[str, Any], campaign_id: str, item_id: str) -> Response:
    """Link a magic item to a user (GM or the user's player).

    Needs a magical Edge (Spellcaster, Summoner, Graced), the Cast or Summon skill, or
    a `helper` with a magical Edge (409 link-needs-magical-know-how). While linked the
    user carries 1 permanent System Strain (permanent and current +1); a mage or
    summoner also commits 1 Effort, bound to the link, from `pool` (required with both
    Edges; 409 effort-exhausted without it). One user at a time: a new user's imprint
    ends the old link (its Strain point stops being permanent, its Effort returns at
    the next new day).
    """
    auth.require_gm_or_player(campaign_id, body["character"])
    decide = linkage.link(item_id, body["character"], body["helper"], body["pool"])
    return write(campaign_id, decide, view=item_state(item_id))


@blp.route("/<item_id>/unlink", methods=["POST"])
@blp.arguments(schemas.UnlinkIn)
def unlink(body: dict[str, Any], campaign_id: str, item_id: str) -> Response:
    """End the current link (the GM, or the linked user's player naming `character`).

    An hour of careful meditation, recorded as a TimeAdvanced of 60 minutes; the item
    need not be present. Same know-how as linking. The Strain point stops being
    permanent (permanent -1, current unchanged: it heals as ordinary Strain) and a
    committed Effort returns at the first new day after. A user's death also ends the
    link (our reading), with the same events.
    """
    if body["character"] is None:
        auth.require_gm(campaign_id)
    else:
        auth.require_gm_or_player(campaign_id, body["character"])
    decide = linkage.unlink(item_id, body["character"], body["helper"])
    return write(campaign_id, decide, view=item_state(item_id))
