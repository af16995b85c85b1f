"""A request body is JSON, read exactly: nothing sent is ignored, and no body is a 500.

- A body sent to the JSON API as anything but JSON is a 415. webargs reads such a body as
  absent, so a command whose fields are all optional (or that has none) ran without it.
  So is one declared in a charset other than UTF-8, since it is read as UTF-8.
- An object that names a key twice is a 422 `duplicate-key`: `json.loads` kept the last
  value and dropped the first without a word.
- A body is UTF-8 JSON without a byte-order mark (RFC 8259, 8.1): read as bytes, it was
  also read as UTF-16 or UTF-32, past the text checks. Anything else is the 400 of any
  malformed JSON (or 422 `invalid-text` for bytes that are not UTF-8).
- A number `json.loads` refuses to read (an integer past Python's 4,300 digits) is the 400
  of any malformed JSON; it was a 500 on every write, with or without a token.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Flask, request
from flask_smorest.arguments import ArgumentsMixin
from webargs import core

from api.errors import ApiError
from ledger.domain.chain import DuplicateKey, unique_keys

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# A charset a body may declare: it is read as UTF-8 whatever it says, so a body declared as
# another (an outside attack sent Latin-1 and UTF-16) was read otherwise than meant.
UTF_8 = frozenset({"utf-8", "utf8"})


def declared_charsets(content_type: str) -> list[str]:
    """Every charset the header names, lower-cased and unquoted, read from its raw text:
    werkzeug's parse dropped an unbalanced quote, an empty value and a second charset (a
    second attack sent `charset="latin1`, `charset=` and `charset=utf-8, charset=latin1`)."""
    found = []
    for part in content_type.split(";")[1:]:
        name, equals, value = part.partition("=")
        if equals and name.strip().lower() == "charset":
            found.append(value.strip().strip('"').strip().lower().replace("_", "-"))
    return found


def load_body(data: bytes) -> Any:
    """The body as JSON. Raises ApiError for a key given twice, and json.JSONDecodeError
    (which webargs answers with its 400) for anything json.loads cannot read."""
    try:
        # As UTF-8 text, which the text checks read (api/text_guard.py): json.loads of the
        # bytes would also read UTF-16, UTF-32 and a byte-order mark, past those checks
        # (an outside attack: 500s, and a NUL recorded). Such a body is not JSON here.
        return json.loads(data.decode("utf-8"), object_pairs_hook=unique_keys)
    except DuplicateKey as exc:
        raise ApiError(422, "duplicate-key", f"The body names {exc.key!r} twice; send it once.",
                       errors={exc.key: ["given twice"]}) from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # e.g. an integer too long to convert
        raise json.JSONDecodeError(str(exc), data.decode("utf-8", "replace"), 0) from None


def install(app: Flask) -> None:
    parser = ArgumentsMixin.ARGUMENTS_PARSER

    def raw_load_json(req: Any) -> Any:
        # The parser flask-smorest's views were decorated with, so its one loader is set here.
        if not req.is_json:
            return core.missing
        return load_body(req.get_data(cache=True))

    parser._raw_load_json = raw_load_json

    @app.before_request
    def json_bodies_only() -> None:
        if request.method not in BODY_METHODS or not request.path.startswith("/v1/"):
            return
        if request.get_data(cache=True) and not request.is_json:
            raise ApiError(415, "unsupported-media-type",
                           "Send the body as JSON, with Content-Type: application/json.",
                           errors={"Content-Type": [f"{request.mimetype or 'none'} is not JSON"]})
        for charset in declared_charsets(request.headers.get("Content-Type", "")):
            if charset not in UTF_8:
                raise ApiError(415, "unsupported-media-type",
                               "JSON bodies are UTF-8: send no charset, or charset=utf-8.",
                               errors={"Content-Type": [f"charset {charset!r} is not UTF-8"]})
