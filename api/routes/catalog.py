"""Catalogues: the rules' tables as the ledger uses them (docs/catalog.md).

`/v1/catalog` and `/v1/catalog/{name}` need no token: they hold the rules, no campaign's
data, with the default settings. `/v1/campaigns/{id}/catalog/{name}` gives the values the
campaign's own settings make, at its head position."""

from __future__ import annotations

from flask import Response
from flask_smorest import Blueprint

from api import auth
from api.answers import json_response
from api.runtime import ledger
from ledger.domain import catalog

blp = Blueprint("catalog", __name__, url_prefix="/v1",
                description="Catalogues of the rules: Conditions, spirit forms and powers, "
                            "materials, firearm classes, Resistance factors, careful magic, "
                            "spells, Consequence categories, event types")


@blp.route("/catalog")
@blp.doc(security=[])
def list_catalogs() -> Response:
    """The catalogue names, each with what it lists and the settings that change it."""
    return json_response({"catalogs": catalog.listing()})


@blp.route("/catalog/<name>")
@blp.doc(security=[])
def get_catalog(name: str) -> Response:
    """One catalogue with the default settings; an unknown name is a 404 listing the names."""
    return json_response(catalog.build(name))


@blp.route("/campaigns/<campaign_id>/catalog/<name>")
def campaign_catalog(campaign_id: str, name: str) -> Response:
    """One catalogue with this campaign's settings, at its head `position`."""
    auth.require_reader(campaign_id)
    state = ledger().state(campaign_id)
    return json_response({"position": state.position, **catalog.build(name, state.settings)})
