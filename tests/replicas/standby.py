"""A private primary and its hot standby: `initdb`, then `pg_basebackup -R` (streaming).

Both run from the local PostgreSQL binaries on free ports under temporary directories
(tests/faults/pgcluster.py), and are stopped and removed at the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tests.faults.pgcluster import PrivateCluster, running_cluster
from tests.waiting import wait_until


@contextmanager
def primary_and_standby(dbname: str) -> Iterator[tuple[PrivateCluster, PrivateCluster]]:
    """Raises ClusterUnavailableError when this machine cannot run PostgreSQL."""
    with running_cluster() as primary:
        primary.sql(f'CREATE DATABASE "{dbname}"')
        standby = PrivateCluster()  # its own directory and port; data made by the backup
        try:
            # -R writes standby.signal and primary_conninfo: the copy starts as a standby.
            standby.run("pg_basebackup", "-h", "127.0.0.1", "-p", str(primary.port),
                        "-U", "postgres", "-D", str(standby.data), "-R", "-X", "stream",
                        "--no-sync")
            standby.start_on_a_free_port()
            wait_until(lambda: primary.sql("SELECT count(*) FROM pg_stat_replication "
                                           "WHERE state = 'streaming'")[0][0] == 1,
                       "the standby to stream from the primary")
            yield primary, standby
        finally:
            standby.remove()
