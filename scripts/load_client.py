"""The load's clients and their record (see scripts/load.py): each client sends its
commands one after another, retrying each with the same Idempotency-Key until answered."""

from __future__ import annotations

import http.client
import json
import math
import random
import threading
import time
import uuid
from collections import Counter
from urllib.parse import urlsplit

import msgspec

from scripts.benchparts.common import percentile

LOCKED = b"database is locked"
# gunicorn closes a keep-alive connection idle for 2 s; reusing one idle for nearly that
# long races its close and fails a request that never reached the server.
IDLE_REUSE_SECONDS = 1.0


class Target(msgspec.Struct, frozen=True):
    campaign_id: str
    token: str
    character_id: str


class Attempt(msgspec.Struct, array_like=True):
    at: float  # seconds since the load started
    status: str  # "200", "503", "timeout", "connection"...
    ms: float


class Command(msgspec.Struct):
    key: str
    campaign_id: str
    acknowledged: bool = False
    positions: list[int] = msgspec.field(default_factory=list)
    status: str = ""  # the final answer's status
    attempts: int = 0
    ms: float = 0.0  # first try to final answer


class LoadResult(msgspec.Struct):
    seconds: float
    clients: int
    sent: int
    acknowledged: int
    requests: int
    throughput: float  # acknowledged commands per second of load
    p50_ms: float  # request latency of 2xx answers
    p99_ms: float
    errors: dict[str, int]  # non-2xx requests by status, "timeout" or "connection"
    server_errors: int  # requests answered 5xx
    locked: int  # answers whose body mentions "database is locked"
    bad_5xx: list[str]  # 5xx answers that were not problem+json (or a 503 without Retry-After)
    samples: dict[str, str]  # the first body answered with each non-2xx status
    commands: list[Command]
    attempts: list[Attempt]

    def acks(self) -> list[Command]:
        return [c for c in self.commands if c.acknowledged]


class _Client:
    """One client: commands one after another, each retried until answered or drained."""

    def __init__(self, load: Load, index: int, target: Target) -> None:
        self.load, self.index, self.target = load, index, target
        self.conn: http.client.HTTPConnection | None = None
        self.used = 0.0  # when the connection last answered
        self.path = f"/v1/campaigns/{target.campaign_id}/characters/{target.character_id}/mana/gain"

    def run(self) -> None:
        n = 0
        while time.monotonic() < self.load.stop_at:
            n += 1
            key = f"load-{self.load.run_id}-{self.index}-{n}"
            command = Command(key, self.target.campaign_id)
            self.load.record_command(command)
            self.command(command)
        if self.conn is not None:
            self.conn.close()

    def command(self, command: Command) -> None:
        body = json.dumps({"amount": 1, "reason": command.key})
        headers = {"Authorization": f"Bearer {self.target.token}",
                   "Content-Type": "application/json", "Idempotency-Key": command.key}
        first = time.monotonic()
        delay = 0.05
        while True:
            command.attempts += 1
            status, raw, retry_after = self.request(body, headers)
            command.status = status
            if status.startswith("2"):
                command.acknowledged = True
                command.positions = [e["position"] for e in json.loads(raw)["events"]]
                break
            retryable = status in ("timeout", "connection") or status.startswith("5")
            if not retryable or time.monotonic() >= self.load.drain_until:
                break
            pause = retry_after if retry_after is not None else delay
            time.sleep(min(pause, self.load.max_backoff) * random.uniform(0.5, 1.0))
            delay = min(delay * 2, self.load.max_backoff)
        command.ms = (time.monotonic() - first) * 1000

    def request(self, body: str, headers: dict[str, str]) -> tuple[str, bytes, float | None]:
        start = time.monotonic()
        if start - self.used > IDLE_REUSE_SECONDS:
            self.reset()  # the server may be closing it right now
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.load.netloc, timeout=self.load.timeout)
            self.conn.request("POST", self.path, body, headers)
            response = self.conn.getresponse()
            raw = response.read()
        except TimeoutError:
            return self.failed("timeout", start)
        except (OSError, http.client.HTTPException):
            return self.failed("connection", start)
        status = str(response.status)
        self.used = time.monotonic()
        self.load.observe(start, status, raw, response.getheader("Content-Type", ""),
                          response.getheader("Retry-After"))
        if response.getheader("Connection", "").lower() == "close":
            self.reset()
        after = response.getheader("Retry-After")
        return status, raw, float(after) if after and after.isdigit() else None

    def failed(self, status: str, start: float) -> tuple[str, bytes, None]:
        self.reset()
        self.load.observe(start, status, b"", "", None)
        return status, b"", None

    def reset(self) -> None:
        if self.conn is not None:
            self.conn.close()
        self.conn = None


