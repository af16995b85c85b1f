"""Validation messages as `{field: [messages]}`, one dotted path per field.

Marshmallow nests its messages the way the schema nests (`{"health": {"_schema": [...]}}`,
`{"cyberware": {0: {"strain": [...]}}}`, `{"skills": {"Cast": {"value": [...]}}}`). A tool
author wants the field's path and what it expected, so nested messages are flattened to
dotted paths (`health`, `cyberware.0.strain`, `skills.Cast`) and marshmallow's bare
"Invalid input type." is replaced by the shape the field expects.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

AnyField = fields.Field[Any]
Node = AnyField | Schema | None  # where a message sits: a field, a nested schema, or unknown
BODY = "body"  # the path of an error about the whole body (not an object, say)
VAGUE = ("Invalid input type.", "Invalid type.")
SHAPES: tuple[tuple[type[AnyField], str], ...] = (
    (fields.Boolean, "a boolean (true or false)"),
    (fields.Integer, "an integer"),
    (fields.Number, "a number"),
    (fields.String, "a string"),
    (fields.List, "a list"),
    (fields.Dict, "an object"),
)


def names(schema: Schema) -> list[str]:
    """The field names a request may send, as sent (a field's data_key)."""
    return [f.data_key or name for name, f in schema.load_fields.items()]


def expected(field: Node) -> str | None:
    """What a field takes, in words: `an object {current, max}`, `a list`, ..."""
    if isinstance(field, fields.Nested):
        field = field.schema
    if isinstance(field, Schema):
        return "an object {" + ", ".join(names(field)) + "}"
    for kind, words in SHAPES:
        if isinstance(field, kind):
            return words
    return None


def _child(field: Node, key: Any) -> Node:
    if isinstance(field, fields.Nested):
        field = field.schema
    if isinstance(field, Schema):
        return next((f for name, f in field.load_fields.items()
                     if (f.data_key or name) == str(key)), None)
    if isinstance(field, fields.List):
        return field.inner
    if isinstance(field, fields.Dict):
        # Messages nest as {entry: {"value": [...]}}: the entry keeps the Dict for the next level.
        return {"value": field.value_field, "key": field.key_field}.get(key, field)
    return None


def _explained(text: str, field: Node,
               parent: Node) -> str:
    """Marshmallow's message, with the expected shape or the valid names it leaves out."""
    shape = expected(field)
    if text in VAGUE and shape:
        return f"{text} Expected {shape}."
    if isinstance(parent, fields.Nested):
        parent = parent.schema
    if text == "Unknown field." and isinstance(parent, Schema):
        return f"Unknown field. Valid fields: {', '.join(names(parent))}."
    return text


def flatten(messages: Any, schema: Schema | None = None) -> dict[str, list[str]]:
    """`{dotted.path: [messages]}` from marshmallow's nested messages."""
    out: dict[str, list[str]] = {}

    def walk(node: Any, path: list[str], field: Node,
             parent: Node = None) -> None:
        if isinstance(node, dict):
            for key, sub in node.items():
                if key == "_schema":
                    walk(sub, path, field, parent)
                elif isinstance(field, fields.Dict) and key in ("value", "key") and path:
                    # Inside a Dict's entry: the path stays the entry's own key.
                    walk(sub, path, _child(field, key), field)
                else:
                    walk(sub, [*path, str(key)], _child(field, key), field)
            return
        texts = node if isinstance(node, list) else [node]
        out.setdefault(".".join(path) or BODY, []).extend(
            _explained(str(t), field, parent) for t in texts)

    walk(messages, [], schema)
    return out
