"""The table view (players and observers) and the fork page (GM): HTML shells like the audit page.

Both pages hold no data: their scripts take the token from a form or the URL fragment and
read the JSON API with it. They leave with the audit page's strict headers and refuse a
token in the query string the same way (api/routes/audit_page.py).
"""

from __future__ import annotations

from flask import Blueprint as FlaskBlueprint
from flask import Response, render_template, request
from flask_smorest import Blueprint

from api.errors import ApiError
from api.routes.audit_page import secure
from ledger.domain.record import CAMPAIGN_ID

blp = Blueprint("table_page", __name__, template_folder="../templates",
                description="The table view and the fork page (HTML, not part of the JSON API)")


def _page(template: str, campaign_id: str) -> str:
    if "token" in request.args:
        raise ApiError(400, "token-in-query", "Never put a token in the query string; "
                       "enter it in the form or use the URL fragment (#token=...).")
    if not CAMPAIGN_ID.fullmatch(campaign_id):
        raise ApiError(404, "not-found", "No such campaign.")
    return render_template(template, campaign_id=campaign_id)


def table(campaign_id: str) -> str:
    """The party's cards, the roll log, the encounter and the player's own decisions."""
    return _page("table.html", campaign_id)


def forks(campaign_id: str) -> str:
    """Create a fork, see a fork's origin, compare a character between origin and fork."""
    return _page("forks.html", campaign_id)


# On the plain Flask blueprint, as the audit page: the OpenAPI document is the JSON API only.
FlaskBlueprint.add_url_rule(blp, "/campaigns/<campaign_id>/table", "table", table)
FlaskBlueprint.add_url_rule(blp, "/campaigns/<campaign_id>/forks", "forks", forks)


def no_store(response: Response) -> Response:
    """The audit page's headers; the pages themselves are never cached."""
    response = secure(response)
    if request.endpoint in ("table_page.table", "table_page.forks"):
        response.headers["Cache-Control"] = "no-store"
    return response


blp.after_request(no_store)
