"""Liveness and readiness."""

from __future__ import annotations

from flask import Response
from flask_smorest import Blueprint

from api.answers import json_response
from api.runtime import ledger

blp = Blueprint("health", __name__, description="Liveness and readiness")


@blp.route("/healthz")
@blp.doc(security=[])
def healthz() -> Response:
    """The process is alive."""
    return json_response({"status": "ok"})


@blp.route("/readyz")
@blp.doc(security=[])
def readyz() -> Response:
    """The event store is reachable (503 otherwise). With read replicas, each one's state
    ("up", "lagging", "down") and lag in seconds: a replica down never makes a node unready,
    its reads go to the primary."""
    led = ledger()
    led.store.ping()
    answer: dict[str, object] = {"status": "ready", "store": led.store.kind}
    if led.replicas is not None:
        answer["replicas"] = led.replicas.status()
    return json_response(answer)
