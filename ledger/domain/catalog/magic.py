"""Magic catalogues: Resistance factors, careful-magic options, spells with their Effort
and Strain rules, Consequence categories. Every figure is asked of the rule functions of
ledger/magic/ (a cost, a TN, a Strain), never restated."""

from __future__ import annotations

from typing import Any

from ledger.domain.catalog.registry import catalogue
from ledger.domain.errors import DomainError
from ledger.domain.magic.consequence_roll import CONSEQUENCE_TN_BASE, SEVERITIES, category_of, severity_of
from ledger.domain.magic.effort import COMMANDABLE
from ledger.domain.magic.resistance import AUTO_BACKLASH_ABOVE, FACTORS, REPEATABLE, automatic_backlash
from ledger.domain.magic.spell_rules import (
    EFFECTS_WITH_STRAIN,
    FREE,
    PREPARED_MORE_THAN_ONCE,
    SPELLS,
    caster_strain,
    check_duration,
    check_once_per_scene,
    effect_strain,
    effort_cost,
    target_strain,
)
from ledger.domain.magic.test import CAREFUL, TN_FLOOR, MagicTestRequest, target_number
from ledger.domain.state import Settings

DIE_FACES = range(1, 7)


def _resistance_tables(settings: Settings) -> dict[str, Any]:
    return {"automatic_backlash_by_resistance": {
        str(r): automatic_backlash(r, settings, None) for r in range(AUTO_BACKLASH_ABOVE, 11)}}


@catalogue("resistance-factors", "Resistance factors of the rules and what each adds",
           settings=("auto_backlash_over_resistance_5",), tables=_resistance_tables,
           rules={"automatic_backlash": f"1 Backlash per point of Resistance over "
                                        f"{AUTO_BACKLASH_ABOVE}, when the campaign setting "
                                        "auto_backlash_over_resistance_5 is on; the GM may "
                                        "override it per test",
                  "other_resistance": "anything else the GM judges is a plain number"})
def resistance_factors(settings: Settings) -> list[dict[str, Any]]:
    return [{"name": name, "resistance": value, "repeatable": name in REPEATABLE}
            for name, value in FACTORS.items()]


@catalogue("careful-magic", "Careful-magic options and how much each lowers a Magic Test's TN",
           rules={"floor": f"careful magic never lowers the TN below {TN_FLOOR}, and applies "
                           "after the trade and Resistance"})
def careful_magic(settings: Settings) -> list[dict[str, Any]]:
    high = TN_FLOOR + 10  # far above the floor, so the option's own effect shows
    return [{"name": option, "tn_reduction": target_number(
        MagicTestRequest(base_tn=high, careful=[option]), 0).careful_applied}
            for option in CAREFUL]


def _allowed(check: Any, *args: Any) -> bool:
    try:
        check(*args)
    except DomainError:
        return False
    return True


def _spell(spell: str) -> dict[str, Any]:
    cost = effort_cost(spell, None)
    entry: dict[str, Any] = {
        "name": spell, "effort": cost, "effort_may_be_raised": spell not in FREE,
        "durations": [d for d in COMMANDABLE if _allowed(check_duration, spell, d, 0, cost)]
        if cost else [],
        "durations_after_first_cast_in_scene":
            [d for d in COMMANDABLE if _allowed(check_duration, spell, d, 1, cost)] if cost else [],
        "once_per_scene_unless_overcast": not _allowed(check_once_per_scene, spell, 1, False),
        "prepared_more_than_once": spell in PREPARED_MORE_THAN_ONCE,
        "caster_strain": {"first_cast_in_scene": caster_strain(spell, 0),
                          "each_later_cast_in_scene": caster_strain(spell, 1)},
        "target_strain_by_duration": {d: target_strain(spell, d) for d in COMMANDABLE},
        "effect_strain_by_use_that_day": None,
    }
    if spell in EFFECTS_WITH_STRAIN:
        entry["effect_strain_by_use_that_day"] = [effect_strain(spell, n) for n in range(4)]
    return entry


@catalogue("spells", "Spells of the list with the Effort they commit, for how long, and "
           "the Strain they add", rules={
               "other_spells": "a spell not on the list (private research) commits 1 Effort "
                               "or the amount given, for the duration named",
               "effort": "effort is the default commitment; the caster may commit more "
                         "where effort_may_be_raised"})
def spells(settings: Settings) -> list[dict[str, Any]]:
    return [_spell(spell) for spell in SPELLS]


@catalogue("consequence-categories", "Consequence categories and General severities by the "
           "die drawn, with the Backlash each General severity costs",
           rules={"consequence_roll": f"magic ability against TN {CONSEQUENCE_TN_BASE} + total "
                                      "Backlash; no focus, no Stunt Points"})
def consequence_categories(settings: Settings) -> list[dict[str, Any]]:
    entries: dict[str, dict[str, Any]] = {}
    for die in DIE_FACES:
        entries.setdefault(category_of(die), {"name": category_of(die), "dice": [],
                                              "severities": []})["dice"].append(die)
    severities: dict[str, dict[str, Any]] = {}
    for die in DIE_FACES:
        name = severity_of(die)
        severities.setdefault(name, {"name": name, "dice": [], "backlash_cost": SEVERITIES[name]})
        severities[name]["dice"].append(die)
    entries["general"]["severities"] = list(severities.values())
    return list(entries.values())
