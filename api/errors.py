"""Every error leaves as application/problem+json (RFC 9457), through one table."""

from __future__ import annotations

from typing import Any

import msgspec
from flask import Flask, Response, request
from werkzeug.exceptions import BadRequest, HTTPException, NotFound

from api.field_errors import flatten
from api.path_hints import not_found_hints
from ledger.adapters.store.base import StoreUnavailable
from ledger.domain.chain import UnreadableData
from ledger.domain.errors import DomainError
from ledger.service.ledger import ConflictRetriesExhausted

TYPE_BASE = "https://campaign-ledger.dev/problems/"

# Domain error kind -> HTTP status. A rule refusal is a 409.
STATUS_BY_KIND = {
    "not-found": 404,
    "rule-violation": 409,
    "invalid-input": 422,
    "stale": 412,
    "forbidden": 403,
    "unauthorized": 401,
}


class ApiError(Exception):
    """An HTTP-level problem raised by the web layer (auth, parsing, limits)."""

    def __init__(self, status: int, rule: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.rule = rule
        self.detail = detail
        self.extra = extra


def problem_body(status: int, kind: str, title: str, detail: str, **extra: Any) -> bytes:
    body = {"type": TYPE_BASE + kind, "title": title, "status": status, "detail": detail,
            "rule": kind, **extra}
    return msgspec.json.encode(body)


def problem(status: int, kind: str, title: str, detail: str, **extra: Any) -> Response:
    response = Response(problem_body(status, kind, title, detail, **extra), status=status,
                        mimetype="application/problem+json")
    if status == 503:
        response.headers["Retry-After"] = "2"
    return response


# Words a title writes as the API and the rules do: "GM only", not "Gm only".
_UPPER = {"gm", "sp", "url", "uri", "json", "http", "id", "utf", "age", "cwn", "npc", "pc"}
# Header names keep their hyphens and case: "If-Match stale", not "If match stale".
_HEADERS = ("If-Match", "Last-Event-ID", "Ledger-Min-Position", "Idempotency-Key",
            "Content-Type")


def _title(rule: str) -> str:
    """A rule's slug as a title: its first word capitalised, acronyms and header names as
    they are written elsewhere (a newcomer's trial found "Gm only")."""
    words = [w.upper() if w in _UPPER else w for w in rule.split("-")]
    title = " ".join(words)
    for header in _HEADERS:
        spaced = " ".join(w.upper() if w.lower() in _UPPER else w.lower()
                          for w in header.split("-"))
        title = title.replace(spaced, header)
    return title[:1].upper() + title[1:]


# A type has one title: these rules' titles are api/limits.py's, which answers them too.
_TITLES = {"body-too-large": "Request body too large", "rate-limited": "Too many requests"}


def http_title(rule: str, name: str) -> str:
    """The title of a problem werkzeug raised, written like every other title ("Not found",
    not werkzeug's "Not Found": a newcomer's trial met both); a status without a rule of
    its own is titled by its name."""
    if rule != "http-error":
        return _TITLES.get(rule) or _title(rule)
    return _title("-".join(name.lower().split()))


def install(app: Flask) -> None:
    @app.errorhandler(DomainError)
    def domain_error(exc: DomainError) -> Response:
        status = STATUS_BY_KIND.get(exc.kind, 409)
        extra: dict[str, Any] = {}
        if exc.field:
            extra["errors"] = {exc.field: [exc.detail]}
        if exc.resolve:
            extra["resolve"] = exc.resolve
        if exc.allowed is not None:
            extra["allowed"] = exc.allowed
        if exc.catalog:
            extra["catalog"] = f"/v1/catalog/{exc.catalog}"
        return problem(status, exc.rule, _title(exc.rule), exc.detail, **extra)

    @app.errorhandler(ApiError)
    def api_error(exc: ApiError) -> Response:
        return problem(exc.status, exc.rule, _title(exc.rule), exc.detail, **exc.extra)

    @app.errorhandler(ConflictRetriesExhausted)
    def conflicts(exc: ConflictRetriesExhausted) -> Response:
        return problem(503, "conflict-retries-exhausted", "Too many concurrent writers", str(exc))

    @app.errorhandler(StoreUnavailable)
    def unavailable(exc: StoreUnavailable) -> Response:
        app.logger.warning("store unavailable: %s", exc)
        return problem(503, "store-unavailable", "Store unavailable",
                       "The event store cannot be reached or written; retry shortly.")

    @app.errorhandler(UnreadableData)
    def damaged(exc: UnreadableData) -> Response:
        # A stored row the ledger never wrote (edited in the database): nothing is served
        # from one reading of it. GET .../verify names it.
        app.logger.error("stored event data unreadable", extra={
            "incident": "tampered-row", "position": exc.position, "problem": exc.problem})
        return problem(500, "history-damaged", "History damaged",
                       f"{exc}; GET .../verify reports the row", position=exc.position)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response:
        status = exc.code or 500
        extra: dict[str, Any] = {}
        data = getattr(exc, "data", {})
        messages = data.get("messages")
        if messages:
            # webargs nests by location: {"json": {"field": [...]}}; flatten to dotted fields.
            flat: dict[str, list[str]] = {}
            for location, errors in messages.items():
                if isinstance(errors, dict):
                    flat.update(flatten(errors, data.get("schema")))
                else:
                    flat[location] = list(errors)
            extra["errors"] = flat
        rule = {400: "malformed-request", 404: "not-found", 405: "method-not-allowed",
                413: "body-too-large", 415: "unsupported-media-type",
                422: "schema-validation", 429: "rate-limited"}.get(status, "http-error")
        detail = exc.description or _title(rule)
        if status == 404 and exc.description == NotFound.description:  # no route: werkzeug's
            detail, hints = not_found_hints(app, request.method, request.path)
            extra.update(hints)
        elif status == 405 and getattr(exc, "valid_methods", None):
            methods = sorted(exc.valid_methods)  # type: ignore[attr-defined]
            extra["allowed"] = methods
            detail = f"{request.method} is not allowed here; {', '.join(methods)} are."
        elif status == 400 and exc.description == BadRequest.description:  # werkzeug's words
            detail = ("The body is not valid JSON." if "json" in extra.get("errors", {})
                      else "The request could not be read.")
        if status == 422 and extra.get("errors"):
            detail = "Fields failed validation: " + ", ".join(sorted(extra["errors"]))
        response = problem(status, rule, http_title(rule, exc.name), detail, **extra)
        sent = dict(exc.get_headers())
        for header in ("Retry-After", "Allow"):
            if sent.get(header):
                response.headers[header] = sent[header]
        return response

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Response:
        app.logger.exception("unhandled error")
        return problem(500, "internal-error", "Internal error", "An unexpected error occurred.")
