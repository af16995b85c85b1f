"""Rows the store keeps beside the events (ledger/domain/record.py): idempotency answers,
checkpoints, tokens, and the columns and parameters of each row."""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.domain.record import Record


class IdempotentAnswer(msgspec.Struct, frozen=True):
    """The first answer to a POST, replayed for any retry with the same key."""

    scope: str
    key: str
    fingerprint: str
    status: int
    body: bytes
    campaign_id: str | None = None
    position: int | None = None


class CheckpointRow(msgspec.Struct, frozen=True):
    """A checkpoint to write: the state folded to `position`, the chain's hash there and its
    seal (ledger/adapters/checkpoint_seal.py). Without a seal it is read back as stale."""

    campaign_id: str
    position: int
    state: bytes
    head_hash: str | None = None
    mac: bytes | None = None


class StoredCheckpoint(msgspec.Struct, frozen=True):
    """A checkpoint as read, beside the chain's hash at its position (None: no event there)."""

    position: int
    state: bytes
    head_hash: str | None
    mac: bytes | None
    chain_hash: str | None


class TokenRow(msgspec.Struct, frozen=True):
    id: str
    campaign_id: str
    role: str
    character_id: str | None
    label: str
    secret_hash: str
    created_at: str
    revoked_at: str | None = None
    # The first token of its chain of rotations (None: a row older than lineages, its own).
    lineage: str | None = None
    replaces: str | None = None
    issuer_role: str | None = None  # who issued it: gm, operator, anonymous, admin
    issuer_token: str | None = None

    @property
    def scope(self) -> str:
        """Where its Idempotency-Keys live: shared by every rotation of one token."""
        return self.lineage or self.id


# The columns of ledger_tokens.
ACCESS_COLUMNS = ("id, campaign_id, role, character_id, label, secret_hash, created_at, revoked_at,"
                 " lineage, replaces, issuer_role, issuer_token")
# Columns added to ledger_tokens after its first release; setup() adds them to older stores.
ACCESS_COLUMNS_ADDED = ("lineage", "replaces", "issuer_role", "issuer_token")


class GlobalCursor(msgspec.Struct, frozen=True):
    """A place in the global order: (transaction, sequence) on PostgreSQL, (0, rowid) on SQLite."""

    tx: int = 0
    seq: int = 0

    def encode(self) -> str:
        return f"{self.tx}.{self.seq}"

    @classmethod
    def decode(cls, text: str | None) -> GlobalCursor:
        if not text:
            return cls()
        tx, _, seq = text.partition(".")
        return cls(int(tx), int(seq or 0))


class GlobalPage(msgspec.Struct, frozen=True):
    """A page of the global order: its records, and the cursor to read on from (`after`
    itself for an empty page). One cursor a page, not a row: the runners only ever resume
    from the last, and building one per row cost a rebuild about a tenth of its read."""

    records: list[Record]
    end: GlobalCursor


EVENT_COLUMNS = (
    "campaign_id, position, type, version, data, recorded_at, actor_role, actor_token, "
    "actor_character, correlation_id, character_id, session, scene, hash"
)


def token_params(t: TokenRow) -> tuple[object, ...]:
    return (t.id, t.campaign_id, t.role, t.character_id, t.label, t.secret_hash, t.created_at,
            t.revoked_at, t.lineage, t.replaces, t.issuer_role, t.issuer_token)


def record_params(r: Record) -> tuple[object, ...]:
    return (
        r.campaign_id, r.position, r.type, r.version, r.data, r.recorded_at, r.actor_role,
        r.actor_token, r.actor_character, r.correlation_id, r.character_id, r.session,
        r.scene, r.hash,
    )


def global_page(rows: list[Any], after: GlobalCursor, *, tx_column: bool) -> GlobalPage:
    """A GlobalPage from rows of (tx?, gid, EVENT_COLUMNS…) in plain tuples, whose values
    have their stored types already (both drivers give int, bytes and str for these
    columns): building each Record straight from the row is five times cheaper than
    `record_from_row`, and a rebuild does it for every event."""
    skip = 2 if tx_column else 1
    records = [Record(*row[skip:]) if type(row[skip + 4]) is bytes else record_from_row(row[skip:])
               for row in rows]
    if not rows:
        return GlobalPage(records, after)
    last = rows[-1]
    end = GlobalCursor(last[0], last[1]) if tx_column else GlobalCursor(0, last[0])
    return GlobalPage(records, end)


def record_from_row(row: Any) -> Record:
    """A Record from a row in EVENT_COLUMNS order (sqlite3.Row or a psycopg tuple)."""
    v: tuple[Any, ...] = row if type(row) is tuple else tuple(row)
    return Record(
        v[0], int(v[1]), v[2], int(v[3]), bytes(v[4]), v[5], v[6], v[7], v[8], v[9], v[10],
        int(v[11]), int(v[12]), v[13],
    )
