"""Operations: Prometheus metrics and the background runners' health."""

from __future__ import annotations

import hmac

from flask import Response, current_app, request
from flask_smorest import Blueprint

from api.answers import json_response
from api.errors import ApiError
from api.metrics import exposition
from api.runtime import ledger
from ledger.service import health

blp = Blueprint("ops", __name__, description="Metrics and runner health for operators")


@blp.route("/metrics")
@blp.doc(security=[{"bearer": []}, {}])
def metrics() -> Response:
    """Prometheus metrics in the text format, summed over every worker.

    Request latency histograms by route, events appended, open feed streams, and,
    read from the database at scrape time, each consumer's lag behind the global
    order (events and seconds), runner heartbeat ages and webhook delivery
    failures. When LEDGER_METRICS_TOKEN is set, send it as a bearer token.
    """
    expected = current_app.config["LEDGER"].metrics_token
    sent = request.headers.get("Authorization", "")
    if expected and not hmac.compare_digest(sent.encode(), f"Bearer {expected}".encode()):
        raise ApiError(401, "metrics-token-required", "Scraping needs the metrics token.")
    led = ledger()
    body = exposition(led.store, led.replicas)
    return Response(body, content_type="text/plain; version=0.0.4; charset=utf-8")


@blp.route("/healthz/runners")
@blp.doc(security=[])
def runners() -> Response:
    """Each background runner's last heartbeat and each consumer's lag (503 if one is stale).

    A runner is stale when its last heartbeat is older than LEDGER_RUNNER_STALE_SECONDS.
    Lag is how many events of the global order a consumer (a read model, the webhook
    enqueuer) has not applied yet, and how old the oldest of them is.
    """
    stale_after = current_app.config["LEDGER"].runner_stale_seconds
    found = health.report(ledger().store, stale_after)
    return json_response(found, 200 if found.healthy else 503)
