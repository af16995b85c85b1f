"""A request body is JSON, read exactly: nothing sent is ignored, and no body is a 500.

- A body sent to the JSON API as anything but JSON is a 415. webargs reads such a body as
  absent, so a command whose fields are all optional (or that has none) ran without it.
- An object that names a key twice is a 422 `duplicate-key`: `json.loads` kept the last
  value and dropped the first without a word.
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


def load_body(data: bytes) -> Any:
    """The body as JSON. Raises ApiError for a key given twice, and json.JSONDecodeError
    (which webargs answers with its 400) for anything json.loads cannot read."""
    try:
        # UTF-8 only (api/limits.py refuses any other body first), read with the hook that
        # reads stored event data strictly (ledger/domain/chain.py).
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
