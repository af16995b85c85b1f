"""`campaign-ledger serve` as a process group the fault tests can kill, restart and inspect."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from ledger.service.config import Config
from tests.live_server import free_port, http
from tests.waiting import WaitTimeoutError, wait_until


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        # The parent pid is the second field after the command name in parentheses.
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry))
    return found


class Server:
    """One `serve` (its own session, so a kill -9 of the group takes gunicorn along)."""

    def __init__(self, config: Config, log: Path, workers: int = 3) -> None:
        self.config, self.log, self.workers = config, log, workers
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.started = False

    def start(self) -> Server:
        """Start (or restart, on the same port). On the first start a port found free may
        be taken before gunicorn binds it: then take another."""
        for tries_left in reversed(range(5)):
            logged = self.log.stat().st_size if self.log.exists() else 0
            cmd = [sys.executable, "-m", "ledger.entry.cli", "serve", "--port", str(self.port),
                   "--workers", str(self.workers), "--no-runners"]
            with open(self.log, "ab") as out:
                self.proc = subprocess.Popen(cmd, env={**os.environ, **self.config.to_env()},
                                             stdout=out, stderr=subprocess.STDOUT,
                                             start_new_session=True)
            try:
                self.wait_ready()
            except RuntimeError:
                said = self.log.read_bytes()[logged:]
                if self.started or not tries_left or b"in use" not in said:
                    raise
                self.port = free_port()
                self.base = f"http://127.0.0.1:{self.port}"
                continue
            self.started = True
            return self
        raise AssertionError("unreachable")

    def wait_ready(self) -> None:
        def ready() -> bool:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"serve exited: see {self.log}")
            return http("GET", f"{self.base}/readyz", timeout=10)[0] == 200 and bool(
                self.worker_pids())

        try:
            wait_until(ready, f"serve to be ready (see {self.log})", retry_on=(OSError, ValueError))
        except WaitTimeoutError as exc:
            raise RuntimeError(str(exc)) from exc

    def master_pid(self) -> int | None:
        assert self.proc is not None
        masters = _children(self.proc.pid)
        return masters[0] if masters else None

    def worker_pids(self) -> list[int]:
        master = self.master_pid()
        return sorted(_children(master)) if master else []

    def kill_worker(self) -> int:
        """kill -9 one gunicorn worker (the master forks a new one)."""
        pid = random.choice(self.worker_pids())
        os.kill(pid, signal.SIGKILL)
        return pid

    def kill_all(self) -> None:
        """kill -9 of the whole server: serve, the gunicorn master and every worker."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def reload_workers(self) -> None:
        """SIGHUP: gunicorn starts new workers (new store connections) and retires the old."""
        master = self.master_pid()
        assert master is not None
        old = set(self.worker_pids())
        os.kill(master, signal.SIGHUP)

        def replaced() -> bool:
            now = set(self.worker_pids())
            return len(now) == self.workers and not now & old

        wait_until(replaced, "gunicorn to replace its workers")

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=20)
        with contextlib.suppress(ProcessLookupError):  # whatever of the group outlived serve
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
