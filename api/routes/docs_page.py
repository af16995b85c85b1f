"""The API docs at /docs: Swagger UI served from the installed flask-swagger-ui package.

Nothing comes from elsewhere, so the page works offline, and it leaves with the audit
page's strict headers: its one script of our own starts Swagger UI on /openapi.json.
"""

from __future__ import annotations

from importlib.resources import files

from flask import Blueprint as FlaskBlueprint
from flask import Response, render_template, send_from_directory
from flask_smorest import Blueprint

from api.routes.audit_page import secure

# The package ships Swagger UI's built files; its version pins Swagger UI's.
SWAGGER_UI_FILES = str(files("flask_swagger_ui") / "dist")

blp = Blueprint("docs_page", __name__, template_folder="../templates",
                description="The API docs page (HTML, not part of the JSON API)")


def docs() -> str:
    return render_template("docs.html")


def swagger_ui(swagger_file: str) -> Response:
    return send_from_directory(SWAGGER_UI_FILES, swagger_file)


# On the plain Flask blueprint, like the audit page, so the document describes only the JSON API.
FlaskBlueprint.add_url_rule(blp, "/docs", "docs", docs)
FlaskBlueprint.add_url_rule(blp, "/docs-assets/<path:swagger_file>", "swagger_ui", swagger_ui)
blp.after_request(secure)
