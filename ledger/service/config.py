"""Configuration from the environment only (12-factor); tests pass a Config directly."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import TypeVar

import msgspec

# `campaign-ledger serve` hands gunicorn the line to print once it listens (api/serving.py).
START_LINE_VARIABLE = "LEDGER_SERVE_START_LINE"
STORES = ("sqlite", "postgres")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
N = TypeVar("N", int, float)


class ConfigError(ValueError):
    """A setting that cannot work, named with its variable: refused when the configuration
    is read, so a mistyped value stops start-up in one line instead of surfacing later as
    500s (LEDGER_CHECKPOINT_EVERY=0 divided by zero on every write) or a silent default
    (LEDGER_STORE=postgresql used to mean SQLite)."""


class Config(msgspec.Struct):
    data_dir: str = "./ledger-data"
    store: str = "sqlite"  # "sqlite" or "postgres"
    sqlite_path: str | None = None
    pg_dbname: str = "ledger"
    pg_host: str = "127.0.0.1"
    pg_port: int = 5432
    pg_user: str = "postgres"
    pg_password: str = ""
    pg_schema: str = "public"
    secret_key: str | None = None  # hex; else <data_dir>/secret.key
    admin_token: str | None = None
    max_body_bytes: int = 64 * 1024
    # The longest wait for the next piece of a request body before the server gives up on it.
    body_read_timeout_seconds: float = 15.0
    # The longest a whole body may take from its first read, however steadily it trickles.
    body_timeout_seconds: float = 30.0
    # The longest a request line and headers may take from their first read: gunicorn's
    # worker reads them on a pool thread (api/problem_worker.py).
    header_timeout_seconds: float = 10.0
    checkpoint_every: int = 100
    # Commands one process may record in one shared transaction (group commit,
    # ledger/adapters/store/group_commit.py); 1 records each in its own. Unset: the
    # store's default (32, docs/decisions/009-group-commit.md).
    group_commit: int | None = None
    rate_limit_per_minute: int = 600
    cors_origins: list[str] = msgspec.field(default_factory=list)
    testing: bool = False
    # Benchmark baseline endpoint (scripts/bench.py); never on in production.
    bench_endpoints: bool = False
    # Change feed and webhooks (docs/feed-and-webhooks.md); runners (docs/operations.md).
    feed_heartbeat_seconds: float = 15.0
    # The feed sends a signed tree head (`event: sth`) at least every this many events and
    # with every heartbeat, so a following client witnesses the history (docs/trust.md).
    feed_sth_every: int = 100
    # Each process's hub fans out at most once per interval (and SQLite polls at it):
    # feed latency against write throughput, see docs/feed-and-webhooks.md.
    feed_poll_seconds: float = 0.25
    feed_sweep_seconds: float = 2.0  # PostgreSQL: re-read even without a NOTIFY
    feed_auth_recheck_seconds: float = 30.0
    feed_streams_per_worker: int = 100
    # Streams one token may hold open in one worker: one token (a feed ticket can be used
    # until it expires) filled every worker's share, and other campaigns got 503s.
    feed_streams_per_token: int = 8
    # How long a feed ticket may wait before it opens the feed (an open feed stays open).
    feed_ticket_ttl_seconds: float = 60.0
    webhook_timeout_seconds: float = 5.0
    webhook_max_attempts: int = 10
    webhook_backoff_seconds: float = 1.0
    webhook_backoff_max_seconds: float = 300.0
    webhook_poll_seconds: float = 0.5
    # Deliver to loopback, private and link-local addresses too (a bot on the same
    # machine or network); off, only public ones (ledger/service/webhook_targets.py).
    webhook_allow_private: bool = False
    runner_heartbeat_seconds: float = 5.0
    runner_stale_seconds: float = 30.0
    metrics_token: str | None = None
    log_level: str = "INFO"
    # Read replicas (docs/scaling.md section 4): hot standbys of the primary, as host:port,
    # with the primary's database, user, password and schema. PostgreSQL only.
    pg_replicas: list[str] = msgspec.field(default_factory=list)
    # How long a read with a position hint waits for a replica to replay it before it
    # reads the primary; a replica lagging past the limit, or down, is skipped and
    # checked again after `replica_retry_seconds`.
    replica_wait_seconds: float = 0.2
    replica_max_lag_seconds: float = 10.0
    replica_retry_seconds: float = 5.0

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        e = dict(os.environ if env is None else env)
        get = e.get
        return cls(
            data_dir=get("LEDGER_DATA_DIR", "./ledger-data"),
            store=_store_kind(e),
            sqlite_path=get("LEDGER_SQLITE_PATH"),
            pg_dbname=get("LEDGER_POSTGRES_DBNAME", "ledger"),
            pg_host=get("LEDGER_POSTGRES_HOST", "127.0.0.1"),
            pg_port=_number(e, "LEDGER_POSTGRES_PORT", 5432, 1, 65535),
            pg_user=get("LEDGER_POSTGRES_USER", "postgres"),
            pg_password=get("LEDGER_POSTGRES_PASSWORD", ""),
            pg_schema=get("LEDGER_POSTGRES_SCHEMA", "public"),
            secret_key=get("LEDGER_SECRET_KEY") or None,
            admin_token=get("LEDGER_ADMIN_TOKEN") or None,  # empty means unset
            max_body_bytes=_number(e, "LEDGER_MAX_BODY_BYTES", 64 * 1024, 1),
            checkpoint_every=_number(e, "LEDGER_CHECKPOINT_EVERY", 100, 1),
            # 0 or less turns the limit off (api/limits.py).
            rate_limit_per_minute=_number(e, "LEDGER_RATE_LIMIT_PER_MINUTE", 600),
            cors_origins=[o for o in get("LEDGER_CORS_ORIGINS", "").split(",") if o],
            pg_replicas=_replicas(e),
            bench_endpoints=get("LEDGER_BENCH_ENDPOINTS", "") == "1",
            webhook_allow_private=_flag(e, "LEDGER_WEBHOOK_ALLOW_PRIVATE"),
            group_commit=_number(e, "LEDGER_GROUP_COMMIT", 0, 0) or None,  # 0: the default
            **_ops_from_env(e),  # type: ignore[arg-type]
        )

    def to_env(self) -> dict[str, str]:
        """The environment that makes `from_env` rebuild this Config (for child processes)."""
        env = {
            "LEDGER_DATA_DIR": self.data_dir, "LEDGER_STORE": self.store,
            "LEDGER_POSTGRES_DBNAME": self.pg_dbname, "LEDGER_POSTGRES_HOST": self.pg_host,
            "LEDGER_POSTGRES_PORT": str(self.pg_port), "LEDGER_POSTGRES_USER": self.pg_user,
            "LEDGER_POSTGRES_PASSWORD": self.pg_password, "LEDGER_POSTGRES_SCHEMA": self.pg_schema,
            "LEDGER_MAX_BODY_BYTES": str(self.max_body_bytes),
            "LEDGER_CHECKPOINT_EVERY": str(self.checkpoint_every),
            "LEDGER_RATE_LIMIT_PER_MINUTE": str(self.rate_limit_per_minute),
            "LEDGER_CORS_ORIGINS": ",".join(self.cors_origins),
            "LEDGER_POSTGRES_REPLICAS": ",".join(self.pg_replicas),
            "LEDGER_BENCH_ENDPOINTS": "1" if self.bench_endpoints else "",
            "LEDGER_WEBHOOK_ALLOW_PRIVATE": "1" if self.webhook_allow_private else "",
            **{env: str(getattr(self, field)) for field, (env, _, _) in OPS_SETTINGS.items()},
        }
        for name, value in (("LEDGER_SQLITE_PATH", self.sqlite_path),
                            ("LEDGER_SECRET_KEY", self.secret_key),
                            ("LEDGER_ADMIN_TOKEN", self.admin_token),
                            ("LEDGER_METRICS_TOKEN", self.metrics_token),
                            ("LEDGER_GROUP_COMMIT", self.group_commit and str(self.group_commit))):
            if value:
                env[name] = value
        return env

    @property
    def data_path(self) -> Path:
        return Path(self.data_dir)

    @property
    def sqlite_file(self) -> Path:
        return Path(self.sqlite_path) if self.sqlite_path else self.data_path / "ledger.sqlite3"


# Operational settings, field -> environment variable, grouped by what they take.
TICK = 0.001
# Seconds that pace a loop or bound a wait that must end: above 0 (at 0 a loop would spin).
_INTERVALS = {
    "body_read_timeout_seconds": "LEDGER_BODY_READ_TIMEOUT",
    "body_timeout_seconds": "LEDGER_BODY_TIMEOUT",
    "header_timeout_seconds": "LEDGER_HEADER_TIMEOUT",
    "feed_heartbeat_seconds": "LEDGER_FEED_HEARTBEAT_SECONDS",
    "feed_poll_seconds": "LEDGER_FEED_POLL_SECONDS",
    "feed_sweep_seconds": "LEDGER_FEED_SWEEP_SECONDS",
    "feed_auth_recheck_seconds": "LEDGER_FEED_AUTH_RECHECK_SECONDS",
    "feed_ticket_ttl_seconds": "LEDGER_FEED_TICKET_TTL",
    "webhook_timeout_seconds": "LEDGER_WEBHOOK_TIMEOUT_SECONDS",
    "webhook_poll_seconds": "LEDGER_WEBHOOK_POLL_SECONDS",
    "runner_heartbeat_seconds": "LEDGER_RUNNER_HEARTBEAT_SECONDS",
    "runner_stale_seconds": "LEDGER_RUNNER_STALE_SECONDS",
    "replica_retry_seconds": "LEDGER_REPLICA_RETRY_SECONDS",
}
# Seconds that may be 0 (no wait, no backoff, no lag allowed).
_WAITS = {
    "webhook_backoff_seconds": "LEDGER_WEBHOOK_BACKOFF_SECONDS",
    "webhook_backoff_max_seconds": "LEDGER_WEBHOOK_BACKOFF_MAX_SECONDS",
    "replica_wait_seconds": "LEDGER_REPLICA_WAIT_SECONDS",
    "replica_max_lag_seconds": "LEDGER_REPLICA_MAX_LAG_SECONDS",
}
# Counts, with their least value.
_COUNTS = {
    "feed_sth_every": ("LEDGER_FEED_STH_EVERY", 1),
    "feed_streams_per_worker": ("LEDGER_FEED_STREAMS", 0),
    "feed_streams_per_token": ("LEDGER_FEED_STREAMS_PER_TOKEN", 1),
    "webhook_max_attempts": ("LEDGER_WEBHOOK_MAX_ATTEMPTS", 1),
}
# field -> (environment variable, type, least value)
OPS_SETTINGS: dict[str, tuple[str, type, float]] = {
    **{field: (env, float, TICK) for field, env in _INTERVALS.items()},
    **{field: (env, float, 0) for field, env in _WAITS.items()},
    **{field: (env, int, least) for field, (env, least) in _COUNTS.items()},
    "log_level": ("LEDGER_LOG_LEVEL", str, 0),
}


def _ops_from_env(env: dict[str, str]) -> dict[str, object]:
    found: dict[str, object] = {"metrics_token": env.get("LEDGER_METRICS_TOKEN") or None}
    for field, (name, kind, least) in OPS_SETTINGS.items():
        if not env.get(name):
            continue
        if kind is str:
            found[field] = _choice(name, env[name].strip(), LOG_LEVELS)
        else:
            found[field] = _number(env, name, kind(0), least)
    return found


def _flag(env: dict[str, str], name: str) -> bool:
    """On with 1, off when unset, empty or 0; anything else is refused (a `true` or `yes`
    that silently meant off would hide the mistake)."""
    raw = (env.get(name) or "").strip()
    if raw not in ("", "0", "1"):
        raise ConfigError(f"{name}={raw!r} must be 1 (on) or 0 (off)")
    return raw == "1"


def _number(env: dict[str, str], name: str, default: N, least: float | None = None,
            most: float | None = None) -> N:
    """The setting `name` within [least, most], of the type of `default` (an int, or a
    finite float), else `default` when unset or empty."""
    raw = (env.get(name) or "").strip()
    if not raw:
        return default
    kind = type(default)
    what = "a whole number" if kind is int else "a number"
    try:
        value = kind(raw)
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not {what}") from None
    if not math.isfinite(value):
        raise ConfigError(f"{name}={raw!r} is not {what}")
    if least is not None and value < least:
        raise ConfigError(f"{name}={raw!r} must be at least {least:g}")
    if most is not None and value > most:
        raise ConfigError(f"{name}={raw!r} must be at most {most:g}")
    return value


def number_setting(name: str, default: N, least: float | None = None,
                   most: float | None = None) -> N:
    """A number from the environment checked like the Config's (the `serve` flags' defaults)."""
    return _number(dict(os.environ), name, default, least, most)


def _choice(name: str, raw: str, allowed: tuple[str, ...]) -> str:
    """`raw` as given, if it is one of `allowed` in any case."""
    if raw.upper() not in {a.upper() for a in allowed}:
        raise ConfigError(f"{name}={raw!r} must be one of {', '.join(allowed)}")
    return raw


def replica_problem(store: str, replicas: list[str]) -> str | None:
    """Why these LEDGER_POSTGRES_REPLICAS cannot work with this store, or None. Refused, not
    ignored: an operator who set replicas expects reads to leave this host."""
    if replicas and store != "postgres":
        return ("LEDGER_POSTGRES_REPLICAS is set but the store is SQLite, which has no read "
                "replicas: unset it, or use LEDGER_STORE=postgres")
    for address in replicas:
        host, _, port = address.rpartition(":")
        if not host or not port.isdigit():
            return f"LEDGER_POSTGRES_REPLICAS: {address!r} is not host:port"
    return None


def _replicas(env: dict[str, str]) -> list[str]:
    found = [r.strip() for r in env.get("LEDGER_POSTGRES_REPLICAS", "").split(",") if r.strip()]
    problem = replica_problem(_store_kind(env), found)
    if problem:
        raise ConfigError(problem)
    return found


def _store_kind(env: dict[str, str]) -> str:
    """LEDGER_STORE, else PostgreSQL when its database is named, else SQLite."""
    raw = (env.get("LEDGER_STORE") or "").strip()
    if not raw:
        return "postgres" if env.get("LEDGER_POSTGRES_DBNAME") else "sqlite"
    return _choice("LEDGER_STORE", raw.lower(), STORES)
