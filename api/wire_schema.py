"""The OpenAPI side of the wire shape (ledger/domain/wire_shape.py): state and answer
components show their collections as arrays and their fields under their wire names,
while event `data`, sent as recorded, keeps the recorded maps and names. The two shapes
of one Struct get two components: `Item` (as answers send it) and `ItemRecorded` (as
events hold it); a Struct whose shape does not change is one component shared by both.
"""

from __future__ import annotations

from typing import Any

import msgspec

from api.event_schemas import _renamed
from ledger.domain.wire_shape import collections_under

Schema = dict[str, Any]
RECORDED = "{}Recorded"


def _reachable(components: dict[str, Schema], roots: list[str]) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen or name not in components:
            continue
        seen.add(name)
        todo += _refs(components[name])
    return seen


def _refs(value: Any) -> list[str]:
    if isinstance(value, dict):
        found = [value["$ref"].rsplit("/", 1)[-1]] if isinstance(value.get("$ref"), str) else []
        return found + [r for v in value.values() for r in _refs(v)]
    if isinstance(value, list):
        return [r for v in value for r in _refs(v)]
    return []


def _as_array(schema: Schema, key: str, components: dict[str, Schema]) -> Schema:
    """`{type: object, additionalProperties: S}` as `{type: array, items: S}`, with the
    key as `id` when `S` has no `id` of its own."""
    items = schema.get("additionalProperties", {})
    target = components.get(items.get("$ref", "").rsplit("/", 1)[-1], {})
    if "id" not in target.get("properties", {"id": None}):
        items = {"allOf": [items, {"type": "object", "required": ["id"],
                                   "properties": {"id": {"type": key}}}]}
    kept = {k: v for k, v in schema.items()
            if k not in ("type", "additionalProperties", "propertyNames")}
    return kept | {"type": "array", "items": items} | ({"default": []} if "default" in kept else {})


def wire_components(components: dict[str, Schema], event_data: list[str],
                    roots: list[type[msgspec.Struct]]) -> dict[str, Schema]:
    """`components` with the state Structs under `roots` in their wire shape, and a
    `…Recorded` copy of each that event data (the components named `event_data`) holds."""
    differing = {name: fields for name, fields in collections_under(roots).items()
                 if name in components}
    recorded = _reachable(components, event_data) & set(differing)
    names = {name: RECORDED.format(name) for name in recorded}
    out = dict(components)
    for name in _reachable(components, event_data):
        out[name] = _renamed(components[name], names)
    for name in recorded:
        out[names[name]] = {**out[name], "title": names[name]}
    for name, (fields, names) in differing.items():
        schema = components[name]
        props: Schema = {}
        required = set(schema.get("required", []))
        for key, value in schema.get("properties", {}).items():
            shown = _as_array(value, fields[key], components) if key in fields else value
            outer, _, inner = names.get(key, key).partition(".")
            if inner:
                nested = props.setdefault(outer, {"type": "object", "required": [],
                                                  "properties": {}})
                nested["properties"][inner] = shown
                nested["required"].append(inner)
                required.discard(key)
                required.add(outer)
            else:
                props[outer] = shown
                if key in required:
                    required.discard(key)
                    required.add(outer)
        out[name] = {**schema, "properties": props,
                     **({"required": sorted(required)} if "required" in schema else {})}
    return out
