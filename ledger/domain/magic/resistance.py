"""Resistance (002): the named factors the rules list, and the automatic Backlash over 5.

Only the factors the text gives, with its values. Anything else the GM judges
is a plain number added to them. The text says Resistance for missing casting
elements "may increase for each element missing", so that factor may be named
once per missing element; every other factor counts once.
"""

from __future__ import annotations

from collections import Counter

from ledger.domain.errors import InvalidInput
from ledger.domain.state import Settings

AUTO_BACKLASH_ABOVE = 5
REPEATABLE = frozenset({"missing-casting-elements"})

FACTORS: dict[str, int] = {
    # +1
    "protected-area": 1,  # blessed or protected (salt circles, horseshoes...) vs a Weakness
    "someone-has-reason-against": 1,  # someone nearby has good reason it should not work
    "witness-knows-impossible": 1,  # a witness knows the feat is all but impossible
    "faster-casting": 1,  # casting one step faster than usual
    "missing-casting-elements": 1,  # each tool, gesture, word or component witnesses expect
    # -1
    "appropriate-area": -1,  # ghosts in a cemetery, martial arts in a dojo
    "impressive-mundane-feat": -1,  # adds effect to a mundane feat
    "someone-has-reason-for": -1,  # someone nearby has a reason for it to work
    # +2
    "disbelieving-witnesses": 2,  # several (up to five) witnesses disbelieve or want it to fail
    "ritual-against-witnesses": 2,  # an extensive ritual against the witnesses' wishes
    "weakness-protections": 2,  # maintained protections against supernaturals' Weaknesses
    # -2
    "supporting-people": -2,  # several (up to five) people want it to work
    "builds-on-mundane-effect": -2,  # e.g. a bullet exploding a tank of gas
    "primed-area": -2,  # enchanted area, a temple with a divine spirit, a wizard's study
    # -3
    "believable-excuse": -3,  # several steps set up a believable excuse
    "praying-group": -3,  # a group (5-25) praying for exactly this help
    # +3
    "strains-belief": 3,  # something from nothing, full-body transformation in public
    "opposing-group": 3,  # a group (about 5-25) actively against it
    # -4
    "large-scale-effort": -4,  # a theatrical show, days of work in a shop with assistants
    "believing-crowd": -4,  # 25-50+ people want it and have reason to think it works
    # +4
    "shatters-reality": 4,  # large gateways to other realms, a rabbit into a dragon
    "opposing-crowd": 4,  # 25-50+ people want it to fail
}


def check_factors(factors: list[str]) -> None:
    for name in factors:
        if name not in FACTORS:
            raise InvalidInput("unknown-resistance-factor",
                               f"{name!r} is not a Resistance factor of the rules",
                               field="resistance_factors")
    repeated = [n for n, count in Counter(factors).items() if count > 1 and n not in REPEATABLE]
    if repeated:
        raise InvalidInput("resistance-factor-counted-once",
                           f"{repeated[0]!r} counts once", field="resistance_factors")


def resistance_total(factors: list[str], extra: int) -> int:
    """The named factors' values plus any other Resistance the GM sets as a number."""
    check_factors(factors)
    return sum(FACTORS[name] for name in factors) + extra


def automatic_backlash(resistance: int, settings: Settings, override: int | None) -> int:
    """1 Backlash per point of Resistance over 5 when the campaign says so; the GM may override."""
    if override is not None:
        return override
    if not settings.auto_backlash_over_resistance_5:
        return 0
    return max(0, resistance - AUTO_BACKLASH_ABOVE)