class Load:
    """A running load; `start()`, inject faults, then `result()` waits and sums up."""

    def __init__(self, base: str, targets: list[Target], *, clients: int = 16,
                 seconds: float = 20.0, drain: float = 30.0, timeout: float = 10.0,
                 max_backoff: float = 2.0) -> None:
        self.netloc = urlsplit(base).netloc
        self.targets, self.clients, self.seconds = targets, clients, seconds
        self.drain, self.timeout, self.max_backoff = drain, timeout, max_backoff
        self.run_id = uuid.uuid4().hex[:8]
        self.commands: list[Command] = []
        self.attempts: list[Attempt] = []
        self.locked, self.bad_5xx = 0, []  # type: tuple[int, list[str]]
        self.samples: dict[str, str] = {}
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self.started = self.stop_at = self.drain_until = 0.0

    def start(self) -> Load:
        self.started = time.monotonic()
        self.stop_at = self.started + self.seconds
        self.drain_until = self.stop_at + self.drain
        for i in range(self.clients):
            client = _Client(self, i, self.targets[i % len(self.targets)])
            thread = threading.Thread(target=client.run, name=f"load-{i}", daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def hold(self) -> None:
        """Keep the clients sending past `seconds`, until `release()`."""
        self.stop_at = self.drain_until = math.inf

    def release(self) -> None:
        """Stop at the planned end, or now if that has passed while held."""
        self.stop_at = max(self.started + self.seconds, time.monotonic())
        self.drain_until = self.stop_at + self.drain

    def answered(self, status: str, since: float) -> bool:
        """Has a request sent `since` seconds into the load or later been answered with a
        status starting with `status` ("503", "2", "connection")?"""
        with self._lock:
            return any(a.at >= since and a.status.startswith(status)
                       for a in reversed(self.attempts))

    def record_command(self, command: Command) -> None:
        with self._lock:
            self.commands.append(command)

    def observe(self, start: float, status: str, raw: bytes, ctype: str, after: str | None) -> None:
        now = time.monotonic()
        with self._lock:
            self.attempts.append(Attempt(start - self.started, status, (now - start) * 1000))
            if not status.startswith("2"):
                self.samples.setdefault(status, raw[:300].decode(errors="replace"))
            if LOCKED in raw.lower():
                self.locked += 1
            problem = ctype.startswith("application/problem+json")
            if status.startswith("5") and (not problem or (status == "503" and not after)):
                self.bad_5xx.append(f"{status} {ctype} {raw[:200]!r}")

    def result(self) -> LoadResult:
        for thread in self._threads:
            thread.join()
        ok = [a.ms for a in self.attempts if a.status.startswith("2")]
        errors = Counter(a.status for a in self.attempts if not a.status.startswith("2"))
        acked = sum(c.acknowledged for c in self.commands)
        seconds = self.stop_at - self.started  # longer than planned if it was held
        return LoadResult(
            seconds=seconds, clients=self.clients, sent=len(self.commands),
            acknowledged=acked, requests=len(self.attempts), throughput=acked / seconds,
            p50_ms=percentile(ok, 50), p99_ms=percentile(ok, 99), errors=dict(errors),
            server_errors=sum(n for s, n in errors.items() if s.startswith("5")),
            locked=self.locked, bad_5xx=self.bad_5xx, samples=self.samples, commands=self.commands,
            attempts=sorted(self.attempts, key=lambda a: a.at))
