"""Typed commands: each write is one frozen Struct that declares, in one place, its fields
with their bounds and an example, who may issue it (its policy), which character acts
(and is therefore settled first), and what it decides.

A command is also a `Decide` (calling it decides), so the application runs it like any
other decision; the pipeline (ledger/domain/pipeline.py) calls `authorize` first and settles `acting(state)`.
Its docstring is the rule's text: the API documents the operation with it, unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from ledger.domain.context import Actor, Context
from ledger.domain.decision import Later
from ledger.domain.errors import Forbidden
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState
from ledger.domain.wire_shape import encoded_fields

# Roles that act for the whole table: the GM, and the server's own runners (never a token).
TABLE_ROLES = ("gm", "system")

# An observer's refusal also says why (a newcomer read only "the GM or this character's
# player" and looked for a character to bind).
OBSERVER_NOTE = {"observer": " Observer tokens only read."}


class Policy:
    """Who may issue a command. `name` is the access class the API's matrix tests
    (`gm`; `own`: the GM or the player of the character `target` finds; `writer`; `reader`;
    `public`)."""

    def __init__(self, name: str, field: str | None = None) -> None:
        self.name = name
        self.field = field

    def target(self, command: Any, state: CampaignState) -> str | None:
        """The character whose player may issue it (`own`): the one `field` names."""
        found = getattr(command, self.field) if self.field else None
        return found if isinstance(found, str) else None

    def check(self, command: Any, actor: Actor, state: CampaignState) -> None:
        if actor.role in TABLE_ROLES or self.name in ("reader", "public"):
            return
        if self.name == "gm":
            raise Forbidden("gm-only", "Only the GM may do this.")
        if self.name == "writer":
            if actor.role != "player":
                raise Forbidden("observers-read-only", "Observers may only read.")
            return
        if actor.role != "player" or actor.character_id != self.target(command, state):
            raise Forbidden("not-your-character",
                            "Only the GM or this character's player may do this."
                            + OBSERVER_NOTE.get(actor.role, ""))

    def describe(self, command: type[msgspec.Struct] | None = None) -> str:
        """For the docs; `command` gives the field its wire name (`character_id`)."""
        field = wire_field(command, self.field) if command and self.field else self.field
        return {"gm": "GM", "writer": "GM or any player", "reader": "any role",
                "public": "anyone (the admin token when the server sets one)"}.get(
            self.name, f"GM or `{field}`'s player")


def wire_field(command: type[msgspec.Struct], name: str) -> str:
    """The name a command's field has in the request body (`character` is `character_id`)."""
    return dict(encoded_fields(command)).get(name, name)


GM = Policy("gm")
WRITER = Policy("writer")
READER = Policy("reader")  # any token of the campaign (the HTTP layer checks the campaign)
PUBLIC = Policy("public")  # campaign creation: the HTTP layer checks the admin token


def gm_or_player_of(field: str) -> Policy:
    return Policy("own", field)


def gm_only_when(asked: bool, actor: Actor, rule: str, detail: str) -> None:
    """A part of a command only the GM may use (an override, a chosen Consequence)."""
    if asked and actor.role not in TABLE_ROLES:
        raise Forbidden(rule, detail)


class Command(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every command. Subclasses set `policy`, `example` (a request body the example
    test sends after building `example_needs`), and name their path fields in `path`."""

    policy: ClassVar[Policy] = GM
    path: ClassVar[tuple[str, ...]] = ()  # fields filled from the URL, not the body
    example: ClassVar[dict[str, Any]] = {}
    # What the example needs to succeed: named fixtures the example test builds
    # (e.g. "character", "failed-test"); their ids replace `{name}` in paths and bodies.
    example_needs: ClassVar[tuple[str, ...]] = ("character",)
    acting_field: ClassVar[str | None] = None  # the field naming the acting character
    # What it resolves, when it answers a pending decision: then it settles nothing first.
    resolves: ClassVar[str] = ""
    gm_parts: ClassVar[str] = ""  # the parts of it only the GM may use, for the docs table

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        self.policy.check(self, ctx.actor, state)

    def acting(self, state: CampaignState) -> str | None:
        """The character settled first: the actor of an action, never of a resolution."""
        if self.resolves or not self.acting_field:
            return None
        found = getattr(self, self.acting_field)
        return found if isinstance(found, str) else None

    def decide(self, state: CampaignState, ctx: Context) -> Sequence[DomainEvent | Later]:
        raise NotImplementedError

    def __call__(self, state: CampaignState, ctx: Context) -> Sequence[DomainEvent | Later]:
        return self.decide(state, ctx)

    @classmethod
    def settling_text(cls) -> str:
        """This command's row of the settling table (docs/rules/magic-test.md)."""
        if not cls.acting_field:
            return "none | no"
        settles = f"no: resolves {cls.resolves}" if cls.resolves else "yes"
        return f"`{wire_field(cls, cls.acting_field)}` | {settles}"
