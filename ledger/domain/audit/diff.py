"""The state fields one command changed: a diff of two plain (builtins) states."""

from __future__ import annotations

from typing import Any

import msgspec

# Bookkeeping that changes with every event; never listed as a change.
SKIPPED = frozenset({"position", "head_hash", "recorded_at"})


class Change(msgspec.Struct, frozen=True):
    path: str
    before: Any
    after: Any


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[Change]:
    """Changed leaves, by dotted path. A key or list item that appears or disappears is
    one change holding the whole value, with None on the missing side."""
    out: list[Change] = []
    for key in _keys(before, after):
        if key not in SKIPPED:
            _walk(str(key), before.get(key), after.get(key), key in before, key in after, out)
    return out


def _keys(before: dict[str, Any], after: dict[str, Any]) -> list[Any]:
    return [*before, *(k for k in after if k not in before)]


def _walk(path: str, old: Any, new: Any, had: bool, has: bool, out: list[Change]) -> None:
    if had and has and isinstance(old, dict) and isinstance(new, dict):
        for key in _keys(old, new):
            _walk(f"{path}.{key}", old.get(key), new.get(key), key in old, key in new, out)
    elif had and has and isinstance(old, list) and isinstance(new, list):
        for index in range(max(len(old), len(new))):
            _walk(f"{path}.{index}", old[index] if index < len(old) else None,
                  new[index] if index < len(new) else None,
                  index < len(old), index < len(new), out)
    elif not had or not has or old != new or type(old) is not type(new):
        out.append(Change(path, old if had else None, new if has else None))
