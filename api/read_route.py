"""What a read tells the routing rule (ledger/service/replicas.py), and what it answers.

A route passes what it read (the `Ledger-Min-Position` header, `?at=P`); the rule decides
between the primary and a replica. An answer a replica served without a position hint
says how far that replica's replay trails the primary, in seconds, in `Ledger-Replica-Lag`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Response, g, request

from api.errors import ApiError
from api.runtime import ledger
from api.schemas import MAX_POSITION, ascii_position
from ledger.service.ledger import Ledger

MIN_POSITION = "Ledger-Min-Position"
REPLICA_LAG = "Ledger-Replica-Lag"
T = TypeVar("T")


def min_position() -> int | None:
    sent = request.headers.get(MIN_POSITION)
    if sent is None:
        return None
    position = ascii_position(sent)
    if position is None:
        raise ApiError(422, "malformed-min-position",
                       f"{MIN_POSITION} is a position: a whole number from 0 to {MAX_POSITION}.",
                       errors={MIN_POSITION: ["not a position"]})
    return position


def check_min_position() -> None:
    """A malformed hint is a 422 on every route, not only those that may read a replica
    (an outside attack sent -1 to reads of the primary, which ignored it)."""
    if request.path.startswith("/v1/"):
        min_position()


def read_from(campaign_id: str, read: Callable[[Ledger], T],
              at_position: int | None = None) -> T:
    """`read` on the Ledger the routing rule picks; `?at=P` implies a hint of P."""
    hints = [p for p in (min_position(), at_position) if p]
    found, route = ledger().routed(campaign_id, max(hints) if hints else None, read)
    if route.lag_seconds is not None:
        g.replica_lag = route.lag_seconds
    return found


def add_lag_header(response: Response) -> Response:
    lag = g.pop("replica_lag", None)
    if lag is not None:
        response.headers[REPLICA_LAG] = f"{lag:.3f}"
    return response
