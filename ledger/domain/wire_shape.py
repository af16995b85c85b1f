"""The wire shape of state objects: every collection is a list of objects, each carrying
its id, in creation order (docs/decisions/002: only the wire changes; the state and the
stored events keep their maps).

Which fields are collections is read from the Structs' types, so an empty one is `[]`
too: a field typed `dict[K, S]` with `S` a Struct is sent as the list of its values; an
entry whose Struct has no `id` field gets its key as `id` (a roll keyed by its position,
an Effort pool by its name). Plain mappings (`abilities`, `skills`:
name -> number) stay objects: they are records of named values, not collections. Event
`data` is sent as recorded (its hash covers it): there the maps stay.

A few state fields are recorded under a name the API does not use for their concept (the
README's glossary): `WIRE_NAMES` gives their wire name, a dotted one nesting them
(`dice_epoch` is sent as `dice.epoch`, as the campaign summary has always shown it).
"""

from __future__ import annotations

import functools
import types
import typing
from typing import Any

import msgspec

# (Struct name, recorded field name) -> its wire name; "a.b" nests it in object `a`.
WIRE_NAMES: dict[tuple[str, str], str] = {
    ("CampaignState", "dice_epoch"): "dice.epoch",
    ("CampaignState", "dice_commitment"): "dice.commitment",
    ("Identification", "character"): "character_id",
    ("Study", "character"): "character_id",
    ("VoidedRange", "first"): "from",
    ("VoidedRange", "last"): "to",
}


@functools.cache
def encoded_fields(cls: type[msgspec.Struct]) -> tuple[tuple[str, str], ...]:
    """(name, encoded name) of each field: `msgspec.structs.fields` resolves the class's
    annotations on every call, which cost a `state?at=` a sixth of its time."""
    return tuple((f.name, f.encode_name) for f in msgspec.structs.fields(cls))


@functools.cache
def renamed(cls: type) -> dict[str, str]:
    """The recorded fields of `cls` the wire names otherwise: field -> wire name."""
    return {field: wire for (owner, field), wire in WIRE_NAMES.items() if owner == cls.__name__}


def _struct_in(tp: Any) -> type[msgspec.Struct] | None:
    """The Struct class `tp` is, or is an optional of."""
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return tp
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        found = [t for t in typing.get_args(tp) if t is not type(None)]
        return _struct_in(found[0]) if len(found) == 1 else None
    return None


@functools.cache
def _collections(cls: type[msgspec.Struct]) -> frozenset[str]:
    """The fields of `cls` typed as a map of Structs."""
    hints = typing.get_type_hints(cls)
    out = set()
    for field in msgspec.structs.fields(cls):
        tp = hints.get(field.name)
        if typing.get_origin(tp) is dict and _struct_in(typing.get_args(tp)[1]) is not None:
            out.add(field.name)
    return frozenset(out)


def _structs_under(tp: Any) -> list[type[msgspec.Struct]]:
    found = _struct_in(tp)
    if found is not None:
        return [found]
    return [s for arg in typing.get_args(tp) for s in _structs_under(arg)]


@functools.cache
def _has_collections(cls: type[msgspec.Struct], seen: frozenset[type] = frozenset()) -> bool:
    """Whether a collection is anywhere under `cls` (else msgspec encodes it as it is)."""
    if _collections(cls) or renamed(cls):
        return True
    inner = {s for tp in typing.get_type_hints(cls).values() for s in _structs_under(tp)}
    return any(_has_collections(s, seen | {cls}) for s in inner - seen - {cls})


def collections_under(roots: list[type[msgspec.Struct]],
                      ) -> dict[str, tuple[dict[str, str], dict[str, str]]]:
    """Class name -> ({collection field's encoded name: the JSON type of its keys},
    {renamed field: its wire name}), for every Struct under `roots` whose wire shape
    differs from the recorded one (in it or under it): what the OpenAPI document shows
    apart from event data."""
    out: dict[str, tuple[dict[str, str], dict[str, str]]] = {}
    seen: set[type] = set()
    todo = list(roots)
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        hints = typing.get_type_hints(cls)
        if _has_collections(cls):
            out[cls.__name__] = ({
                f.encode_name: "integer" if typing.get_args(hints[f.name])[0] is int else "string"
                for f in msgspec.structs.fields(cls) if f.name in _collections(cls)},
                renamed(cls))
        todo += [s for tp in hints.values() for s in _structs_under(tp)]
    return out


def _entry(key: Any, value: Any) -> Any:
    shown = wire(value)
    if isinstance(value, msgspec.Struct) and "id" not in value.__struct_fields__:
        return {"id": key, **(shown if isinstance(shown, dict) else msgspec.to_builtins(shown))}
    return shown


@functools.cache
def _plan(cls: type[msgspec.Struct]) -> tuple[tuple[str, str, str, bool], ...] | None:
    """How `wire` shows a Struct of `cls`: None when msgspec encodes it as it is, else for
    each field (name, wire name, inner wire name or "", whether it is a collection).
    Worked out once per class: every write's answer shows the state."""
    if not _has_collections(cls):
        return None
    maps, names = _collections(cls), renamed(cls)
    return tuple((name, *_nested(names.get(name, encoded)), name in maps)
                 for name, encoded in encoded_fields(cls))


def _nested(wire_name: str) -> tuple[str, str]:
    outer, _, inner = wire_name.partition(".")
    return outer, inner


_PLAIN = frozenset({str, int, float, bool, type(None)})


def wire(value: Any) -> Any:
    """`value` with every Struct in it as builtins, its maps of Structs as lists."""
    return _shown(value, True)


def named(value: Any) -> Any:
    """`value` as builtins under the wire's names (`dice.epoch`, a range's `from` and `to`),
    its maps of Structs kept as maps: what a diff of two states walks (the timeline's and
    replay's `changes`), whose paths address an entry by its id, as no list index would
    stay put. A newcomer's trial found `dice_commitment` and `{first, last}` there."""
    return _shown(value, False)


def _shown(value: Any, as_lists: bool) -> Any:
    if type(value) in _PLAIN:
        return value
    if isinstance(value, msgspec.Struct):
        plan = _plan(type(value))
        if plan is None:  # msgspec encodes it as it is
            return value if as_lists else msgspec.to_builtins(value)
        out: dict[str, Any] = {}
        for name, outer, inner, collection in plan:
            item = getattr(value, name)
            shown = ([_entry(k, v) for k, v in item.items()]
                     if as_lists and collection and isinstance(item, dict)
                     else _shown(item, as_lists))
            if inner:
                out.setdefault(outer, {})[inner] = shown
            else:
                out[outer] = shown
        return out
    if isinstance(value, dict):
        return {k: _shown(v, as_lists) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_shown(v, as_lists) for v in value]
    return value if as_lists else msgspec.to_builtins(value)
