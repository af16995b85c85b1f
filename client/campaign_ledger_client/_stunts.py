"""Spending a roll's Stunt Points on stunts, attack rolls, and the rolls stunts give targets."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from campaign_ledger_client._campaigns import at_query
from campaign_ledger_client._scope import CAMPAIGN, Call, Scope, body, command, read
from campaign_ledger_client.bodies import StuntChoice
from campaign_ledger_client.models import At, View
from campaign_ledger_client.schemas import StuntsAnswer, StuntSpending


class Stunts(Scope):
    @command("POST", CAMPAIGN + "/stunts/spend", StuntSpending)
    def spend_stunt_points(self, roll_position: int, stunts: list[StuntChoice],
                           target: str | None = None) -> Call:
        """Spend the SP of the roll at `roll_position` on stunts (its budget: 409 past it)."""
        return body(roll_position=roll_position, stunts=stunts, target=target)

    @command("POST", CAMPAIGN + "/characters/{character_id}/attacks", StuntSpending)
    def attack(self, character_id: str, ability: str, tn: int, *,
               kind: Literal["attack", "stunt-attack", "opportunist"] = "attack",
               focus: str | None = None, modifier: int | None = None,
               dice: list[int] | None = None, label: str | None = None,
               target: str | None = None, spend_conviction: bool | None = None,
               attack_trade: int | None = None) -> Call:
        """An attack roll against the target's Defense; a Stunt Attack hit generates 2 SP.
        `spend_conviction` and `attack_trade` act as on a roll (Adventurer Apex, Warrior
        Master)."""
        return body({"character_id": character_id}, kind=kind, ability=ability, focus=focus,
                    modifier=modifier, tn=tn, dice=dice, label=label, target=target,
                    spend_conviction=spend_conviction, attack_trade=attack_trade)

    @command("POST", CAMPAIGN + "/stunts/resist", StuntSpending)
    def resist_stunt(self, resistance_id: str, dice: list[int] | None = None) -> Call:
        """The target's roll against Frighten, Suggest Action (4 SP) or Mentalist's Trick."""
        return body(resistance_id=resistance_id, dice=dice)

    @command("POST", CAMPAIGN + "/stunts/escape", StuntSpending)
    def try_lock_escape(self, lock_id: str, escaped: bool, dice: list[int] | None = None) -> Call:
        """A locked target's escape; a failure takes 1d6 + the Lock's SP penetrating damage."""
        return body(lock_id=lock_id, escaped=escaped, dice=dice)

    @read(CAMPAIGN + "/stunts", StuntsAnswer)
    def stunts(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        """Each spent roll's budget and stunts, attacks, Locks and open resistances."""
        return at_query(at, view)
