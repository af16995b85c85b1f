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


@summarizes("TalentSuccess")
def _talent_success(d: dict[str, Any], names: Names) -> str:
    talent = d["talent"].replace("-", " ").title()
    test = d["ability"] + (f" ({d['focus']})" if d.get("focus") else "")
    tn = f" against TN {d['tn']}" if d.get("tn") is not None else ""
    paid = f" for {d['conviction']} Conviction" if d.get("conviction") else ""
    return f"{names(d['character_id'])} succeeds at {test}{tn} by {talent}{paid}, without rolling"


@summarizes("DamageAvoided")
def _damage_avoided(d: dict[str, Any], names: Names) -> str:
    reason = f" ({d['reason']})" if d.get("reason") else ""
    return (f"{names(d['character_id'])} avoids {d['amount']} {d['damage_type']} damage"
            f"{reason} by Adventurer Grandmaster, for {d['conviction']} Conviction")


@summarizes("ConvictionSpentForAlly")
def _conviction_for_ally(d: dict[str, Any], names: Names) -> str:
    reason = f" ({d['reason']})" if d.get("reason") else ""
    return (f"{names(d['character_id'])} spends {d['amount']} Conviction on "
            f"{names(d['ally_id'])}'s behalf by Leader Apex{reason}")
