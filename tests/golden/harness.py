"""Recording a scripted session through the real HTTP app, with nothing left to chance.

Each step of the script gets its own time (one minute after the previous step), and its
own deterministic streams for `uuid.uuid4` (campaign, token, correlation and entity ids)
and `secrets.token_bytes` (dice seeds and seal nonces), keyed by the step's name. So an
extra id drawn in one step changes that step's records only, never the following ones.
The server key is fixed and public: the head signature and token ids repeat too.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any
from unittest import mock

import msgspec
from flask import Flask

from api import create_app
from ledger.adapters.secrets_box import SecretBox
from ledger.service.config import Config
from ledger.service.health import STAMP_FORMAT
from ledger.service.ledger import Ledger
from ledger.service.wiring import build_store
from tests.api_client import Answer

# A test key, published here on purpose: never a real server's.
SERVER_KEY = "5e" * 32
START = datetime(2026, 3, 14, 19, 0, tzinfo=UTC)
WRITES = {"POST", "PATCH", "PUT", "DELETE"}


class Step(msgspec.Struct, frozen=True):
    """One call of the script, and the positions it recorded (none when first > last)."""

    name: str
    method: str
    route: str
    first: int
    last: int


class Determinism:
    def __init__(self) -> None:
        self.step = ""
        self.now = ""
        self.drawn: dict[str, int] = {}

    def begin(self, index: int, name: str) -> None:
        self.step, self.drawn = name, {}
        self.now = (START + timedelta(minutes=index)).strftime(STAMP_FORMAT)

    def clock(self) -> str:
        return self.now

    def _bytes(self, purpose: str, size: int) -> bytes:
        n = self.drawn[purpose] = self.drawn.get(purpose, 0) + 1
        out = b""
        while len(out) < size:
            out += hashlib.sha256(f"{purpose}|{self.step}|{n}|{len(out)}".encode()).digest()
        return out[:size]

    def uuid4(self) -> uuid.UUID:
        return uuid.UUID(bytes=self._bytes("uuid", 16), version=4)

    def token_bytes(self, size: int | None = None) -> bytes:
        return self._bytes("token_bytes", 32 if size is None else size)

    @contextmanager
    def fixed(self) -> Iterator[None]:
        with mock.patch.object(uuid, "uuid4", self.uuid4), \
                mock.patch.object(secrets, "token_bytes", self.token_bytes):
            yield


def recording_config(config: Config) -> Config:
    return msgspec.structs.replace(config, secret_key=SERVER_KEY)


def recording_app(config: Config, determinism: Determinism) -> Flask:
    """The real app, on a Ledger whose clock is the script's."""
    config = recording_config(config)
    app = create_app(config)
    store = build_store(config)
    store.setup()
    app.extensions["ledger"] = Ledger(store, SecretBox(bytes.fromhex(SERVER_KEY)),
                                      checkpoint_every=config.checkpoint_every,
                                      now=determinism.clock)
    app.extensions["ledger_pid"] = os.getpid()
    return app


class Recorder:
    """Runs the script's calls in order; every call must succeed."""

    def __init__(self, app: Flask, determinism: Determinism) -> None:
        self.app = app
        self.client = app.test_client()
        self.determinism = determinism
        self.steps: list[Step] = []
        self.campaign = ""
        self.gm = ""

    @property
    def ledger(self) -> Ledger:
        led: Ledger = self.app.extensions["ledger"]
        return led

    def head(self) -> int:
        return self.ledger.store.head(self.campaign) if self.campaign else 0

    def call(self, name: str, method: str, path: str, body: Any = None,
             token: str | None = None) -> Answer:
        if any(step.name == name for step in self.steps):
            raise ValueError(f"step names are unique: {name!r} twice")
        self.determinism.begin(len(self.steps), name)
        before = self.head()
        headers = {"X-Request-Id": f"golden-{len(self.steps)}"}
        chosen = self.gm if token is None else token
        if chosen:
            headers["Authorization"] = f"Bearer {chosen}"
        full = path if path.startswith("/v1/") else f"/v1/campaigns/{self.campaign}{path}"
        with self.determinism.fixed():
            response = self.client.open(full, method=method, json=body, headers=headers)
        answer = Answer(response.status_code, response.get_json(silent=True), response.headers)
        if not 200 <= answer.status < 300:
            raise AssertionError(f"step {name!r}: {method} {full} answered {answer!r}")
        if not self.campaign and method == "POST" and full == "/v1/campaigns":
            self.campaign, self.gm = answer["campaign"]["id"], answer["gm_token"]
        rule = self.app.url_map.bind("").match(full, method, return_rule=True)[0]
        self.steps.append(Step(name, method, rule.rule, before + 1, self.head()))
        return answer

    def post(self, name: str, path: str, body: Any = None, token: str | None = None) -> Answer:
        return self.call(name, "POST", path, {} if body is None else body, token)


def concrete(rule: str) -> list[str]:
    """A Flask rule with each `<any(a,b):name>` replaced by each of its values, so a step
    recorded on `<any(mana,conviction):resource>` covers `mana/...` once that is its own route."""
    found = re.search(r"<any\(([^)]*)\):\w+>", rule)
    if found is None:
        return [rule]
    values = [v.strip(" '\"") for v in found.group(1).split(",")]
    return [r for v in values
            for r in concrete(rule[:found.start()] + v + rule[found.end():])]


def write_routes(app: Flask) -> set[tuple[str, str]]:
    """Every route that may record an event: writes under a campaign, tokens, webhooks and
    feed tickets aside (they live outside the game stream)."""
    outside = ("/tokens", "/webhooks", "/feed-tickets")
    return {(method, rule.rule) for rule in app.url_map.iter_rules()
            for method in (rule.methods or set()) & WRITES
            if rule.rule.startswith("/v1/campaigns")
            and not any(part in rule.rule for part in outside)}
