"""Campaigns and their rule settings."""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput
from ledger.domain.events import DomainEvent, evolves, upcaster
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


def check_settings(current: Settings, changes: dict[str, Any]) -> Settings:
    """Settings are checked against their declared types; unknown names are refused."""
    known = set(Settings.__struct_fields__)
    for name in changes:
        if name not in known:
            raise InvalidInput("unknown-setting", f"no rule setting named {name!r}", field=name)
    merged = msgspec.to_builtins(current) | changes
    try:
        checked = msgspec.convert(merged, Settings)
    except msgspec.ValidationError as exc:
        raise InvalidInput("setting-type", str(exc), field="settings") from None
    check_mana_recovery(checked)
    if checked.initiative_ability is not None:  # an ability of the sheet, in any case
        canonical_ability(checked.initiative_ability, "initiative_ability")
    return checked


def check_mana_recovery(settings: Settings) -> None:
    """A recovery rate needs the Mana it restores; "none" restores nothing."""
    if settings.mana_recovery != "none" and settings.mana_recovery_amount < 1:
        raise InvalidInput("mana-recovery-amount-needed",
                           f"Mana recovery per {settings.mana_recovery} needs "
                           "mana_recovery_amount of at least 1", field="mana_recovery_amount")


def change_settings(changes: dict[str, Any]) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        check_settings(state.settings, changes)
        current = msgspec.to_builtins(state.settings)
        return [SettingsChanged(changes=changes, before={k: current[k] for k in changes})]

    return decide
