"""The data shape of a state type: all that a stored checkpoint's bytes depend on.

It names each field as stored, with its type, nesting, constraints and the struct
options that change the encoding. It never names a class or quotes a docstring, so
renaming, moving or documenting a state class leaves every stored checkpoint
readable, while adding, renaming or retyping a field changes the shape
(docs/decisions/005-histories-outlive-code.md).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import msgspec
import msgspec.inspect as mi

_RECORDS = (mi.StructType, mi.DataclassType, mi.TypedDictType, mi.NamedTupleType)


def data_shape(tp: Any) -> Any:
    """A JSON value describing how values of `tp` are stored."""
    return _describe(mi.type_info(tp), ())


def shape_digest(tp: Any) -> str:
    text = json.dumps(data_shape(tp), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _describe(t: mi.Type, within: tuple[type, ...]) -> Any:
    if isinstance(t, mi.Metadata):
        return _describe(t.type, within)  # its extras are documentation only
    if isinstance(t, mi.EnumType):
        return {"kind": "enum", "values": sorted((m.value for m in t.cls), key=repr)}
    if isinstance(t, _RECORDS):
        return _record(t, within)
    described: dict[str, Any] = {"kind": type(t).__name__}
    for name in t.__struct_fields__:
        value = getattr(t, name)
        if name == "cls":
            raise TypeError(f"no stored shape is known for {value!r}: describe it here first")
        described[name] = _value(value, within)
    if isinstance(t, (mi.UnionType, mi.LiteralType)):  # member order does not change decoding
        key = "types" if isinstance(t, mi.UnionType) else "values"
        described[key] = sorted(described[key], key=lambda v: json.dumps(v, sort_keys=True))
    return described


def _value(value: Any, within: tuple[type, ...]) -> Any:
    if isinstance(value, mi.Type):
        return _describe(value, within)
    if isinstance(value, tuple):
        return [_value(v, within) for v in value]
    return value


def _record(t: Any, within: tuple[type, ...]) -> Any:
    if t.cls in within:  # a recursive type: how many levels up it repeats
        return {"kind": "recursive", "up": len(within) - within.index(t.cls)}
    inside = (*within, t.cls)
    config = getattr(t.cls, "__struct_config__", None)
    omit_defaults = bool(config and config.omit_defaults)
    fields = {f.encode_name: _field(f, inside, omit_defaults) for f in t.fields}
    shape: dict[str, Any] = {"kind": "record", "fields": fields}
    if isinstance(t, mi.StructType):
        shape.update(tag_field=t.tag_field, tag=t.tag, array_like=t.array_like,
                     forbid_unknown_fields=t.forbid_unknown_fields, omit_defaults=omit_defaults)
        if t.array_like:
            shape["order"] = [f.encode_name for f in t.fields]
    return shape


def _field(f: mi.Field, within: tuple[type, ...], omit_defaults: bool) -> Any:
    described = {"type": _describe(f.type, within), "required": f.required}
    if omit_defaults and not f.required:  # an omitted value decodes as this default
        default = f.default if f.default is not msgspec.NODEFAULT else f.default_factory()
        described["default"] = msgspec.to_builtins(default)
    return described
