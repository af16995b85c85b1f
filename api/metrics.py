"""Prometheus metrics, aggregated across gunicorn workers.

Per-process counters and histograms use prometheus_client's multiprocess mode
when PROMETHEUS_MULTIPROC_DIR is set (`campaign-ledger serve` sets a fresh
directory per run off the data disk), so any worker's `/metrics` answers
the sum over all workers. Values that other processes own, such as runners' lag,
heartbeats and webhook failures, are read from the database at scrape time: the
database is the one place where they are true for every process.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector

from ledger.adapters.store.base import EventStore
from ledger.service import checkpoints, health
from ledger.service.replicas import Replicas

REQUEST_SECONDS = Histogram(
    "ledger_http_request_duration_seconds", "Time to answer a request (to the first byte "
    "for the change feed), by route", ["route", "method"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0))
REQUESTS = Counter("ledger_http_requests", "Requests answered, by route and status",
                   ["route", "method", "status"])
EVENTS_APPENDED = Counter("ledger_events_appended", "Events appended by this service")
CHECKPOINT_FORGERIES = Counter(
    "ledger_checkpoint_forgeries", "Forged checkpoints met (each once per process): reads "
    "folded past them; by kind (mac: the seal fails, chain: not at the chain's hash)",
    ["problem"])
checkpoints.forgery_listeners.append(
    lambda _campaign, _position, kind: CHECKPOINT_FORGERIES.labels(kind).inc())
FEED_SUBSCRIBERS = Gauge("ledger_feed_subscribers", "Open change-feed streams",
                         multiprocess_mode="livesum")


def observe_request(route: str, method: str, status: int, seconds: float) -> None:
    REQUEST_SECONDS.labels(route, method).observe(seconds)
    REQUESTS.labels(route, method, str(status)).inc()


class DatabaseCollector:
    """Lag, heartbeats and webhook outcomes, as the database knows them."""

    def __init__(self, store: EventStore, replicas: Replicas | None = None) -> None:
        self.store = store
        self.replicas = replicas

    def collect(self) -> Iterator[Metric]:
        lag_events = GaugeMetricFamily("ledger_projection_lag_events", "Events of the global "
                                       "order not yet applied, per consumer", labels=["name"])
        lag_seconds = GaugeMetricFamily("ledger_projection_lag_seconds", "Age of the oldest "
                                        "event not yet applied, per consumer", labels=["name"])
        for consumer in health.consumers(self.store):
            lag_events.add_metric([consumer.name], consumer.lag_events)
            lag_seconds.add_metric([consumer.name], consumer.lag_seconds)
        beats = GaugeMetricFamily("ledger_runner_heartbeat_age_seconds",
                                  "Seconds since each runner's last heartbeat", labels=["runner"])
        for beat in health.runners(self.store, stale_after=0):
            beats.add_metric([beat.name], beat.age_seconds)
        counts = health.webhook_counts(self.store)
        failures = CounterMetricFamily("ledger_webhook_delivery_failures",
                                       "Webhook delivery attempts that failed")
        failures.add_metric([], counts["failed_attempts"])
        deliveries = GaugeMetricFamily("ledger_webhook_deliveries",
                                       "Webhook deliveries by status", labels=["status"])
        for status, count in sorted(counts["deliveries"].items()):
            deliveries.add_metric([status], count)
        yield from (lag_events, lag_seconds, beats, failures, deliveries)
        if self.replicas is not None:
            yield from replica_metrics(self.replicas)


def replica_metrics(replicas: Replicas) -> Iterator[Metric]:
    up = GaugeMetricFamily("ledger_replica_up", "1 when a read replica takes reads (reachable "
                           "and within LEDGER_REPLICA_MAX_LAG_SECONDS), else 0",
                           labels=["replica", "state"])
    lag = GaugeMetricFamily("ledger_replica_lag_seconds", "Seconds a read replica's replay "
                            "trails the primary (absent while it is down)", labels=["replica"])
    for status in replicas.status():
        up.add_metric([status.name, status.state], 1 if status.state == "up" else 0)
        if status.lag_seconds is not None:
            lag.add_metric([status.name], status.lag_seconds)
    yield from (up, lag)


def exposition(store: EventStore, replicas: Replicas | None = None) -> bytes:
    """The text format: this process's (or all workers') metrics, then the database's."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        workers = CollectorRegistry()
        MultiProcessCollector(workers)  # type: ignore[no-untyped-call]
        own = generate_latest(workers)
    else:
        own = generate_latest(REGISTRY)
    database = CollectorRegistry()
    database.register(DatabaseCollector(store, replicas))
    return own + generate_latest(database)
