"""One registration per command binds it to its HTTP operation: method, path, request
schema (generated from the command Struct), answer and status, and the description (the
command's docstring, the rule's text). The route function is generated: it authenticates
the token for the campaign (401, or 404 for another campaign's token), builds the command
from the body and the path, and runs it; the command's own policy decides 403s.

`REGISTRY` is what the OpenAPI contract, the access matrix and the client check read, so a
command registered here shows up in all three without another list to update.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec
from flask import Response, current_app
from flask_smorest import Blueprint

from api import auth, contract
from api.answers import keyed_write, write
from api.runtime import ledger
from api.struct_schema import schema_for
from ledger.domain.command import Command
from ledger.service.answers import Extras, OutcomeView, StateView
from ledger.service.keyed import KeyedCommand, Removal, Setting

Schema = dict[str, Any]


@dataclass(frozen=True)
class AnswerShape:
    """What a command's answer shows besides its events: the state (a view of it chosen from
    the command), extra keys, and the JSON schema of the whole answer. The views and extras
    are pure functions the application renders the answer with (ledger/service/views.py)."""

    schema: Schema
    view: Callable[[Any], StateView] | None = None
    extras: Callable[[Any], Extras] | None = None
    # The resource found from the outcome rather than the state (the spirit summoned).
    pick: Callable[[Any], OutcomeView] | None = None
    # What the answer shows but its stored copy must not hold (a hidden event's data): added
    # to the first answer and to every replay alike, from the campaign's id and the body.
    reveal: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None

    @property
    def key(self) -> str | None:
        """The key the answer names its primary resource under (api/contract.py `write`)."""
        found = self.schema.get("x-resource")
        return found if isinstance(found, str) else None


# Runs a command the usual route cannot (campaign creation: no campaign in its path yet).
Run = Callable[[Any, dict[str, str]], Response]


@dataclass(frozen=True)
class Registration:
    command: type[Command]
    method: str
    path: str  # the OpenAPI path template, /v1/... with {names}
    endpoint: str
    status: int
    answer: AnswerShape

    @property
    def policy(self) -> str:
        return self.command.policy.name

    def settling_row(self) -> str:
        """Its row of the settling table in docs/rules/magic-test.md (a test checks it)."""
        short = self.path.removeprefix("/v1/campaigns/{campaign_id}/")
        gm_parts = self.command.gm_parts
        policy = self.command.policy.describe(self.command)
        policy += f"; only the GM: {gm_parts}" if gm_parts else ""
        return (f"| `{self.command.__name__}`: `{self.method} {short}` | "
                f"{self.command.settling_text()} | {policy} |")


REGISTRY: list[Registration] = []


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def template(rule: str) -> str:
    return re.sub(r"<(?:[^<>:]*:)?(\w+)>", r"{\1}", rule)


def register(blp: Blueprint, method: str, rule: str, command: type[Command], *,
             answer: AnswerShape, status: int = 200, run: Run | None = None,
             doc: dict[str, Any] | None = None) -> Registration:
    """Generate and mount the route of `command` on `blp` at `rule` (relative to the
    blueprint's prefix, which holds `<campaign_id>`). A `KeyedCommand` records no event: it
    is run once per Idempotency-Key (api/answers.py `keyed_write`)."""
    name = snake(command.__name__)
    full = (blp.url_prefix or "") + rule  # a blueprint's prefix may hold path fields too
    unknown = set(command.path) - set(re.findall(r"<(?:[^<>:]*:)?(\w+)>", full))
    if unknown:
        raise TypeError(f"{command.__name__} takes {sorted(unknown)} from a path lacking them")

    def route(body: dict[str, Any], **params: str) -> Response:
        token = None if run else auth.authenticate(params["campaign_id"])
        built = msgspec.convert({**body, **{k: params[k] for k in command.path}}, command)
        if run is not None:
            return run(built, params)
        campaign_id = params["campaign_id"]
        if isinstance(built, Removal):
            led = ledger()
            built.performed(Setting(led, led.state(campaign_id), auth.actor_of(token),
                                    current_app.config["LEDGER"]))
            return Response(status=204)
        if isinstance(built, KeyedCommand):
            led = ledger()
            keyed = built.prepared(Setting(led, led.state(campaign_id), auth.actor_of(token),
                                           current_app.config["LEDGER"]))
            return keyed_write(campaign_id, keyed.status, keyed.body, keyed.commit,
                               keyed.reveal, keyed.headers)
        return write(campaign_id, built, status=status, key=answer.key,
                     view=answer.view(built) if answer.view else None,
                     extra=answer.extras(built) if answer.extras else None,
                     pick=answer.pick(built) if answer.pick else None,
                     reveal=functools.partial(answer.reveal, campaign_id) if answer.reveal
                     else None)

    route.__name__ = route.__qualname__ = name
    route.__doc__ = command.__doc__
    body_schema = schema_for(command, command.path)
    has_fields = bool(body_schema._declared_fields)
    # An instance, not the class: webargs would build a new schema for every request.
    parsed = blp.arguments(body_schema(), required=has_fields, example=command.example)(route)
    if doc:
        parsed = blp.doc(**doc)(parsed)
    blp.route(rule, methods=[method], endpoint=name)(parsed)
    registration = Registration(command, method, template(full),
                                f"{blp.name}.{name}", status, answer)
    REGISTRY.append(registration)
    contract.SUCCESS[registration.endpoint] = (status, answer.schema)
    return registration
