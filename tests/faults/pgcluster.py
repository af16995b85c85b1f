"""A private PostgreSQL cluster for fault tests: its own directory, port and server process.

`initdb` runs on a temporary directory, the server listens on 127.0.0.1 at a free port
with trust authentication, and everything is stopped and removed afterwards, so
stopping or breaking it disturbs no other database. PostgreSQL refuses to run as root:
as root the cluster runs as the `postgres` system user (`runuser`), its directory owned
by that user.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

from tests.live_server import free_port


class ClusterUnavailableError(Exception):
    """No PostgreSQL server binaries here, or no user that may run them."""


def _bindir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise ClusterUnavailableError("initdb not found under /usr/lib/postgresql/*/bin or on PATH")


class PrivateCluster:
    def __init__(self) -> None:
        self.bin = _bindir()
        self.user = None if os.geteuid() != 0 else self._system_user()
        self.root = Path(tempfile.mkdtemp(prefix="ledger-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = free_port()
        os.chmod(self.root, 0o755)
        if self.user:
            shutil.chown(self.root, self.user, self.user)

    @staticmethod
    def _system_user() -> str:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            raise ClusterUnavailableError("running as root and there is no postgres user") from None
        return "postgres"

    def run(self, *cmd: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """Run a server binary as the cluster's owner."""
        full = [str(self.bin / cmd[0]), *cmd[1:]]
        if self.user:
            full = ["runuser", "-u", self.user, "--", *full]
        return subprocess.run(full, check=check, capture_output=True, text=True, timeout=120)

    def init(self) -> PrivateCluster:
        # --no-sync only skips initdb's own flush of the template files; the server itself
        # runs with fsync on, as in production.
        self.run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                 "--no-sync")
        return self

    def start(self) -> None:
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} "
                   "-c fsync=on -c max_connections=200")
        self.run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                 "-o", options, "start")

    def start_on_a_free_port(self, tries: int = 5) -> None:
        """The first start: a port found free may be taken before the server binds it,
        so on a clash take another."""
        for _ in range(tries - 1):
            try:
                return self.start()
            except subprocess.CalledProcessError:
                if "already in use" not in self.log.read_text(errors="replace"):
                    raise
                self.port = free_port()
        self.start()

    def stop(self, mode: str = "fast") -> None:
        """`fast` disconnects everyone and shuts down cleanly; `immediate` is a crash."""
        self.run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def running(self) -> bool:
        return self.run("pg_ctl", "-D", str(self.data), "status", check=False).returncode == 0

    def connect(self, dbname: str = "postgres") -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(host="127.0.0.1", port=self.port, user="postgres",
                               dbname=dbname, autocommit=True, connect_timeout=5)

    def sql(self, statement: str, dbname: str = "postgres") -> list[tuple[object, ...]]:
        with self.connect(dbname) as conn:
            cursor = conn.execute(statement)
            return cursor.fetchall() if cursor.description else []

    def owned_dir(self, name: str) -> Path:
        """A directory inside the cluster's root that the server may write (tablespaces)."""
        path = self.root / name
        path.mkdir(exist_ok=True)
        if self.user:
            shutil.chown(path, self.user, self.user)
        return path

    def remove(self) -> None:
        if self.data.exists() and self.running():
            self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def running_cluster() -> Iterator[PrivateCluster]:
    """A started private cluster, stopped and removed afterwards. Raises
    ClusterUnavailableError when this machine cannot make one."""
    cluster = PrivateCluster().init()
    try:
        cluster.start_on_a_free_port()
        yield cluster
    finally:
        cluster.remove()
