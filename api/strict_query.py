"""Unknown query parameters are refused (422 naming the valid ones), never ignored.

webargs excludes unknown query parameters by default, so `?typ=Rolled` silently read every
event. flask-smorest parses every `@blp.arguments(..., location="query")` with one parser;
it raises on unknown query keys from now on, and api/field_errors.py lists the valid ones.
"""

from __future__ import annotations

from flask_smorest.arguments import ArgumentsMixin
from marshmallow import RAISE


def install() -> None:
    parser = ArgumentsMixin.ARGUMENTS_PARSER
    parser.DEFAULT_UNKNOWN_BY_LOCATION = {**parser.DEFAULT_UNKNOWN_BY_LOCATION,
                                          "query": RAISE, "querystring": RAISE}
