"""The hash chain: each event's hash covers the previous hash and its canonical bytes.

Canonical form: Python's `json.dumps` with keys sorted, no insignificant
whitespace, UTF-8 and no NaN or infinities. It matches RFC 8785 for strings,
integers, booleans and null; floats (only implant Strain such as 0.5) use
Python's shortest repr, which differs from RFC 8785 for values like 2.0 or
1e+16. docs/history.md states the exact form.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import msgspec

from ledger.domain.record import Record

GENESIS = "0" * 64
# Event types whose data the chain does not hash: a GM's hidden roll or note. Their
# envelope is version 2, which hashes the commitment to the data instead of the data, so
# a player's copy of the history (placeholders) verifies. Any other event's envelope has
# no version field at all, so every history recorded before keeps its hashes.
HIDDEN_TYPES = frozenset({"HiddenRolled", "HiddenNoted"})
HIDDEN_ENVELOPE = 2


def envelope_version(event_type: str) -> int:
    return HIDDEN_ENVELOPE if event_type in HIDDEN_TYPES else 1


class UnreadableData(ValueError):
    """A stored event whose data is not canonical JSON: not UTF-8, cut short, NaN, or an
    object with a key twice (`problem` is then "duplicate-keys")."""

    def __init__(self, position: int, why: str, problem: str = "unreadable-data") -> None:
        super().__init__(f"the event at position {position} has unreadable data ({why})")
        self.position = position
        self.problem = problem


class DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(f"duplicate key {key!r}")
        self.key = key


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise DuplicateKey(key)
        found[key] = value
    return found


def _as_written(data: bytes) -> bool:
    """Whether `data` is exactly what encoding its own reading gives back, as every row the
    ledger writes is: then no key is there twice (the reading would have lost one). Ten
    times cheaper than the pairwise check, which only other rows need."""
    try:
        return msgspec.json.encode(msgspec.json.decode(data)) == data
    except (msgspec.DecodeError, UnicodeDecodeError):
        return False


def strict_loads(data: bytes) -> Any:
    """Stored event data as JSON, refusing what the ledger never writes: bad UTF-8 and an
    object with a key twice, which parsers read differently (last or first wins), so the
    hash would cover one reading while a reader could take another."""
    if _as_written(data):
        return json.loads(data.decode())
    return json.loads(data.decode(), object_pairs_hook=unique_keys)


def check_data(record: Record) -> None:
    """Raises UnreadableData when the record's data is not strict JSON."""
    if _as_written(record.data):
        return
    try:
        strict_loads(record.data)
    except DuplicateKey as exc:
        raise UnreadableData(record.position, str(exc), "duplicate-keys") from None
    except ValueError as exc:
        raise UnreadableData(record.position, str(exc)) from None


def canonical(value: Any) -> bytes:
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode()


def envelope(record: Record) -> dict[str, Any]:
    """The hashed content of an event: everything but the hash itself (version 1), or,
    for a hidden event (version 2), everything but the hash and the data, with the
    commitment to the data and the envelope's version."""
    data = strict_loads(record.data)  # strict UTF-8, unique keys, as the ledger writes
    if envelope_version(record.type) == HIDDEN_ENVELOPE:
        commitment = data.get("commitment") if isinstance(data, dict) else None
        if not isinstance(commitment, str):
            raise ValueError("a hidden event without its commitment")
        hashed: dict[str, Any] = {"envelope": HIDDEN_ENVELOPE, "commitment": commitment}
    else:
        hashed = {"data": data}
    return {
        "campaign_id": record.campaign_id,
        "position": record.position,
        "type": record.type,
        "version": record.version,
        **hashed,
        "recorded_at": record.recorded_at,
        "actor": {
            "role": record.actor_role,
            "token_id": record.actor_token,
            "character_id": record.actor_character,
        },
        "correlation_id": record.correlation_id,
        "character_id": record.character_id,
        "session": record.session,
        "scene": record.scene,
    }


def chain_hash(prev_hash: str, record: Record) -> str:
    """Raises UnreadableData when the record's data has no canonical form."""
    try:
        body = canonical(envelope(record))
    except DuplicateKey as exc:
        raise UnreadableData(record.position, str(exc), "duplicate-keys") from None
    except ValueError as exc:  # bad UTF-8, bad JSON, NaN or infinities, lone surrogates
        raise UnreadableData(record.position, str(exc)) from None
    return hashlib.sha256(prev_hash.encode() + b"\n" + body).hexdigest()


def link_problem(prev_hash: str, record: Record, expected: int) -> str | None:
    """Why `record` does not continue the chain at `expected`, or None when it does."""
    if record.position != expected:
        return "sequence"
    try:
        return None if record.hash == chain_hash(prev_hash, record) else "hash"
    except UnreadableData as exc:
        return exc.problem


def first_break(records: list[Record], prev_hash: str = GENESIS, start: int = 1) -> int | None:
    """The first position whose hash, or whose place in the sequence, is wrong."""
    expected = start
    for record in records:
        if link_problem(prev_hash, record, expected):
            return expected
        prev_hash = record.hash
        expected += 1
    return None
