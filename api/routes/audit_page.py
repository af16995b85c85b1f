"""The GM audit page: server-rendered HTML whose scripts read the JSON API with a bearer token.

The page holds no data itself. Its scripts take the token from a form or the URL
fragment (never the query string, which reaches server logs and Referer headers)
and call the API with an Authorization header.
"""

from __future__ import annotations

from flask import Blueprint as FlaskBlueprint
from flask import Response, render_template, request
from flask_smorest import Blueprint

from api.errors import ApiError
from ledger.domain.record import CAMPAIGN_ID

# The policy, verbatim: no inline scripts or styles, nothing from elsewhere.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

blp = Blueprint("audit_page", __name__, template_folder="../templates",
                static_folder="../static", static_url_path="/audit-assets",
                description="The GM audit page (HTML, not part of the JSON API)")


def audit(campaign_id: str) -> str:
    """The audit page of one campaign; its scripts fetch everything with the GM's token."""
    if "token" in request.args:
        # A secret in a query string is already in access logs; refuse so nobody gets used to it.
        raise ApiError(400, "token-in-query", "Never put a token in the query string; "
                       "enter it in the form or use the URL fragment (#token=...).")
    if not CAMPAIGN_ID.fullmatch(campaign_id):
        raise ApiError(404, "not-found", "No such campaign.")
    return render_template("audit.html", campaign_id=campaign_id)


# Registered on the plain Flask blueprint so the HTML page stays out of the OpenAPI document,
# which describes the JSON API only.
FlaskBlueprint.add_url_rule(blp, "/campaigns/<campaign_id>/audit", "audit", audit)


def secure(response: Response) -> Response:
    """The page and its assets (and their errors) all leave with the strict headers."""
    for name, value in SECURITY_HEADERS.items():
        response.headers[name] = value
    if request.endpoint == "audit_page.audit":
        response.headers["Cache-Control"] = "no-store"
    return response


blp.after_request(secure)
