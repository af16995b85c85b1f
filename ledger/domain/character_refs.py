"""Naming a character in a request: by id, or by name when the name is unambiguous."""

from __future__ import annotations

from ledger.domain.errors import InvalidInput
from ledger.domain.sheet_names import fold
from ledger.domain.state import CampaignState


def resolve_character(state: CampaignState, ref: str, field: str) -> str:
    """The id of the character `ref` names: an id, or a name matched in any case.
    An unknown name, or one that several characters share, is a 422 listing the choices."""
    if ref in state.characters:
        return ref
    named = [c for c in state.characters.values() if fold(c.name) == fold(ref)]
    if len(named) == 1:
        return named[0].id
    if named:
        ids = [c.id for c in named]
        raise InvalidInput("ambiguous-character-name", f"{len(named)} characters are named "
                           f"{ref!r} ({', '.join(ids)}): give the id", field=field, allowed=ids)
    everyone = [f"{c.id} ({c.name})" for c in state.characters.values()]
    raise InvalidInput("unknown-character", f"no character with the id or name {ref!r}",
                       field=field, allowed=everyone)
