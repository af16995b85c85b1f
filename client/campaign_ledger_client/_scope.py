"""How one endpoint becomes one small method.

A method builds its request (`Call`: body, query and the path parameters its scope
does not hold) and a decorator names the endpoint and turns the answer into a
typed value:

    @command("POST", CHARACTER + "/health/damage", Character)
    def damage(self, amount: int, type: DamageType = "wound", reason: str = "") -> Call:
        return body(amount=amount, type=type, reason=reason)

The decorator also records (method, OpenAPI path) in `ENDPOINTS`, which a test
compares with the server's /openapi.json: an endpoint without a method fails it.

What a method answers is typed by a model generated from the server's document
(schemas.py): `@read(CHARACTER + "/magic", MagicAnswer)`, or `@command(..., Character)`
for a write's primary resource. `SHAPES` records the declared models; a test checks each against
the document's answer of its operation.
"""

from __future__ import annotations

import copy
import functools
import secrets
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Concatenate, Literal, ParamSpec, Self, TypeVar, overload

from campaign_ledger_client._http import Answer, Transport
from campaign_ledger_client.models import JSON, WriteResult

CAMPAIGNS = "/v1/campaigns"
CAMPAIGN = CAMPAIGNS + "/{campaign_id}"
CHARACTER = CAMPAIGN + "/characters/{character_id}"

# (HTTP method, OpenAPI path) -> the qualified names of the methods that call it.
ENDPOINTS: dict[tuple[str, str], list[str]] = {}
# The qualified name of a method -> (HTTP method, OpenAPI path, the model it declares).
SHAPES: dict[str, tuple[str, str, type[Any]]] = {}

# command: a ledger write (Idempotency-Key and If-Match); keyed: a write outside the game
# stream (tokens, webhooks: Idempotency-Key only); read; plain: neither.
Kind = Literal["command", "keyed", "read", "plain"]
S = TypeVar("S", bound="Scope")
P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")


@dataclass(frozen=True)
class Call:
    body: Any = None
    query: dict[str, Any] | None = None
    params: dict[str, str] = field(default_factory=dict)


def body(params: dict[str, str] | None = None, /, **fields: Any) -> Call:
    """A JSON body; fields left at None are omitted, so the server's defaults apply."""
    return Call(body={k: v for k, v in fields.items() if v is not None}, params=params or {})


def query(params: dict[str, str] | None = None, /, **fields: Any) -> Call:
    return Call(query=fields, params=params or {})


@dataclass(frozen=True)
class Options:
    """Per-call headers: `idempotency_key` (else a fresh one per call when `auto_keys`) and
    `if_match` (a position: the write is refused with 412 if the campaign moved on)."""

    idempotency_key: str | None = None
    if_match: int | None = None
    auto_keys: bool = True


class Scope:
    """The transport, the ids this scope stands for and the per-call options."""

    def __init__(self, transport: Transport, ids: dict[str, str],
                 options: Options | None = None) -> None:
        self._transport = transport
        self._ids = ids
        self._options = options or Options()

    def with_options(self, *, idempotency_key: str | None = None, if_match: int | None = None,
                     auto_keys: bool | None = None) -> Self:
        """A copy of this scope whose calls send these headers."""
        chosen = replace(self._options, idempotency_key=idempotency_key, if_match=if_match)
        if auto_keys is not None:
            chosen = replace(chosen, auto_keys=auto_keys)
        clone = copy.copy(self)
        clone._options = chosen
        return clone

    def _send(self, method: str, template: str, call: Call, kind: Kind) -> Answer:
        ids = {**self._ids, **call.params}
        values = {k: urllib.parse.quote(v, safe="") for k, v in ids.items()}
        headers: dict[str, str] = {}
        key = self._options.idempotency_key
        if kind in ("command", "keyed"):
            key = key or (new_key() if self._options.auto_keys else None)
            if key:
                headers["Idempotency-Key"] = key
            if kind == "command" and self._options.if_match is not None:
                headers["If-Match"] = str(self._options.if_match)
        safe = kind == "read" or "Idempotency-Key" in headers
        return self._transport.call(method, template.format(**values), query=call.query,
                                    body=call.body, headers=headers, retry_safe=safe)


def new_key() -> str:
    """A fresh Idempotency-Key: 256 bits from the operating system's cryptographic source.
    Creating a campaign without a token makes the key a bearer secret (the server refuses
    keys under 128 bits there), so it is never a counter, a clock or a guessable name."""
    return secrets.token_urlsafe(32)


def endpoint(method: str, template: str, parse: Callable[[Answer], R], kind: Kind,
             shape: type[Any] | None = None,
             ) -> Callable[[Callable[Concatenate[S, P], Call]], Callable[Concatenate[S, P], R]]:
    def decorate(build: Callable[Concatenate[S, P], Call]) -> Callable[Concatenate[S, P], R]:
        ENDPOINTS.setdefault((method, template), []).append(build.__qualname__)
        if shape is not None:
            SHAPES[build.__qualname__] = (method, template, shape)

        @functools.wraps(build)
        def run(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
            return parse(self._send(method, template, build(self, *args, **kwargs), kind))

        return run

    return decorate


def covers(method: str, template: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Record a hand-written method (the streaming feed) as the client of an endpoint."""
    def decorate(fn: Callable[P, R]) -> Callable[P, R]:
        ENDPOINTS.setdefault((method, template), []).append(fn.__qualname__)
        return fn

    return decorate


def write_result(answer: Answer) -> WriteResult[Any]:
    return WriteResult.from_json(answer.body, replayed=answer.headers.get(
        "idempotent-replayed") == "true")


def json_body(answer: Answer) -> JSON:
    return answer.body if isinstance(answer.body, dict) else {}


def json_answer(answer: Answer) -> Any:
    """The JSON object, as the model its method declares (the server's schema)."""
    return json_body(answer)


def nothing(answer: Answer) -> None:
    return None


Builder = Callable[Concatenate[S, P], Call]


@overload
def command(method: str, template: str,
            ) -> Callable[[Builder[S, P]], Callable[Concatenate[S, P], WriteResult[Any]]]: ...
@overload
def command(method: str, template: str, resource: type[T],
            ) -> Callable[[Builder[S, P]], Callable[Concatenate[S, P], WriteResult[T]]]: ...
def command(method: str, template: str, resource: type[Any] | None = None,
            ) -> Callable[[Builder[S, P]], Callable[Concatenate[S, P], WriteResult[Any]]]:
    """A write through the ledger: Idempotency-Key and If-Match apply; answers WriteResult,
    its `resource` typed by the model given (the schema of the answer's primary resource)."""
    return endpoint(method, template, write_result, "command", resource)


@overload
def read(template: str) -> Callable[[Builder[S, P]], Callable[Concatenate[S, P], JSON]]: ...
@overload
def read(template: str, answer: type[T],
         ) -> Callable[[Builder[S, P]], Callable[Concatenate[S, P], T]]: ...
def read(template: str, answer: type[Any] | None = None,
         ) -> Callable[[Builder[S, P]], Callable[Concatenate[S, P], Any]]:
    """A GET answering a JSON object, typed by the model given."""
    return endpoint("GET", template, json_answer, "read", answer)
