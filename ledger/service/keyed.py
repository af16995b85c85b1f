"""Writes outside the game stream (tokens, webhooks, feed tickets): typed commands like the
others (fields, example, policy), but they record no event, so nothing is stamped or
settled. Each is done at most once per Idempotency-Key: `prepare` checks the policy and
the rules, and gives what to store and how to answer; the caller runs it once
(`ledger.service.idempotency.write_once`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ledger.adapters.store.records import IdempotentAnswer
from ledger.domain.command import Command
from ledger.domain.context import Actor
from ledger.domain.state import CampaignState
from ledger.service.config import Config
from ledger.service.ledger import Ledger

Body = dict[str, Any]


@dataclass(frozen=True)
class KeyedWrite:
    """`body` holds no secret: it is stored as it is, and `reveal` adds the secret to the
    first answer and to every replay alike. `commit` stores the write and the answer it is
    given in one transaction."""

    status: int
    body: Body
    commit: Callable[[IdempotentAnswer | None], None]
    reveal: Callable[[Body], Body]
    headers: dict[str, str] | None = None


@dataclass(frozen=True)
class Setting:
    """What a keyed write may use: the ledger, the head it is checked on, who asks, and the
    server's configuration."""

    ledger: Ledger
    head: CampaignState
    actor: Actor
    config: Config


class KeyedCommand(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    example_needs: ClassVar[tuple[str, ...]] = ()

    def prepared(self, setting: Setting) -> KeyedWrite:
        """Its write, after its policy allowed it (403 otherwise)."""
        self.policy.check(self, setting.actor, setting.head)
        return self.prepare(setting)

    def prepare(self, setting: Setting) -> KeyedWrite:
        raise NotImplementedError


class Removal(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A DELETE outside the game stream (a token revoked, a webhook deleted): a typed
    command with its policy like any other, answered 204 with no body. Doing it again is
    harmless (a revoked token stays revoked), so it needs no Idempotency-Key answer."""

    example_needs: ClassVar[tuple[str, ...]] = ()

    def performed(self, setting: Setting) -> None:
        """Remove, after its policy allowed it (403 otherwise)."""
        self.policy.check(self, setting.actor, setting.head)
        self.perform(setting)

    def perform(self, setting: Setting) -> None:
        raise NotImplementedError
