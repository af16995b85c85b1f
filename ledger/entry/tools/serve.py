"""`campaign-ledger serve`: the whole service in one command.

Starts gunicorn on the app factory (each worker builds its own store after
fork) and the background runners, and restarts a runner that dies. Stops
everything on SIGINT or SIGTERM.
"""

from __future__ import annotations

import argparse
import errno
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from types import FrameType
from typing import Any

from ledger.service.config import START_LINE_VARIABLE, number_setting

RUNNERS: list[list[str]] = [
    # Each runner is a `campaign-ledger` subcommand that runs until stopped.
    ["project", "--follow"],
    ["deliver-webhooks"],
]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve", help="run the API server and its background runners",
        description="Run the HTTP API (gunicorn workers) with the read-model and webhook "
                    "runners, restarting a runner that dies; stop with Ctrl-C or SIGTERM. "
                    "Each flag's default comes from the LEDGER_ setting it names.",
)
    parser.add_argument("--host", default=os.environ.get("LEDGER_HOST", "127.0.0.1"),
                        help="address to listen on (LEDGER_HOST; now %(default)s)")
    parser.add_argument("--port", type=int, default=number_setting("LEDGER_PORT", 8000, 0, 65535),
                        help="port to listen on (LEDGER_PORT; now %(default)s)")
    parser.add_argument("--data", default=None,
                        help="data directory (SQLite file, keys; default LEDGER_DATA_DIR or "
                             "./ledger-data)")
    parser.add_argument("--workers", type=int, default=number_setting("LEDGER_WORKERS", 4, 1),
                        help="worker processes (LEDGER_WORKERS; now %(default)s)")
    parser.add_argument("--threads", type=int, default=number_setting("LEDGER_THREADS", 8, 1),
                        help="threads per worker for ordinary requests (LEDGER_THREADS; now "
                             "%(default)s)")
    parser.add_argument("--feed-streams", type=int,
                        default=number_setting("LEDGER_FEED_STREAMS", 100, 0),
                        help="change-feed streams per worker, each holding a thread "
                             "(LEDGER_FEED_STREAMS; now %(default)s)")
    parser.add_argument("--timeout", type=int,
                        default=number_setting("LEDGER_WORKER_TIMEOUT", 60, 1),
                        help="seconds before a worker whose main loop stalls is restarted "
                             "(LEDGER_WORKER_TIMEOUT; now %(default)s)")
    parser.add_argument("--no-runners", action="store_true", help="serve the API only")
    parser.set_defaults(func=serve)


def gunicorn_command(args: argparse.Namespace) -> list[str]:
    return [
        sys.executable, "-m", "gunicorn",
        "--bind", f"{args.host}:{args.port}",
        "--workers", str(args.workers),
        # gthread: each stream holds one thread, so a worker gets its request threads
        # plus its share of feed streams (the app refuses streams past that share, so
        # ordinary requests always find a thread). The timeout only watches the
        # worker's main loop, which streams never block (docs/operations.md).
        # (gthread, answering gunicorn's own errors as problem+json: api/problem_worker.py)
        "--worker-class", "api.problem_worker.ProblemThreadWorker",
        "--threads", str(args.threads + args.feed_streams),
        "--timeout", str(args.timeout), "--graceful-timeout", "10",
        "--config", "python:api.serving",  # JSON logs, metrics and feed shutdown hooks
        "api:create_app()",
    ]


def serve(args: argparse.Namespace) -> int:
    problem = listen_problem(args.host, args.port)
    if problem:
        print(f"campaign-ledger serve: {problem}", file=sys.stderr)
        return 2
    env = dict(os.environ)
    if args.data:
        env["LEDGER_DATA_DIR"] = os.path.abspath(args.data)
    env["LEDGER_FEED_STREAMS"] = str(args.feed_streams)
    env["PROMETHEUS_MULTIPROC_DIR"] = _metrics_dir(env.get("LEDGER_METRICS_DIR")
                                                   or tempfile.gettempdir())
    env[START_LINE_VARIABLE] = start_line(args.host, args.port, _prepare(env))
    children: dict[str, subprocess.Popen[bytes]] = {
        "api": subprocess.Popen(gunicorn_command(args), env=env)
    }
    runners = {} if args.no_runners else {" ".join(cmd): cmd for cmd in RUNNERS if _exists(cmd)}
    for name, cmd in runners.items():
        children[name] = _start_runner(cmd, env)
    stopping = False

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    while not stopping:
        if children["api"].poll() is not None:
            break  # gunicorn itself supervises its workers; if the master dies, we stop
        for name, cmd in runners.items():
            if children[name].poll() is not None:
                children[name] = _start_runner(cmd, env)
        time.sleep(0.5)
    for child in children.values():
        if child.poll() is None:
            child.terminate()
    for child in children.values():
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            child.kill()
    return children["api"].returncode or 0


def listen_problem(host: str, port: int) -> str | None:
    """Why gunicorn could not listen on host:port, asked before it starts: on a port in
    use it logged "Connection in use" as JSON on stdout, retried for five seconds and
    exited 1, with nothing on stderr to say what to change."""
    if port == 0:
        return None
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds
            probe.bind(address)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        hint = "; choose another with --port or LEDGER_PORT" \
            if getattr(exc, "errno", None) == errno.EADDRINUSE else ""
        return f"cannot listen on {host}:{port}: {reason}{hint}"
    return None


def _prepare(env: dict[str, str]) -> str:
    """Create the tables and the server key once, before workers race to do it; say where."""
    from ledger.service.config import Config
    from ledger.service.wiring import build_ledger

    store = build_ledger(Config.from_env(env)).store
    store.close()
    return store.location


def start_line(host: str, port: int, location: str) -> str:
    """What an operator needs first; gunicorn prints it once it listens (api/serving.py)."""
    url = f"http://{f'[{host}]' if ':' in host else host}:{port}"
    return f"campaign-ledger: listening on {url}; store: {location}; API docs: {url}/docs"


def _metrics_dir(base: str) -> str:
    """A fresh directory per run for the workers' memory-mapped metric files; dead runs'
    are removed. It lives off the data disk (LEDGER_METRICS_DIR, else the temp dir):
    a full data disk must give 503s, not a worker killed by SIGBUS on a mapped file."""
    root = os.path.join(os.path.abspath(base), "campaign-ledger-metrics")
    os.makedirs(root, exist_ok=True)
    for name in os.listdir(root):
        pid = name.removeprefix("run-")
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(os.path.join(root, name), ignore_errors=True)
    path = os.path.join(root, f"run-{os.getpid()}")
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _exists(cmd: list[str]) -> bool:
    from ledger.entry.cli import build_parser

    try:
        build_parser().parse_args(cmd)
    except SystemExit:
        return False
    return True


def _start_runner(cmd: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "ledger.entry.cli", *cmd], env=env)
