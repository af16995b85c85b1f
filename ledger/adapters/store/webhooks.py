"""Webhook registrations and their delivery log, beside the event store.

(SQL here is built only from the constant column lists below; values are bound.)

A registration keeps its secret sealed with the server key (never in plaintext).
Deliveries are one row per (webhook, event), unique, so the runner's enqueueing
is exactly-once; each attempt is a row of `ledger_webhook_attempts`.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from typing import Any

import msgspec
from eventsourcing.persistence import IntegrityError

from ledger.adapters.store.across import across
from ledger.adapters.store.base import Cursor, EventStore, conflict
from ledger.adapters.store.records import IdempotentAnswer

WEBHOOK_COLUMNS = ("id, campaign_id, url, types, sealed_secret, after_position, created_at,"
                   " deleted_at, activated_at, tree_heads")
DELIVERY_COLUMNS = ("id, webhook_id, campaign_id, position, event_type, status, attempts,"
                    " next_attempt_at, last_status, last_error, created_at, delivered_at")

_DUE_COLUMNS = ", ".join("d." + column.strip() for column in DELIVERY_COLUMNS.split(","))


class Webhook(msgspec.Struct, frozen=True):
    id: str
    campaign_id: str
    url: str
    types: list[str]
    sealed_secret: bytes
    after_position: int
    created_at: str
    deleted_at: str | None = None
    activated_at: str | None = None  # set once the runner has enqueued its first events
    tree_heads: bool = False  # each delivery carries the signed tree head at its event

    def wants(self, event_type: str, position: int) -> bool:
        return position > self.after_position and ("*" in self.types or event_type in self.types)

    @staticmethod
    def seal_context(webhook_id: str) -> bytes:
        return f"webhook|{webhook_id}".encode()


class Delivery(msgspec.Struct):
    id: str
    webhook_id: str
    campaign_id: str
    position: int
    event_type: str
    status: str  # pending, delivered, failed (gave up), cancelled (webhook deleted)
    attempts: int
    next_attempt_at: str
    last_status: int | None
    last_error: str | None
    created_at: str
    delivered_at: str | None


def _webhook(row: Sequence[Any]) -> Webhook:
    return Webhook(row[0], row[1], row[2], json.loads(row[3]), bytes(row[4]), int(row[5]),
                   row[6], row[7], row[8], bool(row[9]))


def _delivery(row: Sequence[Any]) -> Delivery:
    v = tuple(row)
    return Delivery(v[0], v[1], v[2], int(v[3]), v[4], v[5], int(v[6]), v[7],
                    None if v[8] is None else int(v[8]), v[9], v[10], v[11])


def add_webhook(store: EventStore, hook: Webhook, answer: IdempotentAnswer | None = None) -> None:
    """Register a webhook, with its Idempotency-Key answer in the same transaction."""
    try:
        with store.transaction(write=True) as c:
            if answer is not None:
                store._insert_answer(c, answer)
            c.execute(store.q(f"INSERT INTO ledger_webhooks ({WEBHOOK_COLUMNS}) VALUES "
                              "(?,?,?,?,?,?,?,?,?,?)"),
                      (hook.id, hook.campaign_id, hook.url, json.dumps(hook.types),
                       hook.sealed_secret, hook.after_position, hook.created_at, None, None,
                       int(hook.tree_heads)))
    except IntegrityError as exc:
        raise conflict(exc, answer) from exc


def webhook(store: EventStore, campaign_id: str, webhook_id: str) -> Webhook | None:
    """A registration of the campaign by id, deleted or not."""
    with store.transaction(write=False) as c:
        c.execute(store.q(f"SELECT {WEBHOOK_COLUMNS} FROM ledger_webhooks WHERE campaign_id=?"
                          " AND id=?"), (campaign_id, webhook_id))
        row = c.fetchone()
    return _webhook(row) if row else None


def webhooks(store: EventStore, campaign_id: str | None = None) -> list[Webhook]:
    """Live registrations, of one campaign or of all (the runner's scan)."""
    where, params, marker = "deleted_at IS NULL", tuple[str, ...](), across("webhook-runner")
    if campaign_id is not None:
        where, params, marker = where + " AND campaign_id=?", (campaign_id,), ""
    with store.transaction(write=False) as c:
        c.execute(store.q(f"{marker}SELECT {WEBHOOK_COLUMNS} FROM ledger_webhooks WHERE {where}"
                          " ORDER BY created_at, id"), params)
        return [_webhook(row) for row in c.fetchall()]


def delete_webhook(store: EventStore, campaign_id: str, webhook_id: str, when: str) -> bool:
    """Retire a registration and cancel what it still had to deliver."""
    with store.transaction(write=True) as c:
        c.execute(store.q("UPDATE ledger_webhooks SET deleted_at=? WHERE id=? AND campaign_id=?"
                          " AND deleted_at IS NULL RETURNING id"), (when, webhook_id, campaign_id))
        if c.fetchone() is None:
            return False
        c.execute(store.q("UPDATE ledger_webhook_deliveries SET status='cancelled'"
                          " WHERE campaign_id=? AND webhook_id=? AND status='pending'"),
                  (campaign_id, webhook_id))
    return True


def deliveries(store: EventStore, campaign_id: str, webhook_id: str, after: int,
               limit: int) -> list[Delivery]:
    with store.transaction(write=False) as c:
        c.execute(store.q(f"SELECT {DELIVERY_COLUMNS} FROM ledger_webhook_deliveries"
                          " WHERE campaign_id=? AND webhook_id=? AND position>?"
                          " ORDER BY position LIMIT ?"), (campaign_id, webhook_id, after, limit))
        return [_delivery(row) for row in c.fetchall()]


def attempts(store: EventStore, campaign_id: str,
             delivery_ids: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
    if not delivery_ids:
        return {}
    marks = ",".join("?" * len(delivery_ids))
    with store.transaction(write=False) as c:
        c.execute(store.q("SELECT delivery_id, attempt, at, http_status, error, duration_ms"
                          " FROM ledger_webhook_attempts WHERE campaign_id=?"
                          f" AND delivery_id IN ({marks}) ORDER BY delivery_id, attempt"),
                  (campaign_id, *delivery_ids))
        rows = c.fetchall()
    found: dict[str, list[dict[str, Any]]] = {}
    for delivery_id, attempt, at, status, error, ms in rows:
        found.setdefault(delivery_id, []).append(
            {"attempt": int(attempt), "at": at, "http_status": status, "error": error,
             "duration_ms": int(ms)})
    return found


def enqueue(c: Cursor, store: EventStore, hook: Webhook, position: int, event_type: str,
            now: str) -> None:
    """Inside the runner's transaction: one pending delivery, once per (webhook, event)."""
    c.execute(store.q("INSERT INTO ledger_webhook_deliveries (id, webhook_id, campaign_id,"
                      " position, event_type, status, attempts, next_attempt_at, created_at)"
                      " VALUES (?,?,?,?,?,'pending',0,?,?) ON CONFLICT DO NOTHING"),
              (f"dlv_{uuid.uuid4().hex[:20]}", hook.id, hook.campaign_id, position, event_type,
               now, now))


def activate(c: Cursor, store: EventStore, hook: Webhook, now: str) -> None:
    c.execute(store.q("UPDATE ledger_webhooks SET activated_at=? WHERE campaign_id=? AND id=?"),
              (now, hook.campaign_id, hook.id))


def next_due(store: EventStore, now: str) -> list[Delivery]:
    """Each live webhook's oldest pending delivery, when it is due: one in flight per
    webhook keeps a receiver's events in order."""
    with store.transaction(write=False) as c:
        c.execute(store.q(
            across("webhook-runner") + f"SELECT {_DUE_COLUMNS} FROM ledger_webhook_deliveries d"
            " JOIN (SELECT campaign_id, webhook_id, MIN(position) AS p"
            " FROM ledger_webhook_deliveries WHERE status='pending'"
            " GROUP BY campaign_id, webhook_id) h"
            " ON d.campaign_id=h.campaign_id AND d.webhook_id=h.webhook_id AND d.position=h.p"
            " WHERE d.next_attempt_at<=? AND (d.lease_until IS NULL OR d.lease_until<?)"),
            (now, now))
        return [_delivery(row) for row in c.fetchall()]


def claim(store: EventStore, delivery: Delivery, now: str, lease_until: str) -> bool:
    """Compare-and-set on the attempt count: two runners never send the same attempt."""
    with store.transaction(write=True) as c:
        c.execute(store.q("UPDATE ledger_webhook_deliveries SET lease_until=? WHERE campaign_id=?"
                          " AND id=? AND attempts=? AND status='pending'"
                          " AND (lease_until IS NULL OR lease_until<?) RETURNING id"),
                  (lease_until, delivery.campaign_id, delivery.id, delivery.attempts, now))
        return c.fetchone() is not None


def record_attempt(store: EventStore, delivery: Delivery, outcome: dict[str, Any]) -> None:
    """Log the attempt and move the delivery on (delivered, retry later, or given up)."""
    with store.transaction(write=True) as c:
        c.execute(store.q("INSERT INTO ledger_webhook_attempts (campaign_id, delivery_id, attempt,"
                          " webhook_id, at, http_status, error, duration_ms)"
                          " VALUES (?,?,?,?,?,?,?,?)"),
                  (delivery.campaign_id, delivery.id, delivery.attempts + 1,
                   delivery.webhook_id, outcome["at"],
                   outcome["http_status"], outcome["error"], outcome["duration_ms"]))
        c.execute(store.q("UPDATE ledger_webhook_deliveries SET status=?, attempts=attempts+1,"
                          " next_attempt_at=?, lease_until=NULL, last_status=?, last_error=?,"
                          " delivered_at=? WHERE campaign_id=? AND id=? AND status='pending'"),
                  (outcome["status"], outcome["next_attempt_at"], outcome["http_status"],
                   outcome["error"], outcome["delivered_at"], delivery.campaign_id, delivery.id))
