"""Merkle proofs at random sizes of a large campaign, and what a receipt adds to a write.

Proofs are read by a fresh store (no cached nodes: what a cold worker pays), against the
baseline of reading one event by its position. A receipt's cost is measured twice, in
process, alternating with its baseline: at the store (a command alone against the same
command followed by its receipt), and at the API (a write request through the app against
the same request with the answer's receipt step skipped)."""

from __future__ import annotations

import random
import time
from contextlib import nullcontext
from unittest import mock

import msgspec

import api.answers
from api import create_app
from ledger.adapters.signing import HeadSigner
from ledger.service.audit import receipts
from ledger.service.config import Config
from ledger.service.wiring import build_ledger
from scripts.benchparts.common import median, percentile
from scripts.benchparts.fill import GM, burst


def proof_latency(config: Config, campaign_id: str, size: int, samples: int = 300
                  ) -> dict[str, float]:
    ledger = build_ledger(config)
    store = ledger.store
    lookups, inclusions, consistencies = [], [], []
    try:
        for _ in range(samples):
            position = random.randint(1, size)
            start = time.perf_counter()
            store.read(campaign_id, after=position - 1, upto=position)
            lookups.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            receipts.inclusion(store, campaign_id, position, size)
            inclusions.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            receipts.consistency(store, campaign_id, random.randint(1, size), size)
            consistencies.append((time.perf_counter() - start) * 1000)
    finally:
        store.close()
    return {"lookup": percentile(lookups, 95), "inclusion": percentile(inclusions, 95),
            "consistency": percentile(consistencies, 95)}


def receipt_cost(config: Config, campaign_id: str, rounds: int = 200) -> tuple[float, float]:
    """Median ms of a write with its receipt, and of the write alone (alternating)."""
    ledger = build_ledger(config)
    signer = HeadSigner(ledger.box)
    character = next(iter(ledger.state(campaign_id).characters))
    plain, with_receipt = [], []
    try:
        for i in range(rounds):
            start = time.perf_counter()
            outcome = ledger.execute(campaign_id, GM, burst(character, 1))
            if i % 2:
                receipts.receipt(ledger.store, signer, campaign_id, outcome.position,
                                 [r.position for r in outcome.records],
                                 [r.hash for r in outcome.records],
                                 outcome.records[-1].recorded_at)
                with_receipt.append((time.perf_counter() - start) * 1000)
            else:
                plain.append((time.perf_counter() - start) * 1000)
    finally:
        ledger.store.close()
    return median(with_receipt), median(plain)


def api_receipt_cost(config: Config, rounds: int = 400) -> tuple[float, float]:
    """Median ms of a write request through the app, with its receipt and without: the
    receipt step (`api.answers.with_receipt`) is skipped on alternate requests, so both
    run the same route, token check, command, commit and JSON answer."""
    app = create_app(msgspec.structs.replace(config, rate_limit_per_minute=10**9,
                                             log_level="WARNING"))
    client = app.test_client()
    created = client.post("/v1/campaigns", json={"name": "Receipt bench"}).get_json()
    cid, headers = created["campaign"]["id"], {"Authorization": f"Bearer {created['gm_token']}"}
    mara = client.post(f"/v1/campaigns/{cid}/characters", headers=headers,
                       json={"name": "Mara", "mana": {"current": 0, "max": 1_000_000}})
    path = f"/v1/campaigns/{cid}/characters/{mara.get_json()['character']['id']}/mana/gain"
    with_receipt, plain = [], []
    for i in range(rounds):
        skip = mock.patch.object(api.answers, "with_receipt", lambda _cid, body: body)
        with skip if i % 2 else nullcontext():
            start = time.perf_counter()
            answer = client.post(path, headers=headers, json={"amount": 1, "reason": "bench"})
            took = (time.perf_counter() - start) * 1000
        if answer.status_code != 200 or ("receipt" in answer.get_json()) != (i % 2 == 0):
            raise RuntimeError(f"the bench write answered {answer.status_code}: {answer.data!r}")
        (plain if i % 2 else with_receipt).append(took)
    return median(with_receipt), median(plain)
