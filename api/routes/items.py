"""Items and objects: registration, damage, repair, firearm trust tests, identification, links.

The rules live in ledger/domain/items/; docs/rules/items.md lists each rule and our
readings. The commands, their policies and which of them settle first are declared in
ledger/domain/items/commands.py; each line below registers one of them.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth
from api.answers import json_response
from api.contract import STR, SUCCESS, array, at, obj, ref
from api.contract import write as write_schema
from api.errors import ApiError
from api.registry import AnswerShape, register
from api.schemas import AtQuery
from api.timetravel import state_for
from api.voids import at_fields
from ledger.domain.items import objects as items
from ledger.domain.items.commands import (
    DamageItem,
    HandOverItem,
    IdentifyItem,
    LinkItem,
    MaintainFirearm,
    RepairItem,
    TrustTest,
    UnlinkItem,
)
from ledger.domain.items.register_command import RegisterItem
from ledger.service.views import item_state, newest_item

blp = Blueprint("items", __name__, url_prefix="/v1/campaigns/<campaign_id>/items",
                description="Magic items and objects: Durability, Integrity, firearms, links")


ITEM_VIEW = ref("ItemView")  # the component (api/contract.py)
HELD = obj(("character_id", "holds", "linked"), character_id=STR, holds=array(STR),
           linked=array(STR))
SUCCESS["items.list_items"] = (200, at(items=array(ITEM_VIEW), by_character=array(HELD)))
SUCCESS["items.get_item"] = (200, at(item=ITEM_VIEW))
REGISTERED = AnswerShape(write_schema(ITEM_VIEW, "item"), view=lambda command: newest_item)
ITEM = AnswerShape(write_schema(ITEM_VIEW, "item"),
                   view=lambda command: item_state(command.item_id))
register(blp, "POST", "", RegisterItem, answer=REGISTERED, status=201)
register(blp, "POST", "/<item_id>/damage", DamageItem, answer=ITEM)
register(blp, "POST", "/<item_id>/repair", RepairItem, answer=ITEM)
register(blp, "POST", "/<item_id>/hand-over", HandOverItem, answer=ITEM)
register(blp, "POST", "/<item_id>/trust-test", TrustTest, answer=ITEM)
register(blp, "POST", "/<item_id>/maintain", MaintainFirearm, answer=ITEM)
register(blp, "POST", "/<item_id>/identify", IdentifyItem, answer=ITEM)
register(blp, "POST", "/<item_id>/link", LinkItem, answer=ITEM)
register(blp, "POST", "/<item_id>/unlink", UnlinkItem, answer=ITEM)


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
