"""Spirit forms and powers: the tables of ledger/domain/spirits/summoning.py and powers.py,
and summoning costs asked of `summoning_cost` itself."""

from __future__ import annotations

from typing import Any

from ledger.domain.catalog.registry import catalogue
from ledger.domain.spirits.control import COMPEL_DIFFICULTY
from ledger.domain.spirits.powers import NAMEBEARER, NEEDS_PHYSICAL_FORM, NEEDS_VIOLENT_WILL, POWERS
from ledger.domain.spirits.summoning import (
    FORM_MIN_LEVEL,
    FORMS,
    MODES,
    NAMEBEARER_HP_PER_HIT_DIE,
    summoning_cost,
)
from ledger.domain.state import Settings

COST_EXAMPLES = range(0, 6)  # powers taken, for the cost table below


@catalogue("spirit-forms", "Spirit forms, form levels with the character level each needs, "
           "summoning modes and their Summoner Effort cost")
def spirit_forms(settings: Settings) -> list[dict[str, Any]]:
    levels = [{"form_level": level, "min_character_level": needed}
              for level, needed in FORM_MIN_LEVEL.items()]
    costs = {mode: [{"powers": n, "summon_skill": skill, "effort": summoning_cost(mode, n, skill)}
                    for n in COST_EXAMPLES for skill in (0, 1, 2)] for mode in MODES}
    return [{"name": form, "form_levels": levels, "modes": list(MODES),
             "powers_allowed": [p for p in POWERS if form == "physical" or
                                p not in NEEDS_PHYSICAL_FORM],
             "summoning_cost": costs} for form in FORMS]


@catalogue("spirit-powers", "Spirit powers with their prerequisites and what each adds to "
           "the summoning cost", rules={
               "cost": "each power adds 1 to the spirit's summoning cost (see spirit-forms "
                       "summoning_cost)",
               "taken_once": "a power is taken at most once by a spirit",
               "namebearer": f"a Namebearer gains {NAMEBEARER_HP_PER_HIT_DIE} hit points per "
                             "hit die and can be summoned again once gone",
               "compel_difficulty": ", ".join(f"{k} TN {v}" for k, v in COMPEL_DIFFICULTY.items()),
           })
def spirit_powers(settings: Settings) -> list[dict[str, Any]]:
    entries = []
    for power in POWERS:
        needs = []
        if power in NEEDS_PHYSICAL_FORM:
            needs.append({"form": "physical"})
        if power in NEEDS_VIOLENT_WILL:
            needs.append({"power": "Violent Will"})
        entries.append({"name": power, "prerequisites": needs, "adds_to_cost": 1,
                        "namebearer": power == NAMEBEARER})
    return entries
