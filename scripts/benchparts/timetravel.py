"""`state?at=` at random positions for campaigns of 1k to 1M events, through the real
Flask app (token check, time travel, JSON encoding); a fresh worker's first read; and
full replays."""

from __future__ import annotations

import random
import time
import uuid

from api import create_app
from api.runtime import warm
from ledger.adapters.secrets_box import hash_secret
from ledger.adapters.store.base import iter_batches
from ledger.adapters.store.records import TokenRow
from ledger.domain.fold import blank, fold
from ledger.service.config import Config
from ledger.service.wiring import build_ledger
from scripts.benchparts.common import in_processes, median, percentile
from scripts.benchparts.fill import fill

SIZES = (1_000, 10_000, 100_000)


def filled(config: Config, sizes: tuple[int, ...] = SIZES) -> dict[int, tuple[str, str]]:
    """Campaigns of each size; returns size -> (campaign id, GM token)."""
    ledger = build_ledger(config)
    out = {}
    for size in sizes:
        cid = f"cmp_bench{size}_{uuid.uuid4().hex[:8]}"
        fill(ledger, cid, size)
        token_id = f"tokbench{size}{uuid.uuid4().hex[:6]}"
        secret = ledger.box.token_secret(token_id)
        ledger.store.add_token(TokenRow(token_id, cid, "gm", None, "bench", hash_secret(secret), "now"))
        out[size] = (cid, secret)
    ledger.store.close()
    return out


def state_at_latency(config: Config, campaigns: dict[int, tuple[str, str]], samples: int = 300
                     ) -> list[dict[str, object]]:
    client = create_app(config).test_client()
    rows = []
    for size, (cid, token) in campaigns.items():
        headers = {"Authorization": f"Bearer {token}"}
        client.get(f"/v1/campaigns/{cid}/state?at=1", headers=headers)  # warm the worker
        times = []
        for _ in range(samples):
            at = random.randint(1, size)
            start = time.perf_counter()
            response = client.get(f"/v1/campaigns/{cid}/state?at={at}", headers=headers)
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200
            assert response.get_json()["position"] == at
        rows.append({"size": size, "p50": median(times), "p95": percentile(times, 95)})
    return rows


def _first_read(config: Config, campaign_id: str, token: str, at: int) -> float:
    """In a new process: build the app and open the store as a worker does at boot
    (api/serving.py), then time its first `state?at=` (no cached head, no checkpoint)."""
    app = create_app(config)
    warm(app)
    client = app.test_client()
    start = time.perf_counter()
    response = client.get(f"/v1/campaigns/{campaign_id}/state?at={at}",
                          headers={"Authorization": f"Bearer {token}"})
    ms = (time.perf_counter() - start) * 1000
    assert response.status_code == 200
    assert response.get_json()["position"] == at
    return ms


def fresh_first_read(config: Config, campaign_id: str, token: str, size: int,
                     workers: int = 5) -> list[float]:
    """The first `state?at=` of each of `workers` fresh processes, one after another."""
    return [in_processes(1, _first_read, [(config, campaign_id, token, random.randint(1, size))])[0]
            for _ in range(workers)]


def replay_rate(config: Config, campaign_id: str, size: int) -> tuple[float, float]:
    """Events/s of a full fold in batches, and of reading the same rows alone."""
    ledger = build_ledger(config)
    start = time.perf_counter()
    rows = sum(len(batch) for batch in iter_batches(ledger.store, campaign_id, size))
    read_only = rows / (time.perf_counter() - start)
    start = time.perf_counter()
    state = blank(campaign_id)
    for batch in iter_batches(ledger.store, campaign_id, size):
        fold(state, batch)
    folded = size / (time.perf_counter() - start)
    assert state.position == size
    ledger.store.close()
    return folded, read_only
