"""Building a store and a Ledger from a Config: shared by the web app and the CLI tools."""

from __future__ import annotations

from eventsourcing.persistence import PersistenceError

from ledger.adapters.secrets_box import SecretBox, load_or_create_key, read_key
from ledger.adapters.store.base import EventStore, StoreUnavailable
from ledger.adapters.store.postgres import PostgresStore
from ledger.adapters.store.sqlite import SQLiteStore, describe_file
from ledger.service.config import Config, ConfigError, replica_problem
from ledger.service.ledger import Ledger
from ledger.service.replicas import Replicas, ReplicaStatus, probe

HINTS = {"sqlite": "run it where the server's ledger-data/ is, or set LEDGER_DATA_DIR "
                   "(or LEDGER_SQLITE_PATH) to the server's",
         "postgres": "set the LEDGER_POSTGRES_ settings to the server's"}


class NoStore(Exception):
    """A command that only reads found no store, or no server key, where the configuration
    points. The message names the place (never a password); the command exits non-zero."""


def build_store(config: Config, *, pool_size: int = 4) -> EventStore:
    """`pool_size`: PostgreSQL connections opened at once (a single-threaded process
    needs one; the bench's sixteen writer processes would otherwise hold 96)."""
    store = _store(config, pool_size)
    if config.group_commit is not None:  # else the store's default
        store.group_commit_limit = config.group_commit
    return store


def _store(config: Config, pool_size: int) -> EventStore:
    if config.store == "postgres":
        return PostgresStore(
            dbname=config.pg_dbname, host=config.pg_host, port=config.pg_port,
            user=config.pg_user, password=config.pg_password, schema=config.pg_schema,
            pool_size=pool_size,
        )
    return SQLiteStore(config.sqlite_file)


def build_ledger(config: Config) -> Ledger:
    check_replicas(config)
    store = build_store(config)
    store.setup()
    box = SecretBox(load_or_create_key(config.data_path, config.secret_key))
    led = Ledger(store, box, checkpoint_every=config.checkpoint_every)
    attach_replicas(led, config)
    return led


class ReplicasRefused(ConfigError):
    """LEDGER_POSTGRES_REPLICAS that cannot work: set for a store that has no replicas, or
    not host:port. `Config.from_env` refuses them when it reads them; this catches a
    Config built another way."""


def check_replicas(config: Config) -> None:
    problem = replica_problem(config.store, config.pg_replicas)
    if problem:
        raise ReplicasRefused(problem)


def replica_store(config: Config, address: str, pool_size: int = 4) -> PostgresStore:
    host, _, port = address.rpartition(":")
    return PostgresStore(dbname=config.pg_dbname, host=host, port=int(port),
                         user=config.pg_user, password=config.pg_password,
                         schema=config.pg_schema, pool_size=pool_size, notify=False,
                         read_only=True)


def attach_replicas(led: Ledger, config: Config) -> None:
    """One read-only Ledger per replica (its own pool and head cache, never a write)."""
    if not config.pg_replicas:
        return
    replicas = [(address, Ledger(replica_store(config, address), led.box,
                                 checkpoint_every=config.checkpoint_every))
                for address in config.pg_replicas]
    led.replicas = Replicas(led, replicas, wait_seconds=config.replica_wait_seconds,
                            max_lag_seconds=config.replica_max_lag_seconds,
                            retry_seconds=config.replica_retry_seconds)


def open_existing_store(config: Config) -> EventStore:
    """The configured store, for a command that only reads. Never created: run from the
    wrong directory, such a command says where it looked instead of making an empty store."""
    if config.store != "postgres" and not config.sqlite_file.is_file():
        raise NoStore(f"no store: {describe_file(config.sqlite_file)} does not exist; "
                      f"{HINTS['sqlite']}")
    store = build_store(config)
    try:
        found = store.has_ledger()
    except (StoreUnavailable, PersistenceError) as exc:
        store.close()
        raise NoStore(unreadable(store, exc)) from None
    if not found:
        store.close()
        raise NoStore(f"no ledger in {store.location} (no ledger_events table); "
                      f"{HINTS[store.kind]}")
    return store


def unreadable(store: EventStore, exc: Exception) -> str:
    """One line: driver messages can span several."""
    return f"cannot read {store.location}: {' '.join(str(exc).split())}"


def existing_key(config: Config) -> bytes:
    """The server key; never made here, since one made now would sign with a key nobody knows."""
    found = read_key(config.data_path, config.secret_key)
    if found is None:
        path = (config.data_path / "secret.key").resolve()
        raise NoStore(f"no server key: LEDGER_SECRET_KEY is unset and {path} does not exist")
    return found


def open_ledger(config: Config) -> Ledger:
    """A Ledger over the existing store and server key, for commands that only read."""
    store = open_existing_store(config)
    try:
        box = SecretBox(existing_key(config))
    except NoStore:
        store.close()
        raise
    return Ledger(store, box, checkpoint_every=config.checkpoint_every)


def replica_statuses(config: Config) -> list[ReplicaStatus]:
    """Each configured replica's state and lag, probed once (`campaign-ledger health`)."""
    check_replicas(config)
    found = []
    for address in config.pg_replicas:
        store = replica_store(config, address, pool_size=1)
        try:
            found.append(probe(address, store, config.replica_max_lag_seconds))
        finally:
            store.close()
    return found
