"""Shaping answers: events, states and write results, encoded with msgspec.

Writes go through `write`, which adds idempotency (Idempotency-Key) and
optimistic concurrency (If-Match) around one application call.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import msgspec
from flask import Response, request

from api.auth import actor_of, creator, current_token
from api.errors import ApiError
from api.runtime import ledger, signer
from api.strict_body import load_body
from ledger.adapters.store.records import IdempotentAnswer
from ledger.domain.chain import canonical
from ledger.domain.decision import Decide
from ledger.domain.wire_shape import wire
from ledger.service.answers import Extras, OutcomeView, StateView, WriteAnswer, whole_state
from ledger.service.audit import receipts
from ledger.service.creation import CREATED, with_gm_secret
from ledger.service.forking import ForkCampaign, fork
from ledger.service.idempotency import KeyedRequest, anonymous_request, write_once
from ledger.service.ledger import AnswerSpec, CreateCampaign, Outcome
from ledger.service.views import character_view

_encoder = msgspec.json.Encoder()
__all__ = ["StateView", "character_view", "json_response", "keyed_write", "whole_state", "write"]


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    response = Response(_encoder.encode(wire(body)), status=status, mimetype="application/json")
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def no_content(response: Response) -> Response:
    """A 204 (a revocation, a CORS preflight) has no body, so no Content-Type (RFC 9110
    §15.3.5): werkzeug gives every Response `text/html`, which a newcomer's trial met."""
    if response.status_code == 204:
        response.headers.pop("Content-Type", None)
        response.set_data(b"")
    return response


def _if_match() -> int | None:
    raw = request.headers.get("If-Match")
    if raw is None:
        return None
    sent = raw.strip().strip('"')
    # ASCII digits only: int() also read "1_0" as 10, "+5", and other scripts' digits.
    if not (sent.isascii() and sent.isdigit()) or len(sent) > 19:
        raise ApiError(400, "malformed-if-match", "If-Match must be a position number.",
                       errors={"If-Match": ["must be a position: ASCII digits, quoted or not"]})
    return int(sent)


def keyed_request(*, tokenless: bool = False) -> KeyedRequest | None:
    """The request's Idempotency-Key in its scope: the token's lineage, so a retry after a
    rotation still finds its answer; without a token (or `tokenless`, a creation, which no
    campaign's token makes) the key must be a secret (ADR 004)."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not 1 <= len(key) <= 200:
        raise ApiError(422, "idempotency-key-shape", "Idempotency-Key must be 1 to 200 characters.",
                       errors={"Idempotency-Key": ["must be 1 to 200 characters"]})
    head = request.method.encode() + b" " + request.path.encode() + b"\n"
    body = request.get_data()
    fingerprint = hashlib.sha256(head + _as_json(body)).hexdigest()
    in_bytes = hashlib.sha256(head + body).hexdigest()
    token = None if tokenless else current_token()
    if token is None:
        return anonymous_request(key, fingerprint, in_bytes)
    return KeyedRequest(token.scope, key, fingerprint, in_bytes)


def _as_json(body: bytes) -> bytes:
    """The body in one canonical form (sorted keys, no spacing), so that a client that
    serializes its retry anew is not refused for the order of its keys (an outside
    attack); a body that is not JSON stays as it is."""
    try:
        return canonical(load_body(body))
    except ValueError:  # not JSON (no body), or not UTF-8
        return body


def answer_spec(*, tokenless: bool = False) -> AnswerSpec | None:
    keyed = keyed_request(tokenless=tokenless)
    return None if keyed is None else AnswerSpec(keyed.scope, keyed.key, keyed.fingerprint,
                                                 keyed.bytes_fingerprint)


def keyed_write(campaign_id: str, status: int, body: dict[str, Any],
                commit: Callable[[IdempotentAnswer | None], None],
                reveal: Callable[[dict[str, Any]], dict[str, Any]],
                headers: dict[str, str] | None = None) -> Response:
    """A write outside the game stream (tokens, webhooks), once per Idempotency-Key. `body`
    holds no secret: it is stored as it is, and `reveal` adds the secret to the first
    answer and to every replay alike, so a stored answer never holds one."""
    status, stored, replayed = write_once(ledger().store, keyed_request(), campaign_id, status,
                                          _encoder.encode(body), commit)
    shown = reveal(msgspec.json.decode(stored))
    return json_response(shown, status, {"Idempotent-Replayed": "true"} if replayed else headers)


def write(
    campaign_id: str,
    decide: Decide,
    *,
    view: StateView | None = None,
    status: int = 200,
    extra: Extras | None = None,
    key: str | None = "state",
    pick: OutcomeView | None = None,
    reveal: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> Response:
    """Run one command and answer {position, events, <key>, changed, receipt}; replays
    answer as the first time.
    The application renders the answer (and stores it under an Idempotency-Key) in the
    command's transaction; this only encodes it. Whether the command first settles a
    character's pending decisions is the ledger's to know, never the route's."""
    plan = WriteAnswer(status, view or whole_state, extra, key, pick)
    outcome = ledger().execute(campaign_id, actor_of(current_token()), decide,
                               answer=answer_spec(), if_match=_if_match(), plan=plan)
    return _answer(outcome, status, reveal)


def write_creation(command: CreateCampaign) -> Response:
    """Run the campaign creation command and answer 201 like `write` (a replay as first
    time), with the GM token's secret, which is never stored."""
    led = ledger()
    # No campaign's token creates a campaign: one sent (even revoked, or another
    # campaign's) is neither the creator nor its key's scope (an outside attack).
    outcome = led.create(command, creator(), answer=answer_spec(tokenless=True),
                         if_match=_if_match(), plan=CREATED)
    return _answer(outcome, CREATED.status, lambda body: with_gm_secret(led.box, body),
                   {"Location": f"/v1/campaigns/{outcome.campaign_id}"})


def write_fork(origin_id: str, command: ForkCampaign) -> Response:
    """Run a fork of `origin_id` and answer 201 like a creation (docs/forks.md)."""
    led = ledger()
    outcome = fork(led, signer(), origin_id, command, actor_of(current_token()),
                   answer=answer_spec(), plan=CREATED)
    return _answer(outcome, CREATED.status, lambda body: with_gm_secret(led.box, body),
                   {"Location": f"/v1/campaigns/{outcome.campaign_id}"})


def _answer(outcome: Outcome, status: int,
            reveal: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
            headers: dict[str, str] | None = None) -> Response:
    stored = outcome.replayed
    if stored is not None and not outcome.records:
        body = msgspec.json.decode(stored.body)
        return json_response(with_receipt(outcome.campaign_id, reveal(body) if reveal else body),
                             stored.status, {"Idempotent-Replayed": "true"})
    assert outcome.answer is not None  # rendered by the application in the transaction
    fresh = reveal(outcome.answer) if reveal else outcome.answer
    return json_response(with_receipt(outcome.campaign_id, fresh), status,
                         {"ETag": f'"{outcome.position}"'} if headers is None else headers)


def with_receipt(campaign_id: str, body: dict[str, Any]) -> dict[str, Any]:
    """Add the write's receipt (docs/trust.md). It is derived from the history alone, so it
    is not stored with an Idempotency-Key's answer: a replay derives the same one. A write
    that recorded nothing (an edit to what already holds) gets the signed head it left
    standing, with no inclusions."""
    if "events" not in body:
        return body
    events = body["events"]
    led = ledger()
    found = receipts.receipt(led.store, signer(), campaign_id,
                             body["position"], [e["position"] for e in events],
                             [e["hash"] for e in events],
                             events[-1]["recorded_at"] if events else None)
    return {**body, "receipt": found}
