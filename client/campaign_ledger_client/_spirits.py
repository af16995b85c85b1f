"""Campaign-wide commands: spirits (by spirit id), Bonds and the group Stunt Pool."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from campaign_ledger_client._campaigns import at_query
from campaign_ledger_client._scope import CAMPAIGN, Call, Scope, body, command, read
from campaign_ledger_client.models import At, View
from campaign_ledger_client.schemas import (
    PoolSummary,
    Spirit,
    SpiritsAnswer,
    StuntPoolAnswer,
)

SPIRIT = CAMPAIGN + "/spirits/{spirit_id}"


def _spirit(spirit_id: str) -> dict[str, str]:
    return {"spirit_id": spirit_id}


class Spirits(Scope):
    @read(CAMPAIGN + "/spirits", SpiritsAnswer)
    def spirits(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        """Every spirit, and which spirits each summoner holds."""
        return at_query(at, view)

    @command("POST", SPIRIT + "/dismiss", Spirit)
    def dismiss_spirit(self, spirit_id: str) -> Call:
        return Call(body={}, params=_spirit(spirit_id))

    @command("POST", SPIRIT + "/call", Spirit)
    def call_spirit(self, spirit_id: str) -> Call:
        return Call(body={}, params=_spirit(spirit_id))

    @command("POST", SPIRIT + "/dispel", Spirit)
    def dispel_spirit(self, spirit_id: str) -> Call:
        return Call(body={}, params=_spirit(spirit_id))

    @command("POST", SPIRIT + "/damage", Spirit)
    def damage_spirit(self, spirit_id: str, amount: int, reason: str = "") -> Call:
        return body(_spirit(spirit_id), amount=amount, reason=reason)

    @command("POST", SPIRIT + "/compel", Spirit)
    def compel_spirit(self, spirit_id: str,
                      command: Literal["distasteful", "suicidal", "contrary"],
                      dice: list[int] | None = None) -> Call:
        return body(_spirit(spirit_id), command=command, dice=dice)

    @command("POST", SPIRIT + "/banish", Spirit)
    def banish_spirit(self, spirit_id: str, by: str, *, dice: list[int] | None = None,
                      opposing_dice: list[int] | None = None,
                      damage_dice: list[int] | None = None,
                      skill_bonus: int | None = None) -> Call:
        return body(_spirit(spirit_id), by=by, dice=dice, opposing_dice=opposing_dice,
                    damage_dice=damage_dice, skill_bonus=skill_bonus)

    @command("POST", SPIRIT + "/fade", Spirit)
    def fade_spirit(self, spirit_id: str, reason: str = "") -> Call:
        """An uncontrolled spirit faded away (GM)."""
        return body(_spirit(spirit_id), reason=reason)

    @command("POST", SPIRIT + "/ensnare", Spirit)
    def ensnare(self, spirit_id: str, target: str) -> Call:
        """The spirit's Ensnare: the target cannot move for five minutes of game time."""
        return body(_spirit(spirit_id), target=target)


class StuntPool(Scope):
    @command("POST", CAMPAIGN + "/bonds", PoolSummary)
    def record_bond(self, a: str, b: str, rank: int) -> Call:
        """Character `a`'s Bond toward `b`; rank 0 ends it (GM)."""
        return body(a=a, b=b, rank=rank)

    @command("PUT", CAMPAIGN + "/stunt-pool/members", PoolSummary)
    def set_pool_members(self, members: list[str] | None) -> Call:
        """The group's members (GM); None means every living character."""
        return Call(body={"members": members})

    @command("POST", CAMPAIGN + "/stunt-pool/contribute", PoolSummary)
    def contribute_to_pool(self, roll_position: int, sp: int) -> Call:
        return body(roll_position=roll_position, sp=sp)

    @command("POST", CAMPAIGN + "/stunt-pool/spend", PoolSummary)
    def spend_from_pool(self, roll_position: int, sp: int) -> Call:
        return body(roll_position=roll_position, sp=sp)

    @read(CAMPAIGN + "/stunt-pool", StuntPoolAnswer)
    def stunt_pool(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        return at_query(at, view)
