"""Merkle proofs at random sizes of a large campaign, and what a receipt adds to a write.

Proofs are read by a fresh store (no cached nodes: what a cold worker pays), against the
baseline of reading one event by its position. A receipt's cost is measured in process:
a command alone against the same command followed by its receipt, alternating."""

from __future__ import annotations

import random
import time

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
