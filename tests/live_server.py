"""Start the real `campaign-ledger serve` (gunicorn) on a free loopback port for a test."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from ledger.service.config import Config
from tests.waiting import DEADLINE_SECONDS, wait_until


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(config: Config, *extra: str, workers: int = 2, runners: bool = False,
                log: Path | None = None) -> Iterator[str]:
    """`serve` without its runners unless asked; its output goes to `log` if given (else
    its error log to a temporary file: a pipe nobody reads could fill and stall it)."""
    env = {**os.environ, **config.to_env()}
    with (log.open("w+b") if log else tempfile.TemporaryFile()) as out:
        for tries_left in reversed(range(5)):
            port = free_port()
            cmd = [sys.executable, "-m", "ledger.entry.cli", "serve", "--port", str(port),
                   "--workers", str(workers), *([] if runners else ["--no-runners"]), *extra]
            proc = subprocess.Popen(cmd, env=env, stdout=out if log else subprocess.DEVNULL,
                                    stderr=out)
            base = f"http://127.0.0.1:{port}"
            try:
                _wait_ready(base, proc, out)
                break
            except PortTakenError:
                if not tries_left:
                    raise
        try:
            yield base
        finally:
            _stop(proc)


class PortTakenError(RuntimeError):
    """The port found free was taken before the server could bind it."""


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _wait_ready(base: str, proc: subprocess.Popen[bytes], errors: IO[bytes] | None = None) -> None:
    def ready() -> bool:
        if proc.poll() is not None:
            said = ""
            if errors is not None:
                errors.seek(0)
                said = errors.read().decode(errors="replace")
                errors.seek(0)
                errors.truncate()  # the next try writes from the start
            taken = "in use" in said
            raise (PortTakenError if taken else RuntimeError)(f"server exited: {said}")
        return http("GET", f"{base}/readyz", timeout=10)[0] == 200

    try:
        wait_until(ready, f"the server at {base} to be ready", retry_on=(OSError,))
    except BaseException:
        _stop(proc)
        raise


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


def campaign_with_mara(base: str, mana_max: int = 100) -> tuple[str, str, str]:
    """A new campaign on a live server: its id, its GM token and Mara's id (Mana 0 of
    `mana_max`)."""
    _, created = http("POST", f"{base}/v1/campaigns", {"name": "Noir"})
    cid, token = created["campaign"]["id"], created["gm_token"]
    _, mara = http("POST", f"{base}/v1/campaigns/{cid}/characters",
                   {"name": "Mara", "mana": {"current": 0, "max": mana_max}}, token)
    return cid, token, mara["character"]["id"]
