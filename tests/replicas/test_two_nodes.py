"""Two `serve` nodes sharing a primary and a hot standby (LEDGER_POSTGRES_REPLICAS).

Writes go to both nodes in turn; after each acknowledged write, the other node is read
with the position as a hint (and `?at=` it). No hinted read may answer an older position;
the standby is stopped mid-load, and no acknowledged write may be lost, no answer be 5xx.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from ledger.service.config import Config
from tests.faults.checks import ARTIFACTS
from tests.faults.pgcluster import ClusterUnavailableError
from tests.faults.server import Server
from tests.needs import missing
from tests.replicas.standby import primary_and_standby
from tests.waiting import wait_until

STORES = [s for s in os.environ.get("LEDGER_TEST_STORES", "sqlite,postgres").split(",") if s]
HINT = "Ledger-Min-Position"


def call(method: str, url: str, body: Any = None, token: str = "",
         headers: dict[str, str] | None = None) -> tuple[int, Any, dict[str, str]]:
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(),
                                     method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read() or b"null"), dict(answer.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null"), dict(exc.headers)


class Traffic:
    """Writes on both nodes in turn, each followed by hinted reads on the other node."""

    def __init__(self, nodes: list[str], campaign: str, token: str) -> None:
        self.nodes, self.campaign, self.token = nodes, campaign, token
        self.acknowledged: list[int] = []
        self.problems: list[str] = []
        self.lag_headers: list[str] = []
        self.stop = threading.Event()

    def c(self, node: int, suffix: str) -> str:
        return f"{self.nodes[node % 2]}/v1/campaigns/{self.campaign}{suffix}"

    def run(self) -> None:
        turn = 0
        while not self.stop.is_set():
            turn += 1
            status, body, _ = call("POST", self.c(turn, "/clock/advance"), {"minutes": 1},
                                   self.token)
            if status != 200:
                self.problems.append(f"write answered {status}: {body}")
                continue
            position = int(body["position"])
            self.acknowledged.append(position)
            self.read_back(turn + 1, position)

    def read_back(self, node: int, position: int) -> None:
        hint = {HINT: str(position)}
        for suffix, headers in ((f"/state?at={position}", {}), ("/events?after=0&limit=500", hint)):
            status, body, sent = call("GET", self.c(node, suffix), token=self.token,
                                      headers=headers)
            if status != 200:
                self.problems.append(f"GET {suffix} answered {status}: {body}")
                continue
            if suffix.startswith("/state"):
                seen = int(body["position"])
                if seen != position:
                    self.problems.append(f"state?at={position} answered position {seen}")
            elif position not in {e["position"] for e in body["events"]} and body["next"] is None:
                self.problems.append(f"/events with {HINT}: {position} lacks {position}")
        # Without a hint, a replica's answer says how far it trails the primary.
        status, _, sent = call("GET", self.c(node, "/events?after=0&limit=1"), token=self.token)
        if status != 200:
            self.problems.append(f"unhinted /events answered {status}")
        elif "Ledger-Replica-Lag" in sent:
            self.lag_headers.append(sent["Ledger-Replica-Lag"])


@pytest.mark.slow
def test_two_nodes_read_their_writes_and_outlive_the_standby(tmp_path: Path) -> None:
    if "postgres" not in STORES:
        pytest.skip("LEDGER_TEST_STORES does not select postgres")
    try:
        clusters = primary_and_standby("ledger")
        primary, standby = clusters.__enter__()
    except ClusterUnavailableError as exc:
        missing(f"no private PostgreSQL primary and standby here: {exc}")
    servers: list[Server] = []
    try:
        config = Config(data_dir=str(tmp_path), store="postgres", pg_dbname="ledger",
                        pg_port=primary.port, pg_user="postgres",
                        secret_key=secrets.token_hex(32), rate_limit_per_minute=10**9,
                        pg_replicas=[f"127.0.0.1:{standby.port}"],
                        replica_wait_seconds=2.0, replica_retry_seconds=1.0)
        ARTIFACTS.mkdir(exist_ok=True)
        for name in ("a", "b"):
            servers.append(Server(config, ARTIFACTS / f"replicas-node-{name}.log", workers=2))
            servers[-1].start()
        status, created, _ = call("POST", f"{servers[0].base}/v1/campaigns", {"name": "Noir"})
        assert status == 201, created
        traffic = Traffic([s.base for s in servers], created["campaign"]["id"], created["gm_token"])
        load = threading.Thread(target=traffic.run, daemon=True)
        load.start()
        try:
            wait_until(lambda: len(traffic.acknowledged) >= 30 and traffic.lag_headers,
                       "30 writes read back, some from the standby")
            ready = json.loads(urllib.request.urlopen(f"{servers[1].base}/readyz").read())
            assert [r["state"] for r in ready["replicas"]] == ["up"]
            standby.stop("immediate")
            stopped_at = len(traffic.acknowledged)
            wait_until(lambda: len(traffic.acknowledged) >= stopped_at + 30,
                       "30 more writes read back with the standby down")
        finally:
            traffic.stop.set()
            load.join(timeout=120)
        assert traffic.problems == []
        ready = json.loads(urllib.request.urlopen(f"{servers[1].base}/readyz").read())
        assert [r["state"] for r in ready["replicas"]] == ["down"]
        # Every acknowledged write is on the primary, once, in order.
        status, body, _ = call("GET", traffic.c(0, "/events?after=0&limit=1000"),
                               token=traffic.token)
        recorded = [e["position"] for e in body["events"] if e["type"] == "TimeAdvanced"]
        assert status == 200
        assert sorted(traffic.acknowledged) == recorded
        assert all(float(lag) >= 0 for lag in traffic.lag_headers)
    finally:
        for server in servers:
            server.stop()
        clusters.__exit__(None, None, None)
