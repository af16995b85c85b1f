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


@summarizes("RitualRerolled")
def _ritual_rerolled(d: dict[str, Any], names: Names) -> str:
    return (f"{names(d['character_id'])} spends {d.get('conviction', 1)} Conviction by Rituals "
            f"Grandmaster: {names(d['roller_id'])} rerolls the failed Ritual roll at "
            f"{d['roll_position']}")


@summarizes("ShamanMasterRerolled")
def _spirits_rerolled(d: dict[str, Any], names: Names) -> str:
    return (f"{names(d['character_id'])} rerolls the Spirits test at {d['roll_position']} by "
            "Shaman Master (once this encounter)")


@summarizes("NextTestModified")
def _next_test(d: dict[str, Any], names: Names) -> str:
    reason = f" ({d['reason']})" if d.get("reason") else ""
    by = "" if d["given_by"] == d["character_id"] else f" from {names(d['given_by'])}"
    return (f"{names(d['character_id'])}'s next test gets {d['modifier']:+d} by "
            f"{d['talent']}{by}{reason}")


@summarizes("NextTestModifiersUsed")
def _next_test_used(d: dict[str, Any], names: Names) -> str:
    return f"{names(d['character_id'])}'s waiting modifiers ({d['total']:+d}) went into the roll"


@summarizes("BacklashAvoided")
def _backlash_avoided(d: dict[str, Any], names: Names) -> str:
    reason = f" ({d['reason']})" if d.get("reason") else ""
    return (f"{names(d['character_id'])} avoids {d['amount']} Backlash by Wizard Apex for 1 "
            f"Conviction: temporary Backlash {d['before']} → {d['after']}{reason}")
