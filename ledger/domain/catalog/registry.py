"""The catalogue registry: each catalogue is a function of the campaign's settings that
reads the tables the rules code itself uses, so a catalogue can never disagree with the
rule it describes (docs/catalog.md). No values are written here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from ledger.domain.errors import DomainError
from ledger.domain.state import Settings

Entries = Callable[[Settings], list[dict[str, Any]]]
Tables = Callable[[Settings], dict[str, Any]]


class Catalogue(msgspec.Struct, frozen=True):
    name: str
    description: str
    entries: Entries
    # The campaign settings whose values change this catalogue's entries.
    settings: tuple[str, ...] = ()
    # The rules that apply to every entry, each built from the constants the code uses.
    rules: dict[str, str] = msgspec.field(default_factory=dict)
    # Figures that are no single entry's (a cost table, a setting's effect), by name.
    tables: Tables | None = None


CATALOGUES: dict[str, Catalogue] = {}


def catalogue(name: str, description: str, settings: tuple[str, ...] = (),
              rules: dict[str, str] | None = None,
              tables: Tables | None = None) -> Callable[[Entries], Entries]:
    def wrap(fn: Entries) -> Entries:
        CATALOGUES[name] = Catalogue(name, description, fn, settings, dict(rules or {}), tables)
        return fn

    return wrap


class UnknownCatalogue(DomainError):
    """A catalogue name that does not exist: 404, listing the valid names."""

    kind = "not-found"

    def __init__(self, name: str) -> None:
        super().__init__("unknown-catalog",
                         f"No catalogue named {name!r}; catalogues: {', '.join(names())}.",
                         field="name", allowed=names())


def names() -> list[str]:
    return sorted(CATALOGUES)


def build(name: str, settings: Settings | None = None) -> dict[str, Any]:
    """One catalogue's answer: its entries under the given (or default) settings, and the
    values of the settings that shaped them."""
    found = CATALOGUES.get(name)
    if found is None:
        raise UnknownCatalogue(name)
    used = settings or Settings()
    return {"catalog": found.name, "description": found.description,
            "settings": {key: getattr(used, key) for key in found.settings},
            "rules": found.rules, "tables": found.tables(used) if found.tables else {},
            "entries": found.entries(used)}


def listing() -> list[dict[str, Any]]:
    return [{"name": c.name, "description": c.description, "settings": list(c.settings)}
            for c in sorted(CATALOGUES.values(), key=lambda c: c.name)]


def entry_link(name: str) -> str:
    """Where a refusal of an unknown name points: the catalogue of valid names."""
    return f"/v1/catalog/{name}"
