"""Idempotency-Key: answering a retried POST with its first answer (docs/decisions/004).

A key lives in a scope: a token's lineage (every rotation of one token shares it), or
`anonymous` for campaign creation, where no token exists yet. There the key is the only
thing that lets a retry see the new GM token again, so it is a bearer secret: it must
carry at least 128 bits of encoding, and only its hash is stored.
"""

from __future__ import annotations

import hashlib
import math
import string
from collections.abc import Callable

import msgspec
from eventsourcing.persistence import IntegrityError

from ledger.adapters.secrets_box import hash_secret
from ledger.adapters.store.base import EventStore, IdempotencyKeyTaken, conflict
from ledger.adapters.store.records import IdempotentAnswer
from ledger.domain.errors import InvalidInput

ANONYMOUS = "anonymous"


def key_campaign_id(scope: str, key: str) -> str:
    """The campaign a creation or fork under this key makes: its id derives from the key,
    so that a retry addresses the same campaign (ledger/service/creation.py)."""
    return "cmp_" + hashlib.sha256(f"campaign-id|{scope}|{key}".encode()).hexdigest()[:20]
SECRET_BITS = 128
# The smallest alphabet holding every character of a key gives its bits per character.
ALPHABETS = (string.digits, string.hexdigits, string.ascii_letters + string.digits + "-_")
FIELD = "Idempotency-Key"


class KeyedRequest(msgspec.Struct, frozen=True):
    """What identifies one request under its key: the scope, the key, and a digest of the
    method, path and body read as JSON (the same key with another request is refused; the
    same JSON with its keys in another order or other spacing is the same request)."""

    scope: str
    key: str
    fingerprint: str
    # The digest of the body's bytes, which answers stored before bodies were compared as
    # JSON hold: a retry sent across the upgrade still finds its answer.
    bytes_fingerprint: str = ""

    def same_as(self, stored_fingerprint: str) -> bool:
        return stored_fingerprint in (self.fingerprint, self.bytes_fingerprint)


def check_secret_key(key: str) -> None:
    """A key that stands in for a bearer secret: base64url characters only, and at least
    128 bits of encoding (22 base64url, 32 hexadecimal or 39 decimal characters)."""
    alphabet = next((a for a in ALPHABETS if set(key) <= set(a)), None)
    if alphabet is None:
        raise InvalidInput("idempotency-key-alphabet", "Without a token, the Idempotency-Key is "
                           "a secret: use only base64url characters (A-Z a-z 0-9 - _).",
                           field=FIELD)
    size = 16 if alphabet is string.hexdigits else len(alphabet)  # hex ignores case
    needed = math.ceil(SECRET_BITS / math.log2(size))
    if len(key) < needed:
        raise InvalidInput("idempotency-key-too-short", "Without a token, the Idempotency-Key is "
                           f"a secret: it needs at least 128 bits of encoding ({needed} of these "
                           "characters; 22 base64url or 32 hex characters) from a cryptographic "
                           "random source.", field=FIELD)


def anonymous_request(key: str, fingerprint: str, bytes_fingerprint: str = "") -> KeyedRequest:
    """A creation's key: checked as a secret, and kept only as its SHA-256 (like a token's
    secret), so a reader of the database cannot replay the creation to see its GM token."""
    check_secret_key(key)
    return KeyedRequest(ANONYMOUS, "sha256:" + hash_secret(key), fingerprint, bytes_fingerprint)


def earlier_answer(store: EventStore, request: KeyedRequest, campaign_id: str,
                   *, creating: bool = False) -> IdempotentAnswer | None:
    """The first answer given under this key on `campaign_id`, if any; refused if it was
    another request. A creation's campaign id derives from its key, so a retry finds it
    there; a creation answered before that was so is found by its key alone."""
    stored = store.answer(campaign_id, request.scope, request.key)
    if stored is None and creating:
        stored = store.creation_answer_before_v1(request.scope, request.key)
    if stored is not None and not request.same_as(stored.fingerprint):
        raise _reused()
    if stored is None and not creating and request.scope != ANONYMOUS:
        check_unused_in(store, request, key_campaign_id(request.scope, request.key))
    return stored


def check_unused_in(store: EventStore, request: KeyedRequest, campaign_id: str) -> None:
    """Refuse a key its scope already used on another campaign: a fork is answered on the
    campaign its key names, a token's other writes on the token's campaign, and one key
    is one request (an outside attack forked and then gained Mana under one key)."""
    if store.answer(campaign_id, request.scope, request.key) is not None:
        raise _reused()


def _reused() -> InvalidInput:
    return InvalidInput("idempotency-key-reused",
                        "this Idempotency-Key was used for a different request", field=FIELD)


def write_once(store: EventStore, request: KeyedRequest | None, campaign_id: str, status: int,
               body: bytes, commit: Callable[[IdempotentAnswer | None], None],
               ) -> tuple[int, bytes, bool]:
    """Run a write outside the game stream (tokens, webhooks) at most once per key.

    `commit` must store the answer it is given in the same transaction as its write.
    Returns the status and body to answer, and whether they are a replay.
    """
    if request is None:
        commit(None)
        return status, body, False
    earlier = earlier_answer(store, request, campaign_id)
    if earlier is None:
        try:
            commit(IdempotentAnswer(request.scope, request.key, request.fingerprint, status,
                                    body, campaign_id))
            return status, body, False
        except IdempotencyKeyTaken:  # a concurrent retry committed first
            earlier = earlier_answer(store, request, campaign_id)
            if earlier is None:
                raise
    return earlier.status, earlier.body, True


def keep_answer(store: EventStore, answer: IdempotentAnswer | None) -> None:
    """The `commit` of a write that stores nothing but its answer (a feed ticket is derived
    from the server key, never stored): a retry with the key then finds the first answer."""
    if answer is None:
        return
    try:
        with store.transaction(write=True) as c:
            store._insert_answer(c, answer)
    except IntegrityError as exc:
        raise conflict(exc, answer) from exc
