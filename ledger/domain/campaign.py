"""Campaigns and their rule settings."""

from __future__ import annotations

import re
import typing
from typing import Any, Literal

import msgspec

from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput
from ledger.domain.events import DomainEvent, evolves, upcaster
from ledger.domain.notation import MOST_DICE_PER_ROLL
from ledger.domain.sheet_names import canonical_ability
from ledger.domain.state import CampaignState, Settings


class CampaignCreated(DomainEvent, frozen=True, kw_only=True):
    name: str
    settings: Settings
    dice_epoch: int = 0
    dice_commitment: str = ""


class SettingsChanged(DomainEvent, frozen=True, kw_only=True):
    # Version 2 records the values before the change, for the audit timeline.
    version = 2
    changes: dict[str, Any]
    before: dict[str, Any]


@upcaster("SettingsChanged", 1)
def _settings_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not keep the old values; they are unknown, not invented."""
    return {**data, "before": {name: None for name in data.get("changes", {})}}


@evolves(CampaignCreated)
def _created(state: CampaignState, e: CampaignCreated) -> None:
    state.name = e.name
    state.settings = msgspec.structs.replace(e.settings)
    state.dice_epoch = e.dice_epoch
    state.dice_commitment = e.dice_commitment


@evolves(SettingsChanged)
def _settings(state: CampaignState, e: SettingsChanged) -> None:
    state.settings = msgspec.structs.replace(state.settings, **e.changes)


def create_campaign(name: str, settings: dict[str, Any] | None = None) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        chosen = check_settings(Settings(), settings or {})
        return [CampaignCreated(name=name, settings=chosen, dice_epoch=0,
                                dice_commitment=ctx.seeds.commit_new(0))]

    return decide


# Bounds checked when a setting is chosen, not in the state's type, so that a history
# recorded before them still folds: Helpless is "4 or 7" points (000); a roll's dice are
# a hostile-input guard, at least one.
SETTING_CHOICES: dict[str, tuple[int, ...]] = {"helpless_points": (4, 7)}
SETTING_RANGES: dict[str, tuple[int, int]] = {
    "max_dice_per_roll": (1, MOST_DICE_PER_ROLL),
    # No more than any Mana maximum a sheet may hold (limits.POOL), so a gain it
    # records stays a number a JSON double holds exactly (docs/history.md).
    "mana_recovery_amount": (0, 1_000_000),
}
_AT_SETTING = re.compile(r"at `\$\.([A-Za-z_]+)")


def check_settings(current: Settings, changes: dict[str, Any]) -> Settings:
    """Settings are checked against their declared types and bounds; unknown names are
    refused. A refusal names the setting (`settings.<name>`)."""
    known = set(Settings.__struct_fields__)
    for name in changes:
        if name not in known:
            raise InvalidInput("unknown-setting", f"no rule setting named {name!r}",
                               field=f"settings.{name}", allowed=sorted(known))
    merged = msgspec.to_builtins(current) | changes
    try:
        checked = msgspec.convert(merged, Settings)
    except msgspec.ValidationError as exc:
        found = _AT_SETTING.search(str(exc))
        choices = _choices(found[1]) if found else []
        if found and choices:  # a fixed-choice setting names its choices, as a name does
            raise InvalidInput("setting-type", f"{found[1]} is one of {', '.join(choices)}",
                               field=f"settings.{found[1]}", allowed=choices) from None
        raise InvalidInput("setting-type", str(exc),
                           field=f"settings.{found[1]}" if found else "settings") from None
    check_setting_bounds(changes)
    check_mana_recovery(checked)
    if checked.initiative_ability is not None:  # an ability of the sheet, in any case
        canonical_ability(checked.initiative_ability, "settings.initiative_ability")
    return checked


def _choices(name: str) -> list[str]:
    """The values a fixed-choice (Literal, or optional Literal) setting takes; else none."""
    hint = typing.get_type_hints(Settings).get(name)
    options = (hint,) if typing.get_origin(hint) is Literal else typing.get_args(hint)
    return [str(value) for option in options if typing.get_origin(option) is Literal
            for value in typing.get_args(option)]


def check_setting_bounds(changes: dict[str, Any]) -> None:
    for name, value in changes.items():
        if name in SETTING_CHOICES and value not in SETTING_CHOICES[name]:
            allowed = SETTING_CHOICES[name]
            raise InvalidInput("setting-out-of-range", f"{name} is one of "
                               f"{', '.join(map(str, allowed))}", field=f"settings.{name}")
        if name in SETTING_RANGES:
            low, high = SETTING_RANGES[name]
            if not low <= value <= high:
                raise InvalidInput("setting-out-of-range", f"{name} is from {low} to {high}",
                                   field=f"settings.{name}")


def check_mana_recovery(settings: Settings) -> None:
    """A recovery rate needs the Mana it restores; "none" restores nothing."""
    if settings.mana_recovery != "none" and settings.mana_recovery_amount < 1:
        raise InvalidInput("mana-recovery-amount-needed",
                           f"Mana recovery per {settings.mana_recovery} needs "
                           "mana_recovery_amount of at least 1",
                           field="settings.mana_recovery_amount")


def change_settings(changes: dict[str, Any]) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        check_settings(state.settings, changes)
        current = msgspec.to_builtins(state.settings)
        # What already holds is no change: a PATCH that changes nothing records nothing.
        changed = {k: v for k, v in changes.items() if current[k] != v}
        if not changed:
            return []
        return [SettingsChanged(changes=changed, before={k: current[k] for k in changed})]

    return decide
