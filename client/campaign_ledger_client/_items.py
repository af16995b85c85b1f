"""Items and objects: Durability and Integrity, firearm trust tests, identification, links."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from campaign_ledger_client._campaigns import at_query
from campaign_ledger_client._scope import CAMPAIGN, Call, Scope, body, command, read
from campaign_ledger_client.bodies import ItemSpec
from campaign_ledger_client.models import At, View
from campaign_ledger_client.schemas import ItemAnswer, ItemsAnswer, ItemView

ITEM = CAMPAIGN + "/items/{item_id}"
Exposure = Literal["lowest", "highest"]


def _item(item_id: str) -> dict[str, str]:
    return {"item_id": item_id}


class Items(Scope):
    @command("POST", CAMPAIGN + "/items", ItemView)
    def register_item(self, item: ItemSpec) -> Call:
        """Register an item or object (GM); the answer's `resource` is the item."""
        return Call(body=dict(item))

    @read(CAMPAIGN + "/items", ItemsAnswer)
    def items(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        """Every item, and who holds and is linked to which (`by_character`)."""
        return at_query(at, view)

    @read(ITEM, ItemAnswer)
    def item(self, item_id: str, at: At | datetime | None = None,
             view: View = "recorded") -> Call:
        return Call(query=at_query(at, view).query, params=_item(item_id))

    @command("POST", ITEM + "/damage", ItemView)
    def damage_item(self, item_id: str, amount: int, type: str = "impact",
                    exposure: Exposure | None = None,
                    at_zero: Literal["nonfunctional", "destroyed"] | None = None) -> Call:
        return body(_item(item_id), amount=amount, type=type, exposure=exposure, at_zero=at_zero)

    @command("POST", ITEM + "/repair", ItemView)
    def repair_item(self, item_id: str, threshold_successes: int, cap: int | None = None,
                    character_id: str | None = None) -> Call:
        return body(_item(item_id), threshold_successes=threshold_successes, cap=cap,
                    character_id=character_id)

    @command("POST", ITEM + "/hand-over", ItemView)
    def hand_over(self, item_id: str, holder: str | None) -> Call:
        """Who carries the item now; None for nobody."""
        return Call(body={"holder": holder}, params=_item(item_id))

    @command("POST", ITEM + "/trust-test", ItemView)
    def trust_test(self, item_id: str, character_id: str, *, tn: int | None = None,
                   ammo_bonus: int | None = None, modifier: int | None = None,
                   focus: str | None = None, dice: list[int] | None = None,
                   damage_dice: list[int] | None = None) -> Call:
        """A firearm trust test; server dice unless `dice` reports the three physical ones."""
        return body(_item(item_id), character_id=character_id, tn=tn, ammo_bonus=ammo_bonus,
                    modifier=modifier, focus=focus, dice=dice, damage_dice=damage_dice)

    @command("POST", ITEM + "/maintain", ItemView)
    def maintain(self, item_id: str, character_id: str | None = None) -> Call:
        return body(_item(item_id), character_id=character_id)

    @command("POST", ITEM + "/identify", ItemView)
    def identify(self, item_id: str, character_id: str) -> Call:
        """Begin a day's study; the next new day completes it."""
        return body(_item(item_id), character_id=character_id)

    @command("POST", ITEM + "/link", ItemView)
    def link(self, item_id: str, character_id: str, helper: str | None = None,
             pool: Literal["mage", "summoner"] | None = None) -> Call:
        return body(_item(item_id), character_id=character_id, helper=helper, pool=pool)

    @command("POST", ITEM + "/unlink", ItemView)
    def unlink(self, item_id: str, character_id: str | None = None,
               helper: str | None = None) -> Call:
        return body(_item(item_id), character_id=character_id, helper=helper)
