"""Text no store can hold is refused at the edge, wherever the request carries it.

A lone surrogate ("\\ud800", which JSON can escape) is not Unicode: UTF-8 cannot encode it,
so neither store nor the answer can. PostgreSQL refuses a NUL character. Bytes that are
not UTF-8 are not text. One `before_request` hook checks the path parameters, the query
string, the headers and the JSON body (keys and values, at any depth) and answers 422
`invalid-text` naming each field, before any route or schema sees the request.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote_to_bytes

from flask import Response, request

from api.errors import problem

# Only a body holding one of these can decode to a NUL or a lone surrogate.
_SUSPECT_ESCAPE = re.compile(rb"\\u(?:0000|[dD][89a-fA-F])")


def flaw(text: str) -> str | None:
    """What makes `text` unstorable, or None."""
    if "\x00" in text:
        return "contains a NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "contains a lone surrogate, which is not Unicode text"
    return None


def raw_flaw(data: bytes) -> str | None:
    try:
        return flaw(data.decode("utf-8"))
    except UnicodeDecodeError:
        return "is not UTF-8"


def shown(name: str) -> str:
    """A field name safe to put in the answer, escaped when it is itself the flaw."""
    return name if flaw(name) is None else name.encode("unicode_escape").decode("ascii")


def json_flaws(value: Any, path: str, found: dict[str, str]) -> None:
    if isinstance(value, str):
        if (why := flaw(value)) is not None:
            found[path or "body"] = why
    elif isinstance(value, dict):
        for key, item in value.items():
            if (why := flaw(key)) is not None:
                found[path or "body"] = f"has a key that {why}"
            json_flaws(item, f"{path}.{shown(key)}" if path else shown(key), found)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            json_flaws(item, f"{path}.{index}" if path else str(index), found)


def query_flaws(found: dict[str, str]) -> None:
    for pair in request.query_string.split(b"&"):
        name, _, value = pair.partition(b"=")
        raw_name, raw_value = (unquote_to_bytes(part.replace(b"+", b" ")) for part in (name, value))
        field = shown(raw_name.decode("utf-8", "backslashreplace"))
        for part in (raw_name, raw_value):
            if (why := raw_flaw(part)) is not None:
                found[field] = why


def body_flaws(found: dict[str, str]) -> None:
    if not request.is_json:
        return
    data = request.get_data(cache=True)  # already read, under its limits, by limits.guard_body
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        found["body"] = "is not UTF-8"
        return
    if "\x00" not in text and not _SUSPECT_ESCAPE.search(data):
        return  # the usual case: nothing in it can decode to a flaw, so no second parse
    try:
        parsed = json.loads(text)
    except ValueError:
        return  # not JSON: the route's parser answers 400
    json_flaws(parsed, "", found)


def raw_path() -> bytes:
    """The path's bytes as sent: werkzeug's decoded path has replaced what is not UTF-8."""
    environ = request.environ
    uri = environ.get("RAW_URI") or environ.get("REQUEST_URI")
    if uri is None:
        return str(environ.get("PATH_INFO", "")).encode("latin-1", "replace")  # WSGI's latin-1
    return unquote_to_bytes(str(uri).partition("?")[0].encode("latin-1", "replace"))


def guard_text() -> Response | None:
    found: dict[str, str] = {}
    if raw_flaw(raw_path()) == "is not UTF-8":  # a NUL is named by its parameter below
        found["path"] = "is not UTF-8"
    for name, value in (request.view_args or {}).items():
        if isinstance(value, str) and (why := flaw(value)) is not None:
            found[name] = why
    query_flaws(found)
    for name, value in request.headers.items():
        if (why := flaw(value)) is not None:
            found[shown(name)] = why
    body_flaws(found)
    if not found:
        return None
    return problem(422, "invalid-text", "Text that cannot be stored",
                   "Fields hold text that cannot be stored: " + ", ".join(sorted(found)),
                   errors={field: [why] for field, why in found.items()})
