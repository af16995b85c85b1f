"""HTTP writes through gunicorn: 16 concurrent clients, each on its own campaign, against
a minimal endpoint on the same server that checks a token and commits one raw row."""

from __future__ import annotations

import functools
import http.client
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import msgspec

from ledger.service.config import Config
from scripts.benchparts.common import alternating, in_processes, median, percentile
from tests.live_server import http as call
from tests.live_server import live_server

CLIENT_PROCESSES = 4
THREADS_PER_PROCESS = 4
# Each run opens new connections, which the workers' accept race shares out unevenly, so
# one half of A B B A can stand several percent above or below the next: four rounds of
# it weigh that out, and each round's ratio is kept to show the spread.
ROUNDS = 4


def _setup_campaign(base: str, log: Path) -> tuple[str, str, str]:
    # A 503 says "retry shortly", and a client does; one seen here is named with the
    # server's log, so that a failed run says why.
    for tries_left in reversed(range(5)):
        status, created = call("POST", f"{base}/v1/campaigns", {"name": "Bench"})
        if status != 503:
            break
        print(f"creating a bench campaign answered 503; server log: {_warnings(log)}",
              file=sys.stderr)
        if tries_left:
            time.sleep(1)
    if status != 201:
        raise RuntimeError(f"creating the bench campaign answered {status}: {created}")
    cid, token = created["campaign"]["id"], created["gm_token"]
    status, mara = call("POST", f"{base}/v1/campaigns/{cid}/characters",
                        {"name": "Mara", "mana": {"current": 0, "max": 1_000_000}}, token)
    if status != 201:
        raise RuntimeError(f"registering the bench character answered {status}: {mara}")
    return cid, token, mara["character"]["id"]


def _warnings(log: Path) -> str:
    lines = log.read_text(errors="replace").splitlines()
    return " | ".join(line for line in lines if "WARNING" in line or "ERROR" in line)[-2000:]


def _client(port: int, targets: list[tuple[str, str]], seconds: float) -> list[float]:
    """Threads posting as fast as they can; returns every latency in ms (negative: error)."""
    latencies: list[float] = []
    lock = threading.Lock()

    def run(path: str, token: str) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        body = json.dumps({"amount": 1, "reason": "bench"})
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        mine, deadline = [], time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            conn.request("POST", path, body, headers)
            response = conn.getresponse()
            response.read()
            ms = (time.perf_counter() - start) * 1000
            mine.append(ms if response.status < 300 else -ms)
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=run, args=t) for t in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies


def _run(port: int, targets: list[tuple[str, str]], seconds: float) -> list[float]:
    chunks = [targets[i::CLIENT_PROCESSES] for i in range(CLIENT_PROCESSES)]
    results = in_processes(CLIENT_PROCESSES, _client, [(port, c, seconds) for c in chunks])
    return [ms for part in results for ms in part]  # type: ignore[union-attr]


def _summary(flat: list[float], seconds: float) -> dict[str, Any]:
    ok = [ms for ms in flat if ms >= 0]
    return {"rate": len(ok) / seconds, "p50": median(ok), "p99": percentile(ok, 99),
            "errors": len(flat) - len(ok)}


def measure(config: Config, seconds: float, workers: int = 4,
            rounds: int = ROUNDS) -> dict[str, dict[str, Any]]:
    """Each arm's rate, p50, p99 and errors over `rounds` rounds of A B B A (`seconds` a
    round); the command's also has every round's ratio to the baseline."""
    bench = msgspec.structs.replace(config, bench_endpoints=True, rate_limit_per_minute=10**9)
    with tempfile.TemporaryDirectory() as tmp, \
            live_server(bench, workers=workers, log=Path(tmp) / "server.log") as base:
        port = int(base.rsplit(":", 1)[1])
        campaigns = [_setup_campaign(base, Path(tmp) / "server.log")
                     for _ in range(CLIENT_PROCESSES * THREADS_PER_PROCESS)]
        targets = {"command": [(f"/v1/campaigns/{c}/characters/{ch}/mana/gain", t)
                               for c, t, ch in campaigns],
                   "baseline": [(f"/v1/bench/{c}/raw-commit", t) for c, t, _ in campaigns]}
        for mine in targets.values():  # both paths warm in every worker
            _run(port, mine, 1.0)
        runs: dict[str, list[list[float]]] = {arm: [] for arm in targets}
        ratios = []
        for _ in range(rounds):
            one = alternating({arm: functools.partial(_run, port, mine)
                               for arm, mine in targets.items()}, seconds)
            rates = {arm: _summary([ms for run in halves for ms in run], seconds)["rate"]
                     for arm, halves in one.items()}
            ratios.append(rates["command"] / rates["baseline"])
            for arm, halves in one.items():
                runs[arm] += halves
        out = {arm: _summary([ms for run in halves for ms in run], seconds * rounds)
               for arm, halves in runs.items()}
        out["command"]["round_ratios"] = ratios
        return out


def worker_rss_mb(config: Config, campaign_id: str, token: str, size: int) -> float:
    """Largest worker RSS after loading a big campaign's head and random past states."""
    import random

    with live_server(config, workers=2) as base:
        for _ in range(60):
            call("GET", f"{base}/v1/campaigns/{campaign_id}/state?at={random.randint(1, size)}",
                 token=token)
            call("GET", f"{base}/v1/campaigns/{campaign_id}/state", token=token)
        return max(_rss_of_children(base), default=float("nan"))


def _rss_of_children(base: str) -> list[float]:
    port = base.rsplit(":", 1)[1]
    out = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                cmdline = handle.read().decode(errors="replace")
            if "gunicorn" not in cmdline or f":{port}" not in cmdline:
                continue
            with open(f"/proc/{pid}/status") as handle:
                status = handle.read()
        except OSError:
            continue
        kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))
        out.append(kb / 1024)
    return out
