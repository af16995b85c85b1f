"""What the command registry (api/registry.py) promises, checked against the other places
that describe an operation: the access matrix's policies and the client's methods.

A registered command needs no entry anywhere else: these read the registry.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import typing
from collections.abc import Iterable
from typing import Any

import campaign_ledger_client
from campaign_ledger_client import client
from campaign_ledger_client._scope import ENDPOINTS

import api.registry
from api import route_blueprints
from api.registry import Registration
from api.struct_schema import schema_for

route_blueprints()  # mounts every route module, so every registration is made


def matrix_policies(registrations: Iterable[Registration] | None = None
                    ) -> dict[tuple[str, str], str]:
    """(method, path) -> the access-matrix policy of each registered command."""
    return {(r.method, r.path): r.policy for r in registrations or api.registry.REGISTRY}


def body_fields(registration: Registration) -> set[str]:
    schema = schema_for(registration.command, registration.command.path)
    return {f.data_key or name for name, f in schema._declared_fields.items()}


def _client_method(qualname: str) -> Any:
    owner, name = qualname.split(".")[-2:]
    for cls in (client.Client, client.Campaign, client.Character, *_scopes()):
        if cls.__name__ == owner:
            return inspect.unwrap(getattr(cls, name))
    raise LookupError(qualname)


def _scopes() -> list[type]:
    """Every class of the client's modules (a method's owner may be any scope's mixin)."""
    modules = [importlib.import_module(f"campaign_ledger_client.{m.name}")
               for m in pkgutil.iter_modules(campaign_ledger_client.__path__)]
    return [cls for module in modules for cls in vars(module).values() if isinstance(cls, type)]


def client_fields(qualname: str, path: str) -> set[str]:
    """The body fields a client method can send: its parameters, a TypedDict's keys in place
    of the TypedDict, less the path's own names."""
    method = _client_method(qualname)
    hints = typing.get_type_hints(method)
    found: set[str] = set()
    for name in list(inspect.signature(method).parameters)[1:]:
        hint = hints.get(name)
        if typing.is_typeddict(hint):
            found |= set(hint.__annotations__)
        else:
            found.add(name)
    return found - set(re.findall(r"{(\w+)}", path))


def client_problems(registrations: Iterable[Registration] | None = None) -> list[str]:
    """Every way the client and the registry disagree: a command without a client method,
    or a body field on one side only."""
    problems = []
    for r in registrations or api.registry.REGISTRY:
        names = ENDPOINTS.get((r.method, r.path))
        if not names:
            problems.append(f"{r.command.__name__}: no client method for {r.method} {r.path}")
            continue
        server, sent = body_fields(r), client_fields(names[0], r.path)
        for missing in sorted(server - sent):
            problems.append(f"{r.command.__name__}: {names[0]} cannot send `{missing}`")
        for extra in sorted(sent - server):
            problems.append(f"{r.command.__name__}: {names[0]} sends `{extra}`, not a field")
    return problems
