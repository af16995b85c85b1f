"""Summaries of what talents record: "Mara's Warrior Novice adds 5 Health: Health 10/10 → 15/15"."""

from __future__ import annotations

from typing import Any

from ledger.domain.audit.summaries import Names, summarizes


@summarizes("TalentHealthChanged")
def _talent_health(d: dict[str, Any], names: Names) -> str:
    change = "adds" if d["bonus"] else "no longer adds"
    amount = d["bonus"] or d["bonus_before"]
    return (f"{names(d['character_id'])}'s {d['talent']} {change} {amount} Health: Health "
            f"{d['current_before']}/{d['max_before']} → {d['current_after']}/{d['max_after']}")
