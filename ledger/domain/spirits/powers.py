"""Spirit powers (CWN 6.2.8) and the constraints the text states about them.

- The powers listed in the rules are named in `powers`; an unknown name there is refused
  (a typo would otherwise pass as a power). The list is "simply the most common"; a
  rarer power the GM names goes in `rare_powers`, checked only for being taken once and
  for not being a listed one (an outside review of the readings found no way to name one).
- A power is taken at most once by a spirit.
- Ensnare, Violent Will, Mighty Form and Iron Eidolon need a Physical Form.
- Hideous Talons and Spirit of War need Violent Will.

The minimum character levels of "some powers" are not listed in the rules, so
they are not enforced (the GM rules on them).
"""

from __future__ import annotations

from ledger.domain.errors import InvalidInput, RuleViolation

POWERS = (
    "Airy Steps", "Artifice-Wise", "Aura of Destruction", "Curse", "Ensnare", "Favor",
    "Feral Pact", "Finned Swiftness", "Flesh of Clay", "Ghostly Presence", "Hideous Talons",
    "Iron Eidolon", "Merciful Hands", "Mighty Form", "Mislead", "Misty Form",
    "Mortal Disguise", "Myrmidon's Shield", "Namebearer", "Natural Immunity", "Poltergeist",
    "Skilled", "Spiderlegs", "Spirit of War", "Spirit Whispers", "Spirit's Eye",
    "Swift Pursuit", "Violent Will",
)
NEEDS_PHYSICAL_FORM = ("Ensnare", "Violent Will", "Mighty Form", "Iron Eidolon")
NEEDS_VIOLENT_WILL = ("Hideous Talons", "Spirit of War")
NAMEBEARER = "Namebearer"


def _key(name: str) -> str:
    return " ".join(name.replace("\u2019", "'").lower().split())


_BY_KEY = {_key(p): p for p in POWERS}


def canonical_power(name: str) -> str:
    """The rules' spelling of a power; any case and either apostrophe is accepted."""
    found = _BY_KEY.get(_key(name))
    if found is None:
        raise InvalidInput("unknown-spirit-power", f"{name!r} is not a spirit power of the rules "
                           f"({', '.join(POWERS)}; any case)", field="powers", allowed=POWERS,
                           catalog="spirit-powers")
    return found


def check_power_taken_once(powers: list[str], field: str = "powers") -> None:
    """No power twice, names compared as `canonical_power` reads them (any case)."""
    seen: set[str] = set()
    for power in powers:
        if _key(power) in seen:
            raise RuleViolation("spirit-power-taken-once",
                                f"{power} is taken twice; a power can be taken only once",
                                field=field)
        seen.add(_key(power))


def check_physical_form_powers(powers: list[str], form: str) -> None:
    if form == "physical":
        return
    for power in powers:
        if power in NEEDS_PHYSICAL_FORM:
            raise RuleViolation("spirit-power-needs-physical-form",
                                f"{power} can only be taken by a spirit in Physical Form",
                                field="powers")


def check_violent_will_powers(powers: list[str]) -> None:
    if "Violent Will" in powers:
        return
    for power in powers:
        if power in NEEDS_VIOLENT_WILL:
            raise RuleViolation("spirit-power-needs-violent-will",
                                f"{power} enhances Violent Will, which the spirit lacks",
                                field="powers")


def checked_powers(names: list[str], form: str) -> list[str]:
    """Canonical power names after every stated constraint; raises on the first broken one."""
    powers = [canonical_power(n) for n in names]
    check_power_taken_once(powers)
    check_physical_form_powers(powers, form)
    check_violent_will_powers(powers)
    return powers


def checked_rare_powers(names: list[str]) -> list[str]:
    """The GM's rarer powers, as named (trimmed): none a listed power, none twice."""
    rare = [" ".join(n.split()) for n in names]
    for name in rare:
        if _key(name) in _BY_KEY:
            raise InvalidInput("rare-power-is-listed", f"{name!r} is a power of the rules' "
                               "list: name it in powers", field="rare_powers")
    check_power_taken_once(rare, "rare_powers")
    return rare
