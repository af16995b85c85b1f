"""The commands of effects the clock ends (rules: timed_effects.py beside this module;
docs/rules/encounters.md, "Effects measured in minutes or scenes")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar

from msgspec import Meta

from ledger.domain.command import Command, gm_or_player_of
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.encounters import timed_effects
from ledger.domain.events import DomainEvent
from ledger.domain.spirits.commands import SpiritCommand
from ledger.domain.state import CampaignState

Decided = Sequence[DomainEvent | Later]


class EnsnareTarget(SpiritCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The spirit's Ensnare power (001): the `target` (a character's id or name) cannot
    move until the snare fades five minutes of game time later (the clock, rounds
    included), at a new day, or when cut free. The spirit must be present with the power
    (409 `spirit-lacks-power`), and holds no more snared targets than its hit dice (409
    `ensnare-targets-exceed-hit-dice`). Whether the target failed its Evasion save is the
    table's: record only a snare that holds.
    """

    example = {"target": "{character_id}"}
    example_needs: ClassVar[tuple[str, ...]] = ("ensnaring-spirit",)
    target: Annotated[str, Meta(min_length=1, max_length=200)]

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return timed_effects.ensnare(state, self.spirit_id, self.target)


class FreeFromSnare(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Cut the character free of the spirit's snare before it fades (001: "two Main
    Actions for an ally to cut them free, or one successful Str/Exert check against
    difficulty 10"; the table judges them). 404 when that spirit holds no snare on them.
    """

    policy = gm_or_player_of("character_id")
    path: ClassVar[tuple[str, ...]] = ("character_id", "spirit_id")
    example: ClassVar[dict[str, object]] = {}
    example_needs: ClassVar[tuple[str, ...]] = ("ensnared",)
    character_id: str
    spirit_id: str

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return timed_effects.free(state, self.character_id, self.spirit_id)
