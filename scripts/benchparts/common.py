"""Shared helpers: temporary stores, process pools, alternating arms, percentiles."""

from __future__ import annotations

import os
import statistics
import tempfile
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing import get_context
from typing import Any, TypeVar

import psycopg

from ledger.service.config import Config

PG = {"host": os.environ.get("BENCH_PG_HOST", "127.0.0.1"),
      "port": int(os.environ.get("BENCH_PG_PORT", "5432")),
      "user": os.environ.get("BENCH_PG_USER", "postgres")}
T = TypeVar("T")


@contextmanager
def pg_database() -> Iterator[str]:
    name = f"ledger_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as conn:  # type: ignore[arg-type]
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield name
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **PG) as conn:  # type: ignore[arg-type]
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def configs(kinds: tuple[str, ...] = ("sqlite", "postgres")) -> Iterator[dict[str, Config]]:
    """A fresh Config per store kind, torn down afterwards."""
    with tempfile.TemporaryDirectory() as tmp, pg_database() as db:
        key = os.urandom(32).hex()
        out = {}
        if "sqlite" in kinds:
            out["sqlite"] = Config(data_dir=tmp, store="sqlite", secret_key=key, log_level="WARNING")
        if "postgres" in kinds:
            out["postgres"] = Config(data_dir=tmp, store="postgres", pg_dbname=db,
                                     pg_host=PG["host"], pg_port=PG["port"], pg_user=PG["user"],
                                     secret_key=key, log_level="WARNING")
        yield out


# The processes of the running `in_processes` call, inherited through fork: see ready().
_ready: Any = None


def in_processes(n: int, target: Callable[..., float], args: list[tuple[Any, ...]]) -> list[float]:
    """Run `target(*args[i])` in n processes started together; returns their results."""
    global _ready
    ctx = get_context("fork")
    _ready = ctx.Barrier(n)
    with ctx.Pool(n) as pool:
        return pool.starmap(target, args)


def ready() -> None:
    """Wait until every process of this `in_processes` call has prepared, then start the
    clock: a writer that started timing while the others still hashed their rows had their
    preparation's CPU charged to its figure (the raw writers prepare nothing). Each of the
    n tasks holds its process here, so the pool's n processes take one task each."""
    if _ready is not None:
        _ready.wait(timeout=300)


def alternating(arms: dict[str, Callable[[float], T]], seconds: float) -> dict[str, list[T]]:
    """Each arm's results from two runs of `seconds / 2`, in the order A B ... B A: a drift
    during the measurement (the machine, a database settling after the step before, a file
    growing) then weighs on every arm alike, where one arm after the other charged it to
    whichever ran first."""
    out: dict[str, list[T]] = {name: [] for name in arms}
    for name in [*arms, *reversed(arms)]:
        out[name].append(arms[name](seconds / 2))
    return out


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")
