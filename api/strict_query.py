"""Unknown or repeated query parameters are refused (422 naming them), never ignored.

webargs excludes unknown query parameters by default, so `?typ=Rolled` silently read every
event. flask-smorest parses every `@blp.arguments(..., location="query")` with one parser;
it raises on unknown query keys from now on, and api/field_errors.py lists the valid ones.
An operation of the JSON API that declares no query takes none: any parameter is a 422.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request
from flask_smorest.arguments import ArgumentsMixin
from marshmallow import RAISE

from api.errors import ApiError

# Pages that read their own query (the audit page refuses `?token=` itself).
OWN_QUERY = ("audit_page.",)


def declares_query(view: Any) -> bool:
    parameters = getattr(view, "_apidoc", {}).get("arguments", {}).get("parameters", [])
    return any(p.get("in") == "query" for p in parameters)


def install(app: Flask) -> None:
    parser = ArgumentsMixin.ARGUMENTS_PARSER
    parser.DEFAULT_UNKNOWN_BY_LOCATION = {**parser.DEFAULT_UNKNOWN_BY_LOCATION,
                                          "query": RAISE, "querystring": RAISE}

    @app.before_request
    def no_undeclared_query() -> None:
        endpoint = request.endpoint or ""
        if not request.args or not request.path.startswith("/v1/") or not endpoint or \
                endpoint.startswith(OWN_QUERY):
            return  # (no endpoint: no route, which the 404 says, naming nothing sent)
        # No query takes a list, and webargs read the first of a repeated name, ignoring
        # the rest (`?at=2&at=9` answered position 2).
        repeated = sorted(name for name in request.args if len(request.args.getlist(name)) > 1)
        if repeated:
            raise ApiError(422, "repeated-query-parameter",
                           "Each query parameter may be given once: " + ", ".join(repeated),
                           errors={name: ["given more than once"] for name in repeated})
        if declares_query(app.view_functions.get(endpoint)):
            return
        raise ApiError(422, "schema-validation", "This operation takes no query parameters: "
                       + ", ".join(sorted(request.args)),
                       errors={name: ["Unknown field. This operation takes no query parameters."]
                               for name in sorted(request.args)})
