"""Exceptions. Every refusal from the server carries its problem+json details (RFC 9457).

    try:
        mara.spend("mana", 5)
    except RuleViolation as refused:
        print(refused.rule, refused.detail)    # "insufficient-mana", "Mara has 3 Mana…"
"""



from __future__ import annotations

import json
from typing import Any


class LedgerError(Exception):
    """Anything this client raises."""


class TransportError(LedgerError):
    """The server could not be reached, or the connection broke before an answer."""


class FeedGap(LedgerError):
    """The feed could not fill a gap in the positions it received (see feed.py)."""


class ProblemError(LedgerError):
    """An answer with an error status; the fields are those of its problem+json body."""

    def __init__(self, status: int, body: dict[str, Any], headers: dict[str, str]) -> None:
        self.status = status
        self.type = str(body.get("type", "about:blank"))
        self.title = str(body.get("title", ""))
        self.detail = str(body.get("detail", ""))
        self.rule = str(body.get("rule", ""))
        errors = body.get("errors")
        self.errors: dict[str, Any] = errors if isinstance(errors, dict) else {}
        # The valid names, when the refusal is of a name (an ability, a Condition...).
        allowed = body.get("allowed")
        self.allowed: list[str] = [str(a) for a in allowed] if isinstance(allowed, list) else []
        self.body = body
        self.headers = headers
        super().__init__(f"{status} {self.rule or self.title}: {self.detail}")

    @property
    def retry_after(self) -> float | None:
        """Seconds the server asked us to wait (Retry-After), if it said."""
        raw = self.headers.get("retry-after")
        try:
            return float(raw) if raw is not None else None
        except ValueError:
            return None


class BadRequest(ProblemError):
    """400: a malformed request (bad JSON, a malformed If-Match…)."""


class Unauthorized(ProblemError):
    """401: no token, an unknown token or a revoked one."""


class Forbidden(ProblemError):
    """403: the token's role may not do this."""


class NotFound(ProblemError):
    """404: unknown, or another campaign's (existence is not revealed)."""


class RuleViolation(ProblemError):
    """409: a rule refused the command; nothing was recorded. `rule` names it."""


class PreconditionFailed(ProblemError):
    """412: the campaign moved past the position given in If-Match."""


class PayloadTooLarge(ProblemError):
    """413: the body is larger than the server accepts."""


class ValidationFailed(ProblemError):
    """422: the request's shape is wrong; `errors` maps each field to its messages."""


class RateLimited(ProblemError):
    """429: too many requests for this token; see `retry_after`."""


class ServiceUnavailable(ProblemError):
    """503: the store is unreachable or too many writers raced; see `retry_after`."""


class ServerError(ProblemError):
    """Any other 5xx: a bug on the server (or a proxy in front of it)."""


BY_STATUS: dict[int, type[ProblemError]] = {
    400: BadRequest, 401: Unauthorized, 403: Forbidden, 404: NotFound, 409: RuleViolation,
    412: PreconditionFailed, 413: PayloadTooLarge, 422: ValidationFailed, 429: RateLimited,
    503: ServiceUnavailable,
}


def problem_error(status: int, raw: bytes, headers: dict[str, str]) -> ProblemError:
    """The exception for an error answer; a body that is not problem+json (a proxy's HTML
    page, say) becomes a problem whose detail is the start of that body."""
    try:
        body = json.loads(raw) if raw else {}
    except ValueError:
        body = None
    if not isinstance(body, dict):
        body = {"title": "HTTP error", "detail": raw[:500].decode("utf-8", "replace")}
    body.setdefault("status", status)
    cls = BY_STATUS.get(status, ServerError if status >= 500 else ProblemError)
    return cls(status, body, headers)
