"""The Flask JSON API. `create_app(config)` builds everything; no store is built at import."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Sequence
from typing import Any

from flask import Flask
from flask_smorest import Api

from api import answers, errors, feed_tickets, limits, observability, strict_body, strict_query
from api.config import Config
from api.contract import ContractPlugin
from api.openapi import document
from api.struct_schema import required_in_document

API_DESCRIPTION = """An immutable, time-travelling ledger of a tabletop campaign.

Every write answers `{position, events, <resource>, changed, receipt}` (ledger/service/answers.py):
the `receipt` is a signed tree head and the proofs that the write's events are in it
(docs/trust.md); an edit that changes nothing records no event, and its receipt is the
signed head it left standing, with no inclusions.
Every read of state takes `?at=` (a position, or an RFC 3339 time) and answers the
`position` it reflects.
Errors are `application/problem+json` with a `type` naming the rule broken.
"""


def route_blueprints() -> list[Any]:
    """Every `blp` in api/routes, so a new resource needs no edit here."""
    import api.routes

    found = []
    for module in sorted(pkgutil.iter_modules(api.routes.__path__), key=lambda m: m.name):
        loaded = importlib.import_module(f"api.routes.{module.name}")
        if hasattr(loaded, "blp"):
            found.append(loaded.blp)
    return found


def create_app(config: Config | None = None, extra: Sequence[Any] = ()) -> Flask:
    """The app with every blueprint of api/routes, and the `extra` ones (tests)."""
    config = config or Config.from_env()
    app = Flask(__name__)
    app.config.update(
        LEDGER=config,
        # One byte past the limit: a chunked body that reaches it exactly is told apart from
        # one past it (api/limits.py `guard_body` answers 413 for the latter).
        MAX_CONTENT_LENGTH=config.max_body_bytes + 1,
        API_TITLE="campaign-ledger",
        API_VERSION="1",
        # 3.1: the state schemas come from msgspec, which writes JSON Schema 2020-12.
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        API_SPEC_OPTIONS={"info": {"description": API_DESCRIPTION}},
        TESTING=config.testing,
    )
    api = Api(app, spec_kwargs={"extra_plugins": [ContractPlugin()]})
    assert api.ma_plugin.converter is not None  # before any blueprint documents its query
    api.ma_plugin.converter.add_parameter_attribute_function(required_in_document)
    for blueprint in [*route_blueprints(), *extra]:
        api.register_blueprint(blueprint)
    if config.bench_endpoints:
        from api import bench

        app.register_blueprint(bench.bp)
    errors.install(app)
    feed_tickets.install(app)  # a feed ticket opens the feed and nothing else (before any 422)
    strict_query.install(app)
    limits.install(app)
    strict_body.install(app)  # after the body's size and text are checked
    observability.install(app)  # JSON logs, request ids, metrics (api/observability.py)
    app.after_request(answers.no_content)
    document(api, app)
    return app
