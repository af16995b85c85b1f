"""Start the real `campaign-ledger serve` (gunicorn) on a free loopback port for a test."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ledger.config import Config
from tests.waiting import DEADLINE_SECONDS, wait_until


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(config: Config, *extra: str, workers: int = 2) -> Iterator[str]:
    port = free_port()
    env = {**os.environ, **config.to_env()}
    cmd = [sys.executable, "-m", "ledger.cli", "serve", "--port", str(port),
           "--workers", str(workers), "--no-runners", *extra]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(base, proc)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


def _wait_ready(base: str, proc: subprocess.Popen[bytes]) -> None:
    def ready() -> bool:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        return http("GET", f"{base}/readyz", timeout=10)[0] == 200

    wait_until(ready, f"the server at {base} to be ready", retry_on=(OSError,))


def http(method: str, url: str, body: Any = None, token: str | None = None,
         headers: dict[str, str] | None = None,
         timeout: float = DEADLINE_SECONDS) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as exc:
        raw = exc.read()
        return exc.code, json.loads(raw) if raw else None
