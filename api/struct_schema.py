"""Marshmallow request schemas generated from the command Structs (ledger/), never written
again: marshmallow stays the HTTP layer (flask-smorest parses, documents and answers 422
with `errors: {field: [...]}`), the Struct is the one declaration of the shape.

Bounds (msgspec Meta ge/le, min/max length), nullability, defaults, descriptions and an
`enum` given in `extra_json_schema` carry over, and a `range_error` in `Meta(extra=...)`
words the 422 of a bound broken; nested Structs become nested schemas, maps
become `Dict`s. A field defaulting to `UNSET` has no default: left out, it stays out (a
field that may be left out but not sent as null is typed `T | UnsetType = UNSET`).
Unknown fields are refused, as the Struct's `forbid_unknown_fields` says.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
from marshmallow import RAISE, Schema, ValidationError, fields, validate
from msgspec import inspect

_cache: dict[tuple[type, tuple[str, ...]], type[Schema]] = {}


class Bounds(validate.Range):
    """A range whose 422 names the side broken: "Must be greater than or equal to 1." for a
    0, not both bounds, since the upper one is often the stores' integer width."""

    def __call__(self, value: Any) -> Any:
        if self.error is None and self.min is not None and self.max is not None:
            if value < self.min:
                raise ValidationError(self._format_error(value, self.message_min))
            if value > self.max:
                raise ValidationError(self._format_error(value, self.message_max))
        return super().__call__(value)


class QueryInt(fields.Integer):
    """A query parameter's integer: ASCII digits (an optional minus) only. int() also read
    `1_0` as 10, `+1`, ` 1` and other scripts' digits (an outside attack)."""

    _DIGITS = re.compile(r"-?[0-9]{1,19}")

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and not self._DIGITS.fullmatch(value):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class LateRequiredInt(QueryInt):
    """A required query integer that the parser lets be absent: the operation checks it after
    the caller's token (422 `field-required`), so a caller without access learns nothing
    from a 422 first. The OpenAPI document still says required (`required_in_document`)."""


def required_in_document(converter: Any, field: fields.Field[Any], **kwargs: Any) -> dict[str, Any]:
    """apispec's parameter hook (bound to its converter): a `LateRequiredInt` is documented
    as required."""
    return {"required": True} if isinstance(field, LateRequiredInt) else {}


def _range(t: inspect.IntType | inspect.FloatType, error: str | None) -> list[validate.Validator]:
    low = t.ge if t.ge is not None else (t.gt + 1 if t.gt is not None else None)
    high = t.le if t.le is not None else (t.lt - 1 if t.lt is not None else None)
    return [Bounds(min=low, max=high, error=error)] if (low, high) != (None, None) else []


def _length(t: Any) -> list[validate.Validator]:
    if t.min_length is None and t.max_length is None:
        return []
    return [validate.Length(min=t.min_length, max=t.max_length)]


def _field(t: Any, options: dict[str, Any]) -> fields.Field[Any]:
    """The marshmallow field for msgspec type `t`; `options` gathers metadata on the way."""
    if isinstance(t, inspect.Metadata):
        extra = t.extra_json_schema or {}
        if "description" in extra:
            options.setdefault("metadata", {})["description"] = extra["description"]
        if "enum" in extra:
            options.setdefault("validate", []).append(validate.OneOf(extra["enum"]))
        if t.extra and "range_error" in t.extra:  # the 422's words for a bound broken
            options["range_error"] = t.extra["range_error"]
        return _field(t.type, options)
    if isinstance(t, inspect.UnionType):
        kinds = [k for k in t.types if not isinstance(k, inspect.NoneType)]
        if len(kinds) != 1:
            raise TypeError(f"no marshmallow field for the union {t}")
        options["allow_none"] = True
        return _field(kinds[0], options)
    checks = options.pop("validate", [])
    error = options.pop("range_error", None)
    if isinstance(t, inspect.IntType):
        return fields.Integer(strict=True, validate=checks + _range(t, error), **options)
    if isinstance(t, inspect.StrType):
        return fields.String(validate=checks + _length(t), **options)
    if isinstance(t, inspect.FloatType):
        return fields.Float(validate=checks + _range(t, error), **options)
    if isinstance(t, inspect.BoolType):
        return fields.Boolean(validate=checks, **options)
    if isinstance(t, inspect.DictType):
        return fields.Dict(keys=_field(t.key_type, {}), values=_field(t.value_type, {}),
                           validate=checks + _length(t), **options)
    if isinstance(t, inspect.AnyType):
        return fields.Raw(allow_none=True, validate=checks, **options)
    if isinstance(t, inspect.ListType):
        return fields.List(_field(t.item_type, {}), validate=checks + _length(t), **options)
    if isinstance(t, inspect.DictType):
        return fields.Dict(keys=_field(t.key_type, {}), values=_field(t.value_type, {}),
                           validate=checks + _length(t), **options)
    if isinstance(t, inspect.AnyType):
        return fields.Raw(validate=checks, **{"allow_none": True, **options})
    if isinstance(t, inspect.StructType):
        return fields.Nested(schema_for(t.cls), validate=checks, **options)
    if isinstance(t, inspect.LiteralType):
        return fields.Raw(validate=[*checks, validate.OneOf(list(t.values))], **options)
    raise TypeError(f"no marshmallow field for {t}")


def schema_for(struct: type[msgspec.Struct], skip: tuple[str, ...] = ()) -> type[Schema]:
    """The request schema of `struct`, without the fields in `skip` (those the path fills)."""
    known = _cache.get((struct, skip))
    if known is not None:
        return known
    info = inspect.type_info(struct)
    assert isinstance(info, inspect.StructType)
    declared: dict[str, Any] = {}
    for field in info.fields:
        if field.name in skip:
            continue
        # A renamed field (`class`) keeps its wire name when loaded, as msgspec converts it.
        options: dict[str, Any] = {"data_key": field.encode_name,
                                   "attribute": field.encode_name} \
            if field.encode_name != field.name else {}
        if field.required:
            options["required"] = True
        elif field.default_factory is not msgspec.NODEFAULT:
            options["load_default"] = field.default_factory
        elif field.default is msgspec.NODEFAULT:
            pass  # an UNSET default: left out stays out; null only if the type allows it
        else:
            options["load_default"] = field.default
        declared[field.name] = _field(field.type, options)

    class Meta:
        unknown = RAISE

    name = struct.__name__ + ("In" if not skip else "Body")
    schema = type(name, (Schema,), {**declared, "Meta": Meta})
    _cache[(struct, skip)] = schema
    return schema
