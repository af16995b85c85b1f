"""Imports every rule module once, so their event types and evolvers are registered (the
reactions are listed in ledger/reactions.py, in order).

Where to find a rule: each module's docstring names the rules it holds. Start
at campaign.py (settings), clock.py (sessions, scenes, days), characters.py
(sheets), resources.py (Mana, Conviction, Health), rolls.py and dice.py,
conditions.py, magic/ (Magic Tests, Backlash, Effort, spells, Strain),
items.py, spirits.py, stunts.py.
"""

from __future__ import annotations

import importlib
import pkgutil

import ledger

_SKIP = {"ledger.domain", "ledger.fold", "ledger.app", "ledger.cli", "ledger.wiring", "ledger.config"}


def _load_all() -> None:
    for module in pkgutil.walk_packages(ledger.__path__, "ledger."):
        name = module.name
        if name in _SKIP or name.startswith(("ledger.store", "ledger.tools")):
            continue
        importlib.import_module(name)


_load_all()
