"""The OpenAPI `Event`: a union of one envelope per event type, discriminated on `type`,
each naming the JSON Schema of its `data`, generated from the event Structs (the same
schemas `GET /v1/catalog/event-types` gives). State and event data share components."""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.domain.catalog.event_types import registered
from ledger.domain.state import CampaignState

REF = "#/components/schemas/{name}"


def variant_name(type_name: str) -> str:
    return f"{type_name}Event"


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """`value` with every `$ref` to a renamed component pointing at its new name."""
    if isinstance(value, dict):
        ref = value.get("$ref")
        if isinstance(ref, str) and ref.startswith(REF.format(name="")):
            old = ref[len(REF.format(name="")):]
            return {**value, "$ref": REF.format(name=names.get(old, old))}
        return {k: _renamed(v, names) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_renamed(v, names) for v in value]
    return value


def components(envelope: dict[str, Any], taken: set[str]) -> dict[str, Any]:
    """Every schema component: the state's, each event's data, one envelope per event type
    (`envelope` with `type` fixed and `data` its own), and `Event`, their union. A Struct
    whose name a request schema already has (`NewDay`) becomes `NewDayData`."""
    types = registered()
    refs, raw = msgspec.json.schema_components([CampaignState, *types.values()],
                                               ref_template=REF)
    names = {name: f"{name}Data" for name in raw if name in taken}
    found = {names.get(name, name): _renamed(schema, names) for name, schema in raw.items()}
    for new in names.values():  # generators name their models after the title
        found[new]["title"] = new
    refs = _renamed(refs, names)
    data_refs = dict(zip(types, refs[1:], strict=True))
    mapping = {}
    for name, data_ref in data_refs.items():
        variant = variant_name(name)
        if variant in found:
            raise ValueError(f"schema name {variant} is already a data schema")
        properties = dict(envelope["properties"], type={"type": "string", "enum": [name]},
                          data=data_ref)
        found[variant] = {**envelope, "properties": properties,
                          "description": f"A recorded {name} event; `data` is its current "
                                         "version (older versions are served as stored)."}
        mapping[name] = REF.format(name=variant)
    found["Event"] = {"oneOf": [{"$ref": ref} for ref in mapping.values()],
                      "discriminator": {"propertyName": "type", "mapping": mapping}}
    return found
