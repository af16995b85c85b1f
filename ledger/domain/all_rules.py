"""Imports every rule module once, so their event types and evolvers are registered (the
reactions are listed in ledger/domain/reactions.py, in order).

Where to find a rule: each module's docstring names the rules it holds. Start
at campaign.py (settings), clock.py (sessions, scenes, days), characters.py
(sheets), resources.py (Mana, Conviction, Health), rolls/ and dice.py,
conditions/, magic/ (Magic Tests, Backlash, Effort, spells, Strain),
items/, spirits/, stunts/. The map of the whole ledger: docs/decisions/006-ledger-layout.md.
"""

from __future__ import annotations

import importlib
import pkgutil

import ledger.domain

# The fold imports this module; walking into it again would import it twice.
_SKIP = {"ledger.domain.all_rules", "ledger.domain.fold"}


def _load_all() -> None:
    for module in pkgutil.walk_packages(ledger.domain.__path__, "ledger.domain."):
        if module.name not in _SKIP:
            importlib.import_module(module.name)


_load_all()
