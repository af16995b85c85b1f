"""The campaign's own commands: its rule settings and the game clock (docs/rules/clock.md).

Only the GM issues them. No character acts in them, so they settle nobody's pending
decisions, whoever issues them. Each docstring is the rule's text as the API shows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal

from msgspec import Meta

from ledger.domain import campaign, clock
from ledger.domain.command import GM, Command
from ledger.domain.context import Context
from ledger.domain.decision import Decide, Later
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState

Decided = Sequence[DomainEvent | Later]


class CampaignCommand(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    policy = GM
    example_needs: ClassVar[tuple[str, ...]] = ()


class ChangeSettings(CampaignCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Change rule settings (GM). Each change is a SettingsChanged event.

    Each name must be a rule setting (422 `unknown-setting` names it) and each value of
    that setting's type; the answer's `state` is the campaign summary.
    """

    example = {"settings": {"auto_backlash_over_resistance_5": False}}
    settings: Annotated[dict[str, Any], Meta(
        description="setting name -> new value (GET /v1/campaigns/{id} lists them)")]

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return campaign.change_settings(self.settings)(state, ctx)


# The clock actions that take no body, by the name in their URL.
CLOCK_ACTIONS: dict[str, Decide] = {
    "start-session": clock.start_session,
    "end-session": clock.end_session,
    "start-scene": clock.start_scene,
    "end-scene": clock.end_scene,
    "sunrise": clock.mark_sun("sunrise"),
    "sunset": clock.mark_sun("sunset"),
}
ClockActionName = Literal["start-session", "end-session", "start-scene", "end-scene",
                          "sunrise", "sunset"]


class MoveClock(CampaignCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Move the game clock (GM): sessions, scenes, sunrise and sunset.

    Starting or ending a session reveals the seed of the dice epoch it closes and
    commits to a fresh one (docs/dice.md); a new scene closes the open one; ending a
    session ends its open scene. 409 `session-already-open`, `no-open-session`,
    `no-open-scene`. Sunrise and sunset are deadlines for owed Consequence rolls.
    """

    path = ("action",)
    example_needs = ("clock-action",)
    action: ClockActionName

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return CLOCK_ACTIONS[self.action](state, ctx)


class AdvanceClock(CampaignCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Advance game time by some minutes (GM)."""

    example = {"minutes": 90}
    minutes: Annotated[int, Meta(ge=1, le=525_600, description="game minutes, up to a year")]

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return clock.advance(self.minutes)(state, ctx)


class StartNewDay(CampaignCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Start a new day (GM), recording which characters rested.

    `rested` must be given, even empty: each entry is a character's id or name (any
    case), and the event records ids. The day Effort of those who rested returns.
    """

    example = {"rested": []}
    rested: Annotated[list[Annotated[str, Meta(max_length=200)]], Meta(
        max_length=500, description="the characters who rested (ids or names); [] for nobody")]

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return clock.new_day(self.rested)(state, ctx)
