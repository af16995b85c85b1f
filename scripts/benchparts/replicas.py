"""`state?at=` read throughput: the primary alone, against the primary plus one hot
standby behind two API nodes, in the same run on the same campaign.

The private primary and standby are the replica test's (tests/replicas/standby.py):
`initdb`, then `pg_basebackup -R`, on free ports under a temporary directory, both
stopped and removed at the end. Every process shares this machine's cores, so the
figure shows the cost of routing, not the capacity a replica on its own host adds.
"""

from __future__ import annotations

import http.client
import os
import random
import secrets
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import msgspec

from ledger.adapters.secrets_box import hash_secret
from ledger.adapters.store.records import TokenRow
from ledger.service.config import Config
from ledger.service.wiring import build_ledger
from scripts.benchparts.common import in_processes, median, percentile
from scripts.benchparts.fill import fill
from tests.faults.server import Server
from tests.replicas.standby import primary_and_standby
from tests.waiting import wait_until

CLIENT_PROCESSES = 4
THREADS_PER_PROCESS = 4


def _reader(ports: list[int], path: str, token: str, size: int, seconds: float) -> list[float]:
    """Threads reading `state?at=` at random positions, each on one node in turn;
    every latency in ms (negative: not a 200)."""
    out: list[float] = []
    lock = threading.Lock()

    def run(port: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Authorization": f"Bearer {token}"}
        mine, deadline = [], time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            conn.request("GET", f"{path}?at={random.randint(1, size)}", headers=headers)
            response = conn.getresponse()
            response.read()
            ms = (time.perf_counter() - start) * 1000
            mine.append(ms if response.status == 200 else -ms)
        with lock:
            out.extend(mine)

    threads = [threading.Thread(target=run, args=(ports[i % len(ports)],))
               for i in range(THREADS_PER_PROCESS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def _load(servers: list[Server], path: str, token: str, size: int, seconds: float
          ) -> dict[str, float]:
    ports = [s.port for s in servers]
    spread = [ports[i:] + ports[:i] for i in range(CLIENT_PROCESSES)]
    parts = in_processes(CLIENT_PROCESSES, _reader,
                         [(p, path, token, size, seconds) for p in spread])
    flat = [ms for part in parts for ms in part]  # type: ignore[union-attr]
    ok = [ms for ms in flat if ms >= 0]
    return {"rate": len(ok) / seconds, "p50": median(ok), "p95": percentile(ok, 95),
            "errors": float(len(flat) - len(ok))}


def _campaign(config: Config, size: int) -> tuple[str, str]:
    ledger = build_ledger(config)
    cid = f"cmp_benchrep_{uuid.uuid4().hex[:8]}"
    fill(ledger, cid, size)
    token_id = f"tokbenchrep{uuid.uuid4().hex[:6]}"
    secret = ledger.box.token_secret(token_id)
    ledger.store.add_token(TokenRow(token_id, cid, "gm", None, "bench", hash_secret(secret), "now"))
    ledger.store.close()
    return cid, secret


def _serving(config: Config, logs: Path, names: list[str], workers: int) -> list[Server]:
    servers = []
    for name in names:
        servers.append(Server(config, logs / f"node-{name}.log", workers=workers).start())
    return servers


def measure(seconds: float, size: int, workers: int = 2) -> dict[str, dict[str, float]]:
    """Reads/s and latencies of three setups on one campaign of `size` events."""
    with tempfile.TemporaryDirectory() as tmp, primary_and_standby("ledger") as (primary, standby):
        config = Config(data_dir=tmp, store="postgres", pg_dbname="ledger",
                        pg_port=primary.port, pg_user="postgres",
                        secret_key=secrets.token_hex(32), rate_limit_per_minute=10**9,
                        log_level="WARNING")
        cid, token = _campaign(config, size)
        wait_until(lambda: standby.sql(f"SELECT count(*) FROM ledger_events WHERE campaign_id"
                                       f" = '{cid}'", "ledger")[0][0] == size,
                   "the standby to replay the campaign")
        with_replica = msgspec.structs.replace(config, pg_replicas=[f"127.0.0.1:{standby.port}"])
        path = f"/v1/campaigns/{cid}/state"
        out: dict[str, dict[str, float]] = {}
        for label, chosen, nodes in (("1 node, primary alone", config, ["a"]),
                                     ("2 nodes, primary alone", config, ["a", "b"]),
                                     ("2 nodes, primary + 1 replica", with_replica, ["a", "b"])):
            servers = _serving(chosen, Path(tmp), nodes, workers)
            try:
                _load(servers, path, token, size, 1.0)  # warm every worker
                before = _standby_transactions(standby)
                out[label] = _load(servers, path, token, size, seconds)
                time.sleep(1.0)  # the standby's statistics are flushed about once a second
                out[label]["standby_xacts"] = float(_standby_transactions(standby) - before)
            finally:
                for server in servers:
                    server.stop()
        return out


def _standby_transactions(standby: Any) -> int:
    """Transactions the standby has run in the bench database: a routed read is two (its
    position check and the read), a lag check one more every half second per worker."""
    rows = standby.sql("SELECT xact_commit FROM pg_stat_database WHERE datname = 'ledger'")
    return int(rows[0][0]) if rows else 0


if __name__ == "__main__":  # a quick look: python -m scripts.benchparts.replicas
    os.environ.setdefault("LEDGER_LOG_LEVEL", "WARNING")
    print(measure(3.0, 10_000))
