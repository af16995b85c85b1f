"""gunicorn's gthread worker, with gunicorn's own error answers as problem+json.

gunicorn answers what never reaches the app (a request line or headers too long, a
malformed request, an app that failed before answering) through `util.write_error`,
as an HTML page. This worker swaps that one renderer, so every error the service
sends is `application/problem+json` like the app's (api/errors.py).
"""

from __future__ import annotations

from typing import Any

from gunicorn import util
from gunicorn.workers.gthread import ThreadWorker

from api.errors import problem_body

# gunicorn's statuses -> our rule names (api/errors.py names the app's).
RULES = {400: "malformed-request", 403: "forbidden", 414: "request-line-too-long",
         417: "expectation-failed", 431: "header-fields-too-large", 500: "internal-error",
         501: "not-implemented"}
MAX_DETAIL = 200  # gunicorn's message quotes the request; a problem need not echo all of it


def write_problem(sock: Any, status: int, reason: str, message: str) -> None:
    """`util.write_error`'s signature, writing problem+json and closing like gunicorn does."""
    detail = message[:MAX_DETAIL] or reason
    body = problem_body(status, RULES.get(status, "http-error"), reason, detail)
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
            f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin-1") + body)


class ProblemThreadWorker(ThreadWorker):  # type: ignore[misc]
    def init_process(self) -> None:
        util.write_error = write_problem  # the worker's only renderer of its own errors
        super().init_process()
