"""Named domain errors. Each names the rule it enforces; the API maps kinds to statuses."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager


class DomainError(Exception):
    """A command refused by a rule (409 unless a subclass says otherwise). `resolve` names
    the commands that clear what blocks it (a pending decision), relative to the character.
    `allowed` lists the valid names when the refusal is of a name (a Condition, an ability...),
    and `catalog` names the catalogue that lists them with their rules (docs/catalog.md)."""

    kind = "rule-violation"

    def __init__(self, rule: str, detail: str, *, field: str | None = None,
                 resolve: Sequence[str] = (), allowed: Sequence[str] | None = None,
                 catalog: str | None = None) -> None:
        super().__init__(detail)
        self.rule = rule
        self.detail = detail
        self.field = field
        self.resolve = list(resolve)
        self.allowed = None if allowed is None else list(allowed)
        self.catalog = catalog


@contextmanager
def fields_under(place: str) -> Iterator[None]:
    """A refusal raised inside names its field under `place` (`consequences.1` + `name`),
    as a schema 422 names a nested field."""
    try:
        yield
    except DomainError as exc:
        if place and exc.field:
            exc.field = f"{place}.{exc.field}"
        raise


class NotFound(DomainError):
    kind = "not-found"

    def __init__(self, what: str, ident: str) -> None:
        super().__init__(f"{what}-not-found", f"No {what} with id {ident!r}.")


class RuleViolation(DomainError):
    kind = "rule-violation"


class Forbidden(DomainError):
    """The actor's role may not do this to this target (403), e.g. another player's roll."""

    kind = "forbidden"


class InvalidInput(DomainError):
    """Input that is well-formed but impossible (a reported die of 7 on a d6): 422."""

    kind = "invalid-input"


class StaleState(DomainError):
    """An If-Match position that is no longer the head: 412."""

    kind = "stale"

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(
            "if-match-stale",
            f"The campaign is at position {actual}, not {expected}.",
        )
