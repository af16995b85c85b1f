"""The checkpoint format follows the state's data shape only: names and docs of classes are
free to change, fields are not (docs/decisions/005-histories-outlive-code.md)."""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.domain.fold import STATE_FORMAT, state_format
from ledger.domain.state import CampaignState, Clock


def copy_of(cls: type, name: str, doc: str, *, replace: dict[str, Any] | None = None,
            rename: dict[str, str] | None = None, extra: tuple[Any, ...] = ()) -> type:
    """`cls` under another name and docstring, with fields retyped, renamed or added."""
    fields: list[Any] = []
    for f in msgspec.structs.fields(cls):
        kind = (replace or {}).get(f.name, f.type)
        field_name = (rename or {}).get(f.name, f.name)
        if f.required:
            fields.append((field_name, kind))
        elif f.default_factory is not msgspec.NODEFAULT:
            fields.append((field_name, kind, msgspec.field(default_factory=f.default_factory)))
        else:
            fields.append((field_name, kind, f.default))
    made = msgspec.defstruct(name, [*fields, *extra], module="elsewhere")
    made.__doc__ = doc
    return made


def test_the_checkpoint_format_is_the_format_of_campaign_state() -> None:
    assert state_format(CampaignState) == STATE_FORMAT


def test_renaming_moving_or_documenting_state_classes_keeps_the_checkpoint_format() -> None:
    timekeeping = copy_of(Clock, "Timekeeping", "The clock, documented anew.")
    renamed = copy_of(CampaignState, "Campaign", "A new docstring.",
                      replace={"clock": timekeeping})
    assert state_format(renamed) == STATE_FORMAT


def test_adding_a_field_changes_the_checkpoint_format() -> None:
    grown = copy_of(CampaignState, "CampaignState", CampaignState.__doc__ or "",
                    extra=(("weather", str, ""),))
    assert state_format(grown) != STATE_FORMAT


def test_renaming_a_field_changes_the_checkpoint_format() -> None:
    renamed = copy_of(CampaignState, "CampaignState", CampaignState.__doc__ or "",
                      rename={"serial": "next_serial"})
    assert state_format(renamed) != STATE_FORMAT


def test_retyping_a_nested_field_changes_the_checkpoint_format() -> None:
    retyped = copy_of(Clock, "Clock", Clock.__doc__ or "", replace={"minutes": float})
    assert state_format(copy_of(CampaignState, "CampaignState", "",
                                replace={"clock": retyped})) != STATE_FORMAT
