"""`campaign-ledger serve` as an operator runs it: several on one machine, and what it prints.

gunicorn's control socket sat at one default path per user, so two servers shared it
(a command for one reached the other; one stopping removed the other's). `serve` turns
it off. On start, one human line on stderr says where it listens, the store and the
docs; stdout stays JSON logs only.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import msgspec
import psycopg
import pytest

from ledger.service.config import Config
from tests.conftest import PG
from tests.live_server import _wait_ready, free_port, http
from tests.waiting import wait_until


@dataclass
class Served:
    base: str
    stdout: Path
    stderr: Path


@contextmanager
def serving(config: Config, logs: Path, env: dict[str, str]) -> Iterator[Served]:
    """`serve` (one worker, no runners), its stdout and stderr to files."""
    port = free_port()
    logs.mkdir(parents=True, exist_ok=True)
    served = Served(f"http://127.0.0.1:{port}", logs / "stdout", logs / "stderr")
    with served.stdout.open("wb") as out, served.stderr.open("wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "ledger.entry.cli", "serve", "--port", str(port), "--workers", "1",
             "--no-runners"], env={**os.environ, **config.to_env(), **env}, stdout=out, stderr=err)
        try:
            _wait_ready(served.base, proc)
            yield served
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def human_lines(served: Served) -> list[str]:
    return [line for line in served.stderr.read_text().splitlines() if line.strip()]


def wait_for_start_line(served: Served) -> str:
    return wait_until(lambda: human_lines(served), "serve to print its start line")[0]


def store_location(config: Config) -> str:
    if config.store == "postgres":
        return (f"PostgreSQL database {config.pg_host}:{config.pg_port}/{config.pg_dbname}, "
                f"schema {config.pg_schema}")
    return f"SQLite file {Path(config.data_dir).resolve() / 'ledger.sqlite3'}"


@pytest.fixture
def second_config(store_config: Config, tmp_path: Path) -> Iterator[Config]:
    """Another server's store of the same kind: its own data directory, its own schema."""
    other = msgspec.structs.replace(store_config, data_dir=str(tmp_path / "second"),
                                    pg_schema=store_config.pg_schema + "_second")
    yield other
    if other.store == "postgres":
        with psycopg.connect(dbname=other.pg_dbname, autocommit=True, **PG) as conn:  # type: ignore[arg-type]
            conn.execute(f'DROP SCHEMA IF EXISTS "{other.pg_schema}" CASCADE')


def test_two_servers_on_one_machine_both_answer_and_share_no_control_socket(
        store_config: Config, second_config: Config, tmp_path: Path) -> None:
    # gunicorn's default socket path is under these two; both servers see the same ones.
    home, runtime = tmp_path / "home", tmp_path / "runtime"
    home.mkdir()
    runtime.mkdir()
    machine = {"HOME": str(home), "XDG_RUNTIME_DIR": str(runtime)}
    with ExitStack() as stack:
        first = stack.enter_context(serving(store_config, tmp_path / "first", machine))
        second = stack.enter_context(serving(second_config, tmp_path / "second-logs", machine))
        answers = [http("GET", f"{served.base}/readyz")[0] for served in (first, second)]
        sockets = [*home.rglob("*.ctl"), *runtime.rglob("*.ctl")]
        logs = first.stdout.read_text() + second.stdout.read_text()
    assert answers == [200, 200]
    assert sockets == []
    assert "Control socket" not in logs


def test_serve_prints_one_start_line_with_its_url_store_and_docs_and_keeps_stdout_json(
        store_config: Config, tmp_path: Path) -> None:
    with serving(store_config, tmp_path / "logs", {}) as served:
        line = wait_for_start_line(served)
        docs = http_status(f"{served.base}/docs")
        assert http("GET", f"{served.base}/readyz")[0] == 200
    assert served.base in line
    assert f"{served.base}/docs" in line
    assert store_location(store_config) in line
    assert docs == 200
    assert human_lines(served) == [line]  # one line, not a stream of them
    for log in served.stdout.read_text().splitlines():
        json.loads(log)  # the logs stay machine-readable


def http_status(url: str) -> int:
    """The status of a page that is not JSON."""
    with urllib.request.urlopen(url, timeout=30) as response:
        return int(response.status)


def test_a_port_in_use_stops_serve_in_one_line_before_anything_starts(tmp_path: Path) -> None:
    """gunicorn logged "Connection in use" as JSON on stdout, retried for five seconds and
    exited 1; now `serve` says which address and what to change, exit 2, and creates no
    store."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        ran = subprocess.run([sys.executable, "-m", "ledger.entry.cli", "serve", "--port",
                              str(port), "--data", str(tmp_path / "data")],
                             capture_output=True, text=True, timeout=60,
                             env={**os.environ, "LEDGER_STORE": "sqlite"})
    assert ran.returncode == 2
    assert ran.stderr.splitlines() == [
        f"campaign-ledger serve: cannot listen on 127.0.0.1:{port}: Address already in use; "
        "choose another with --port or LEDGER_PORT"]
    assert ran.stdout == ""
    assert not (tmp_path / "data").exists()
